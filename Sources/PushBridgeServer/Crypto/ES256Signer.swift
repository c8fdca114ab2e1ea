/// Signs with ECDSA on P-256 over SHA-256 (JWS `ES256`, RFC 7518 §3.4): what APNs' provider
/// token needs.
///
/// PushBridge writes no elliptic-curve code. On Apple platforms `CryptoKitES256Signer` signs;
/// on Linux, where CryptoKit is absent, ``OpenSSLCommandES256Signer`` runs the system's
/// `openssl`, or a server passes its own signer (swift-crypto's `P256.Signing.PrivateKey`
/// wrapped in four lines; see the "Sending from a server" article).
public protocol ES256Signer: Sendable {
    /// The signature of `message`: 64 bytes, `r` then `s`, each 32 bytes big-endian (JWS's form,
    /// not DER).
    func sign(_ message: [UInt8]) throws(ES256SigningError) -> [UInt8]

    /// A one-way name of the key it signs with (`sha256:` and hex digits), so that a provider
    /// token kept between processes is used only with the key that signed it (the key ID alone
    /// does not change when a wrong `.p8` is replaced by the right one); `nil` when it cannot
    /// say, and then no kept token is reused. Never the key itself.
    var keyFingerprint: String? { get }
}

extension ES256Signer {
    /// None: a kept provider token is not reused with this signer.
    public var keyFingerprint: String? { nil }

    /// `sha256:` and the hex SHA-256 of `bytes` behind a fixed label: a key's fingerprint.
    package static func fingerprint(ofKey bytes: some Collection<UInt8>) -> String {
        "sha256:"
            + SHA256.hash(Array("pushbridge ES256 key\n".utf8) + Array(bytes)).map { byte in
                let digits: [Character] = Array("0123456789abcdef")
                return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
            }.joined()
    }
}

/// A signature could not be made; the message never includes the key.
public struct ES256SigningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

/// Reads ECDSA's DER signature (`SEQUENCE { INTEGER r, INTEGER s }`, RFC 3279 §2.2.3) into JWS's
/// 64-byte `r‖s`. Not elliptic-curve code: the ASN.1 framing only.
public enum ECDSASignatureFormat {
    /// `der` as 64 bytes `r‖s`, or `nil` when it is not a P-256 ECDSA signature in DER.
    public static func raw(fromDER der: [UInt8]) -> [UInt8]? {
        var index = 0
        func length() -> Int? {
            guard index < der.count else { return nil }
            let first = der[index]
            index += 1
            if first < 0x80 { return Int(first) }
            let count = Int(first & 0x7F)
            guard count == 1, index < der.count else { return nil }  // a P-256 signature is < 256 bytes
            defer { index += 1 }
            return Int(der[index])
        }
        func integer() -> [UInt8]? {
            guard index < der.count, der[index] == 0x02 else { return nil }
            index += 1
            guard let count = length(), count > 0, index + count <= der.count else { return nil }
            var bytes = Array(der[index..<index + count])
            index += count
            while bytes.count > 32, bytes.first == 0 { bytes.removeFirst() }
            guard bytes.count <= 32 else { return nil }
            return [UInt8](repeating: 0, count: 32 - bytes.count) + bytes
        }
        guard der.first == 0x30 else { return nil }
        index = 1
        guard let total = length(), index + total == der.count, let r = integer(), let s = integer(), index == der.count else { return nil }
        return r + s
    }
}
