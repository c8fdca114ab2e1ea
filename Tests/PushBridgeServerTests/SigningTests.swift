import Foundation
import PushBridgeServer
import Testing

@testable import PushBridgeAPNsServer

/// The ES256 provider token: its JWS framing, the DER-to-raw conversion, and a real signature by
/// the system's `openssl`, verified by `openssl` again.
@Suite struct SigningTests {
    @Test func base64URLHasNoPaddingAndURLSafeLetters() {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.encode(Array(#"{"alg":"ES256","kid":"ABC123DEFG"}"#.utf8)) == "eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ")
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64URL.decode("%%%") == nil)
    }

    @Test func derSignatureBecomesThirtyTwoBytesEach() {
        // r with a leading 0x00 (its high bit is set), s shorter than 32 bytes.
        let r = [UInt8](repeating: 0x80, count: 32)
        let s = [UInt8](repeating: 0x01, count: 31)
        let der: [UInt8] = [0x30, UInt8(2 + 33 + 2 + 31), 0x02, 33, 0x00] + r + [0x02, 31] + s
        #expect(ECDSASignatureFormat.raw(fromDER: der) == r + [0x00] + s)
    }

    @Test(arguments: [[], [0x31, 0x00], [0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01], [0x30, 0x03, 0x02, 0x01, 0x01, 0x00]] as [[UInt8]])
    func malformedDERIsRefused(der: [UInt8]) {
        #expect(ECDSASignatureFormat.raw(fromDER: der) == nil)
    }

    @Test func providerTokenIsHeaderClaimsSignature() throws {
        let token = try APNsProviderToken.make(keyID: "ABC123DEFG", teamID: "DEF123GHIJ", issuedAt: 1_700_000_000, signer: FixedSigner())
        let parts = token.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        #expect(Base64URL.decode(parts[0]).map { String(decoding: $0, as: UTF8.self) } == #"{"alg":"ES256","kid":"ABC123DEFG"}"#)
        #expect(Base64URL.decode(parts[1]).map { String(decoding: $0, as: UTF8.self) } == #"{"iss":"DEF123GHIJ","iat":1700000000}"#)
        #expect(Base64URL.decode(parts[2]) == [UInt8](repeating: 7, count: 64))
    }

    /// Apple: no more than once every 20 minutes, no less than once an hour.
    @Test func providerTokenIsReusedForFiftyMinutesAndRenewedAfterExpiryOnlyWhenTwentyOld() throws {
        let signer = CountingSigner()
        let cache = APNsProviderToken(keyID: "ABC123DEFG", teamID: "DEF123GHIJ", signer: signer)
        let first = try cache.token(at: 10_000)
        #expect(try cache.token(at: 10_000 + 49 * 60) == first)
        #expect(try cache.token(at: 10_000 + 10 * 60, afterExpiry: true) == first)  // APNs said expired, but it is 10 minutes old
        let second = try cache.token(at: 10_000 + 50 * 60)
        #expect(second != first)
        #expect(try cache.token(at: 10_000 + 50 * 60 + 20 * 60, afterExpiry: true) != second)
        #expect(signer.count == 3)
    }

    @Test(.enabled(if: OpenSSLCommandES256Signer.installedExecutable() != nil, "needs the openssl command"))
    func openSSLSignatureVerifiesWithTheKeysPublicHalf() throws {
        let keys = try TestSigningKey()
        defer { keys.remove() }
        let message = Array("eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJ0In0".utf8)
        let raw = try OpenSSLCommandES256Signer(privateKeyPath: keys.privateKeyPath).sign(message)
        #expect(raw.count == 64)
        #expect(try keys.verify(raw, message: message))
        var tampered = raw
        tampered[5] ^= 0x01
        #expect(try !keys.verify(tampered, message: message))
    }

    @Test func missingKeyFileIsAnErrorNamingTheFileNotTheKey() {
        #expect(throws: ES256SigningError.self) {
            try OpenSSLCommandES256Signer(privateKeyPath: "/nonexistent/AuthKey.p8").sign([1, 2, 3])
        }
    }
}

/// A signer that always returns 64 sevens.
struct FixedSigner: ES256Signer {
    func sign(_ message: [UInt8]) throws(ES256SigningError) -> [UInt8] { [UInt8](repeating: 7, count: 64) }
}

/// A signer that counts its signatures, its key named by `keyFingerprint`.
final class CountingSigner: ES256Signer, @unchecked Sendable {
    private let lock = NSLock()
    private var signed = 0
    private var fingerprint: String?
    var count: Int { lock.withLock { signed } }
    var keyFingerprint: String? {
        get { lock.withLock { fingerprint } }
        set { lock.withLock { fingerprint = newValue } }
    }
    init(keyFingerprint: String? = "sha256:test-key-1") { fingerprint = keyFingerprint }
    func sign(_ message: [UInt8]) throws(ES256SigningError) -> [UInt8] {
        lock.withLock { signed += 1 }
        return [UInt8](repeating: UInt8(truncatingIfNeeded: count), count: 64)
    }
}
