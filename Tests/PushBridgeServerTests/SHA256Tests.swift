import PushBridgeServer
import Testing

/// SHA-256 against published test vectors: FIPS 180-4's examples (NIST "Cryptographic Standards
/// and Guidelines: Examples with Intermediate Values", SHA256.pdf), the empty message and the
/// one-million-"a" message (NIST CAVP / FIPS 180-2 Appendix B.3).
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func publishedVectors(message: String, digest: String) {
        #expect(SHA256.hexDigest(message) == digest)
    }

    @Test func oneMillionAs() {
        let digest = SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000))
        #expect(
            digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Messages whose padding crosses a block boundary (55, 56, 63, 64 and 65 bytes), checked
    /// against digests printed by `sha256sum` (GNU coreutils 9.1).
    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
    ])
    func blockBoundaries(length: Int, digest: String) {
        #expect(SHA256.hexDigest(String(repeating: "a", count: length)) == digest)
    }
}
