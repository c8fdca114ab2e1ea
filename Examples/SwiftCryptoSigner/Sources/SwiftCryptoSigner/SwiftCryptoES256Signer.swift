import Crypto
import Foundation
import PushBridgeAPNsServer
import PushBridgeServer

/// ES256 with swift-crypto: `P256.Signing.PrivateKey` from the `.p8` key's PEM, its signature's
/// `rawRepresentation` (`r‖s`, the form JWS wants). The same three calls as CryptoKit's.
public struct SwiftCryptoES256Signer: ES256Signer {
    /// The key's raw scalar: swift-crypto 3's `P256.Signing.PrivateKey` is not `Sendable`, so
    /// the signer keeps bytes and makes the key when it signs, once per provider token.
    private let keyBytes: Data

    /// A signer with the `.p8` key's text.
    public init(pemRepresentation: String) throws(ES256SigningError) {
        do {
            keyBytes = try P256.Signing.PrivateKey(pemRepresentation: pemRepresentation).rawRepresentation
        } catch {
            throw ES256SigningError("the private key is not a P-256 key in PEM (PKCS #8): \(type(of: error))")
        }
    }

    /// `r‖s` of the ECDSA signature of `message`'s SHA-256.
    public func sign(_ message: [UInt8]) throws(ES256SigningError) -> [UInt8] {
        do {
            let key = try P256.Signing.PrivateKey(rawRepresentation: keyBytes)
            return [UInt8](try key.signature(for: message).rawRepresentation)
        } catch {
            throw ES256SigningError("swift-crypto could not sign: \(type(of: error))")
        }
    }
}

extension APNsSenderDefinition {
    /// APNs' sender definition, signing with swift-crypto.
    public static var swiftCrypto: APNsSenderDefinition {
        APNsSenderDefinition(makeSigner: { path in
            try SwiftCryptoES256Signer(pemRepresentation: String(contentsOfFile: path, encoding: .utf8))
        })
    }
}
