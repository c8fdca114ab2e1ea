import Foundation
import PushBridgeCore
import PushBridgeServer

/// Makes an ``APNsSender`` from the `server.apns` section:
///
/// | Key | Value |
/// |---|---|
/// | `keyID` | the 10-character ID of the APNs key (Certificates, Identifiers & Profiles → Keys) |
/// | `teamID` | the 10-character team ID |
/// | `privateKeyPath` | the `.p8` file's path, relative to the working directory: a P-256 private key in PEM (checked when the sender is made, so by a dry run too) |
/// | `topic` | the app's bundle ID |
/// | `environment` | optional: `production` (the default) or `sandbox`, the APNs environment of every message that names none (development-signed builds' tokens are the sandbox's) |
///
/// The signer is CryptoKit's on Apple platforms and the system's `openssl` on Linux, unless
/// `makeSigner` is given.
public struct APNsSenderDefinition: PushSenderDefinition {
    /// `.apns`.
    public var id: PushProviderID { .apns }
    /// Plain APNs' app definition (no app settings).
    public var providerDefinition: any PushProviderDefinition { APNsDefinition() }

    private let makeSigner: (@Sendable (_ privateKeyPath: String) throws -> any ES256Signer)?
    private let tokenCache: APNsProviderTokenCache?

    /// A definition signing with the platform's signer (``platformSigner(_:)``), or with the one
    /// `makeSigner` makes from the key file's path; its senders keep their provider token in
    /// `tokenCache` between processes when one is given.
    public init(makeSigner: (@Sendable (_ privateKeyPath: String) throws -> any ES256Signer)? = nil, tokenCache: APNsProviderTokenCache? = nil) {
        self.makeSigner = makeSigner
        self.tokenCache = tokenCache
    }

    /// The section's keys.
    public static let keys = ["keyID", "teamID", "privateKeyPath", "topic", "environment"]

    /// The sender for the section.
    public func makeSender(settings: (any PushProviderSettings)?, server: JSONObject, field: String, options: PushSenderOptions)
        throws(PushConfigurationError)
        -> any PushSender
    {
        var problems = ProblemList()
        let reader = JSONFieldReader(server, path: field, code: .invalidConfiguration)
        reader.reportUnknownKeys(Self.keys, into: &problems)
        func required(_ key: String, _ check: (String) -> String?) -> String? {
            problems.collect { () throws(PushError) -> String? in
                guard let value = try reader.string(key) else {
                    throw reader.error(reader.path(of: key), "missing (expected \(Self.expected[key] ?? "a string"))")
                }
                if let problem = check(value) { throw reader.error(reader.path(of: key), problem) }
                return value
            } ?? nil
        }
        let tenCharacters: (String) -> String? = { value in
            value.utf8.count == 10 && value.utf8.allSatisfy(ASCIIHex.isAlphanumeric)
                ? nil : "is \(value.utf8.count) characters, expected 10 letters or digits"
        }
        let keyID = required("keyID", tenCharacters)
        let teamID = required("teamID", tenCharacters)
        let topic = required("topic") { $0.isEmpty ? "is empty, expected the app's bundle ID" : nil }
        let path = required("privateKeyPath") { path in
            // The key's kind, before anything is sent (a dry run too): a garbage or RSA .p8 is named here.
            guard let data = FileManager.default.contents(atPath: path) else { return "\(path) cannot be read" }
            return PrivateKeyPEM.p256Problem(String(decoding: data, as: UTF8.self)).map { "\(path) \($0)" }
        }
        let environment =
            problems.collect { () throws(PushError) -> PushMessage.Environment in
                guard let text = try reader.string("environment") else { return .production }
                guard let environment = PushMessage.Environment(rawValue: text) else {
                    throw reader.error(reader.path(of: "environment"), "\"\(text)\" is not production or sandbox")
                }
                return environment
            } ?? .production
        var signer: (any ES256Signer)?
        if let path {
            do {
                signer = try makeSigner.map { try $0(path) } ?? Self.platformSigner(path)
            } catch {
                problems.add(reader.error(reader.path(of: "privateKeyPath"), "\(error)"))
            }
        }
        guard problems.isEmpty, let keyID, let teamID, let topic, let signer else { throw PushConfigurationError(problems: problems.errors) }
        return APNsSender(
            keyID: keyID, teamID: teamID, topic: topic, signer: signer, options: options, tokenCache: tokenCache, environment: environment)
    }

    private static let expected = [
        "keyID": "the APNs key's 10-character ID", "teamID": "the 10-character team ID", "topic": "the app's bundle ID",
        "privateKeyPath": "the path of the .p8 key file",
    ]

    /// CryptoKit where it exists, else the system's `openssl`.
    public static func platformSigner(_ privateKeyPath: String) throws(ES256SigningError) -> any ES256Signer {
        #if canImport(CryptoKit)
            if #available(iOS 14.0, macOS 11.0, *) {
                guard let data = FileManager.default.contents(atPath: privateKeyPath) else {
                    throw ES256SigningError("the private key file \(privateKeyPath) cannot be read")
                }
                return try CryptoKitES256Signer(pemRepresentation: String(decoding: data, as: UTF8.self))
            }
        #endif
        #if os(Linux) || os(macOS)
            return OpenSSLCommandES256Signer(privateKeyPath: privateKeyPath)
        #else
            throw ES256SigningError("no ES256 signer on this platform: pass makeSigner")
        #endif
    }
}
