#if canImport(CryptoKit)
    import CryptoKit
    import Foundation

    /// ES256 with CryptoKit: Apple platforms (iOS 14, macOS 11 and later, for its PEM reader).
    ///
    /// No compiler here has seen this file: the iOS SDK slice CI type-checks against has no
    /// CryptoKit. `Examples/SwiftCryptoSigner` makes the same calls on swift-crypto, whose API is
    /// CryptoKit's, and is built and tested by CI.
    @available(iOS 14.0, macOS 11.0, *)
    public struct CryptoKitES256Signer: ES256Signer {
        /// The key's raw scalar: `P256.Signing.PrivateKey` is not `Sendable` in every version
        /// (swift-crypto 3's is not), so the signer keeps bytes and makes the key when it signs,
        /// once per provider token.
        private let keyBytes: Data

        /// A signer with the `.p8` key's text (`-----BEGIN PRIVATE KEY-----…`).
        public init(pemRepresentation: String) throws(ES256SigningError) {
            do {
                keyBytes = try P256.Signing.PrivateKey(pemRepresentation: pemRepresentation).rawRepresentation
            } catch {
                throw ES256SigningError("the private key is not a P-256 key in PEM (PKCS #8): \(type(of: error))")
            }
        }

        /// The fingerprint of the key's raw scalar.
        public var keyFingerprint: String? { Self.fingerprint(ofKey: [UInt8](keyBytes)) }

        /// `r‖s` of the ECDSA signature of `message`'s SHA-256.
        public func sign(_ message: [UInt8]) throws(ES256SigningError) -> [UInt8] {
            do {
                let key = try P256.Signing.PrivateKey(rawRepresentation: keyBytes)
                return [UInt8](try key.signature(for: message).rawRepresentation)
            } catch {
                throw ES256SigningError("CryptoKit could not sign: \(type(of: error))")
            }
        }
    }
#endif
