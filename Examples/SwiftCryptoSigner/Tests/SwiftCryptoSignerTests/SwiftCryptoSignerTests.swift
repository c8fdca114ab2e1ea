import Crypto
import Foundation
import PushBridgeServer
import SwiftCryptoSigner
import Testing

/// swift-crypto's signer and the system-`openssl` one agree on the format: each one's signature
/// verifies with the other's view of the same key.
@Suite struct SwiftCryptoSignerTests {
    @Test func aSwiftCryptoSignatureVerifies() throws {
        let key = P256.Signing.PrivateKey()
        let signer = try SwiftCryptoES256Signer(pemRepresentation: key.pemRepresentation)
        let message = Array("eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJ0In0".utf8)
        let raw = try signer.sign(message)
        #expect(raw.count == 64)
        #expect(key.publicKey.isValidSignature(try P256.Signing.ECDSASignature(rawRepresentation: raw), for: message))
    }

    /// OpenSSL signs (DER, converted to `r‖s` by PushBridge); swift-crypto verifies the result.
    @Test(.enabled(if: OpenSSLCommandES256Signer.installedExecutable() != nil, "needs the openssl command"))
    func anOpenSSLSignatureConvertedByPushBridgeVerifiesWithSwiftCrypto() throws {
        let key = P256.Signing.PrivateKey()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("AuthKey-\(UUID().uuidString).p8").path
        try key.pemRepresentation.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let message = Array("eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ".utf8)
        for _ in 0..<20 {  // r or s with a high bit or a leading zero byte, among 20 signatures
            let raw = try OpenSSLCommandES256Signer(privateKeyPath: path).sign(message)
            #expect(key.publicKey.isValidSignature(try P256.Signing.ECDSASignature(rawRepresentation: raw), for: message))
        }
    }
}
