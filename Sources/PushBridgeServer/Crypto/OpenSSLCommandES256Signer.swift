#if os(Linux) || os(macOS)
    import Foundation

    /// ES256 by the system's `openssl` command (OpenSSL 1.1 or 3): the documented signer on Linux,
    /// where CryptoKit is absent and the root package may not depend on swift-crypto.
    ///
    /// It runs `openssl dgst -sha256 -sign <key.p8>` once per provider token, that is about once
    /// every 50 minutes, and converts OpenSSL's DER signature to JWS's `r‖s`. The key never leaves
    /// its file and never appears in an error. Install it with `apt-get install openssl` where it
    /// is missing.
    public struct OpenSSLCommandES256Signer: ES256Signer {
        /// The `.p8` key's path.
        public let privateKeyPath: String
        /// The `openssl` executable.
        public let executable: String

        /// A signer with the key at `privateKeyPath`, run by `executable` (found on `PATH` when
        /// not a path).
        public init(privateKeyPath: String, executable: String = "openssl") {
            self.privateKeyPath = privateKeyPath
            self.executable = executable
        }

        /// The path of `openssl` on this machine, or `nil`.
        public static func installedExecutable(named name: String = "openssl") -> String? {
            if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
            return nil
        }

        /// The fingerprint of the key file's bytes as they are now (read each time: a `.p8`
        /// replaced under the same path is another key); `nil` when the file cannot be read.
        public var keyFingerprint: String? {
            FileManager.default.contents(atPath: privateKeyPath).map { Self.fingerprint(ofKey: [UInt8]($0)) }
        }

        /// `r‖s` of the ECDSA signature of `message`'s SHA-256.
        public func sign(_ message: [UInt8]) throws(ES256SigningError) -> [UInt8] {
            guard let executable = Self.installedExecutable(named: executable) else {
                throw ES256SigningError("`\(self.executable)` was not found: install OpenSSL or pass your own ES256Signer")
            }
            guard FileManager.default.isReadableFile(atPath: privateKeyPath) else {
                throw ES256SigningError("the private key file \(privateKeyPath) cannot be read")
            }
            let run: (status: Int32, output: [UInt8])
            do {
                run = try OpenSSLCommand.run(executable, arguments: ["dgst", "-sha256", "-sign", privateKeyPath], input: Data(message))
            } catch {
                throw ES256SigningError(error.reason)
            }
            guard run.status == 0 else {
                throw ES256SigningError("openssl could not sign with \(privateKeyPath) (exit \(run.status)): is it a P-256 key in PEM?")
            }
            guard let raw = ECDSASignatureFormat.raw(fromDER: run.output) else {
                throw ES256SigningError("openssl's output is not a P-256 ECDSA signature: is \(privateKeyPath) a P-256 key?")
            }
            return raw
        }
    }
#endif
