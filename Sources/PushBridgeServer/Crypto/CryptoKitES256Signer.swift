#if canImport(CryptoKit)
    import CryptoKit

    /// ES256 with CryptoKit: Apple platforms (iOS 13, macOS 10.15 and later).
    @available(iOS 14.0, macOS 11.0, *)
    public struct CryptoKitES256Signer: ES256Signer {
        private let key: P256.Signing.PrivateKey

        /// A signer with the `.p8` key's text (`-----BEGIN PRIVATE KEY-----…`).
        public init(pemRepresentation: String) throws(ES256SigningError) {
            do {
                key = try P256.Signing.PrivateKey(pemRepresentation: pemRepresentation)
            } catch {
                throw ES256SigningError("the private key is not a P-256 key in PEM (PKCS #8): \(type(of: error))")
            }
        }

        /// `r‖s` of the ECDSA signature of `message`'s SHA-256.
        public func sign(_ message: [UInt8]) throws(ES256SigningError) -> [UInt8] {
            do {
                return [UInt8](try key.signature(for: message).rawRepresentation)
            } catch {
                throw ES256SigningError("CryptoKit could not sign: \(type(of: error))")
            }
        }
    }
#endif
