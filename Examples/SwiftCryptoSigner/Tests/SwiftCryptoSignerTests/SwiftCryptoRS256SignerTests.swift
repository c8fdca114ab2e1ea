import Crypto
import Foundation
import PushBridge
import PushBridgeFCMServer
import PushBridgeServer
import SwiftCryptoSigner
import Testing
import _CryptoExtras

/// swift-crypto's RS256 signer and the system-`openssl` one make the same signature (PKCS #1
/// v1.5 is deterministic), and swift-crypto verifies both.
@Suite struct SwiftCryptoRS256SignerTests {
    static let message = Array("eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJhQGIuY29tIn0".utf8)

    @Test func aSwiftCryptoSignatureVerifies() throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let raw = try SwiftCryptoRS256Signer(pemRepresentation: SecretText(key.pemRepresentation)).sign(Self.message)
        #expect(raw.count == 256)
        #expect(
            key.publicKey.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: raw), for: Crypto.SHA256.hash(data: Self.message), padding: .insecurePKCS1v1_5))
    }

    @Test(.enabled(if: OpenSSLCommandES256Signer.installedExecutable() != nil, "needs the openssl command"))
    func openSSLAndSwiftCryptoMakeTheSameSignature() throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let pem = SecretText(key.pemRepresentation)
        let openSSL = try OpenSSLCommandRS256Signer(privateKey: pem).sign(Self.message)
        #expect(openSSL == (try SwiftCryptoRS256Signer(pemRepresentation: pem).sign(Self.message)))
        #expect(
            key.publicKey.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: openSSL), for: Crypto.SHA256.hash(data: Self.message), padding: .insecurePKCS1v1_5))
    }

    @Test func aKeyThatIsNotRSAIsRefusedWithoutShowingIt() {
        #expect(throws: RS256SigningError.self) {
            try SwiftCryptoRS256Signer(pemRepresentation: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
        }
    }
}
