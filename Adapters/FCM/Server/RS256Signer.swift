import Foundation
import PushBridgeCore
import PushBridgeServer

/// Signs with RSASSA-PKCS1-v1_5 over SHA-256 (JWS `RS256`, RFC 7518 §3.3): what Google's OAuth
/// 2.0 service-account flow needs for its JWT assertion
/// (https://developers.google.com/identity/protocols/oauth2/service-account, "Preparing to make
/// an authorized API call": "Service accounts rely on the RSA SHA-256 algorithm").
///
/// PushBridge writes no RSA code. ``OpenSSLCommandRS256Signer`` runs the system's `openssl`; a
/// server may pass its own (swift-crypto's `_RSA.Signing.PrivateKey`, `Examples/SwiftCryptoSigner`).
public protocol RS256Signer: Sendable {
    /// The signature of `message`: as many bytes as the key's modulus (256 for a 2048-bit key).
    func sign(_ message: [UInt8]) throws(RS256SigningError) -> [UInt8]
}

/// A signature could not be made; the message never includes the key.
public struct RS256SigningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

#if os(Linux) || os(macOS)
    /// RS256 by the system's `openssl` command (OpenSSL 1.1 or 3), as `OpenSSLCommandES256Signer`
    /// signs APNs' tokens: the key is the service account's `private_key` (PEM, PKCS #8).
    ///
    /// It runs `openssl dgst -sha256 -sign /dev/stdin FILE` once per access token (about once an
    /// hour): the key goes to `openssl` through a pipe and is never written to disk; the message
    /// (the JWT's header and claims, no secret) through a file only the user can read, removed at
    /// once. The key never appears in an error.
    public struct OpenSSLCommandRS256Signer: RS256Signer, CustomStringConvertible, CustomReflectable {
        private let privateKey: SecretText
        /// The `openssl` executable.
        public let executable: String

        /// A signer with the PEM key `privateKey`, run by `executable` (found on `PATH` when not a path).
        public init(privateKey: SecretText, executable: String = "openssl") {
            self.privateKey = privateKey
            self.executable = executable
        }

        /// The signer, its key masked.
        public var description: String { "OpenSSLCommandRS256Signer(\(executable), key \(privateKey.masked))" }

        /// No key: the description alone.
        public var customMirror: Mirror { Mirror(self, children: ["signer": description], displayStyle: .struct) }

        /// The PKCS #1 v1.5 signature of `message`'s SHA-256.
        public func sign(_ message: [UInt8]) throws(RS256SigningError) -> [UInt8] {
            guard let executable = OpenSSLCommandES256Signer.installedExecutable(named: executable) else {
                throw RS256SigningError("`\(self.executable)` was not found: install OpenSSL or pass your own RS256Signer")
            }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-rs256-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            } catch {
                throw RS256SigningError("a private folder for openssl's input could not be made: \(error.localizedDescription)")
            }
            defer { try? FileManager.default.removeItem(at: folder) }
            let input = folder.appendingPathComponent("signing-input")
            guard FileManager.default.createFile(atPath: input.path, contents: Data(message), attributes: [.posixPermissions: 0o600]) else {
                throw RS256SigningError("openssl's input could not be written in \(folder.path)")
            }
            // The key through the standard input, the message from the file.
            let run: (status: Int32, output: [UInt8])
            do {
                run = try OpenSSLCommand.run(
                    executable, arguments: ["dgst", "-sha256", "-sign", "/dev/stdin", input.path], input: Data(privateKey.revealed.utf8))
            } catch {
                throw RS256SigningError(error.reason)
            }
            guard run.status == 0, run.output.count >= 128 else {
                throw RS256SigningError(
                    "openssl could not sign with the service account's private_key (exit \(run.status)): is it an RSA key in PEM?")
            }
            return run.output
        }
    }
#endif
