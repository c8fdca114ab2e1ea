import Foundation
import PushBridgeCore
import PushBridgeFCMDefinition
import PushBridgeServer

/// A Google service account's key: what signs the OAuth 2.0 assertion that buys FCM's access
/// tokens (https://developers.google.com/identity/protocols/oauth2/service-account). The JSON
/// file the Firebase console downloads (Project settings → Service accounts → Generate new
/// private key) holds these fields under these names.
///
/// The private key and the client email are masked in every description, dump and error.
public struct FCMServiceAccount: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `client_email`: the assertion's `iss`. Masked when printed.
    public var clientEmail: SecretText
    /// `private_key`: the RSA key, PEM (PKCS #8). Masked when printed.
    public var privateKey: SecretText
    /// `private_key_id`: the JWT header's `kid`, when given. Masked when printed.
    public var privateKeyID: SecretText?
    /// `token_uri`: where the assertion is exchanged (`https://oauth2.googleapis.com/token`). The
    /// assertion's `aud` is Google's token endpoint whatever this says (`FCMAccessToken.audience`).
    public var tokenURI: String
    /// `project_id`: the project the account belongs to, when given.
    public var projectID: String?

    /// Google's token endpoint, the `token_uri` of every key the console makes.
    public static let googleTokenURI = "https://oauth2.googleapis.com/token"

    /// An account from its parts.
    public init(
        clientEmail: SecretText, privateKey: SecretText, privateKeyID: SecretText? = nil, tokenURI: String = FCMServiceAccount.googleTokenURI,
        projectID: String? = nil
    ) {
        self.clientEmail = clientEmail
        self.privateKey = privateKey
        self.privateKeyID = privateKeyID
        self.tokenURI = tokenURI
        self.projectID = projectID
    }

    /// The account with its email and key masked.
    public var description: String {
        "FCMServiceAccount(clientEmail: \(clientEmail), privateKey: \(privateKey.masked), tokenURI: \(tokenURI), projectID: \(projectID ?? "none"))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The masked description alone.
    public var customMirror: Mirror { Mirror(self, children: ["account": description], displayStyle: .struct) }

    /// The keys of a service account's JSON this reads; the others (`client_id`, `auth_uri`,
    /// `auth_provider_x509_cert_url`, `client_x509_cert_url`, `universe_domain`) are the
    /// console's and not needed.
    public static let readKeys = ["type", "project_id", "private_key_id", "private_key", "client_email", "token_uri"]
    static let otherKnownKeys = ["client_id", "auth_uri", "auth_provider_x509_cert_url", "client_x509_cert_url", "universe_domain"]

    /// Reads a service account's JSON object; `field` names it in errors
    /// (`server.fcm.serviceAccount`).
    ///
    /// - Throws: `PushConfigurationError` naming each missing or malformed key; never the key's
    ///   or the email's value.
    public init(json object: JSONObject, field: String) throws(PushConfigurationError) {
        var problems = ProblemList()
        let reader = JSONFieldReader(object, path: field, code: .invalidConfiguration)
        reader.reportUnknownKeys(Self.readKeys + Self.otherKnownKeys, into: &problems)
        func string(_ key: String, required: Bool, expected: String) -> String? {
            problems.collect { () throws(PushError) -> String? in
                let value = try reader.string(key)
                if required, value?.isEmpty != false { throw reader.error(reader.path(of: key), "missing (expected \(expected))") }
                return value
            } ?? nil
        }
        if let type = string("type", required: false, expected: ""), type != "service_account" {
            problems.add(
                reader.error(
                    reader.path(of: "type"),
                    "is \"\(JSONFieldReader.displayKey(type))\", expected \"service_account\" (a key from the Firebase console's Service accounts tab)"
                ))
        }
        let email = string("client_email", required: true, expected: "the service account's email")
        if let email, !email.contains("@") || email.contains(where: \.isWhitespace) {
            problems.add(reader.error(reader.path(of: "client_email"), "\(SecretText.mask(email)) is not an email address"))
        }
        let key = string("private_key", required: true, expected: "the RSA private key in PEM, -----BEGIN PRIVATE KEY-----")
        if let key, !key.contains("-----BEGIN PRIVATE KEY-----") && !key.contains("-----BEGIN RSA PRIVATE KEY-----") {
            problems.add(
                reader.error(
                    reader.path(of: "private_key"), "is not a PEM private key (expected -----BEGIN PRIVATE KEY-----; its value is not shown)"))
        } else if let key, case .success(let kind) = PrivateKeyPEM.kind(of: key), kind != .rsa, let problem = PrivateKeyPEM.rsaProblem(key) {
            // A key read whole and not RSA (an APNs .p8 pasted here, say); one that does not read
            // is left to the signer, which names it on the first token.
            problems.add(reader.error(reader.path(of: "private_key"), problem + " (its value is not shown)"))
        }
        let keyID = string("private_key_id", required: false, expected: "")
        let tokenURI = string("token_uri", required: false, expected: "") ?? Self.googleTokenURI
        if let problem = Self.tokenURIProblem(tokenURI) { problems.add(reader.error(reader.path(of: "token_uri"), problem)) }
        let project = string("project_id", required: false, expected: "")
        if let project, !FCMSettings.isProjectID(project) {
            problems.add(reader.error(reader.path(of: "project_id"), "\"\(JSONFieldReader.displayKey(project))\" is not a project ID"))
        }
        guard problems.isEmpty, let email, let key else { throw PushConfigurationError(problems: problems.errors) }
        self.init(
            clientEmail: SecretText(email), privateKey: SecretText(key), privateKeyID: keyID.map { SecretText($0) }, tokenURI: tokenURI,
            projectID: project)
    }

    /// Reads the service account's JSON file at `path`; `field` names the path's key in errors.
    ///
    /// - Throws: `PushConfigurationError` naming `field` when the file cannot be read or is not
    ///   JSON, or the key inside it.
    public init(contentsOf path: String, field: String) throws(PushConfigurationError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PushConfigurationError(problems: [PushError(.invalidConfiguration, field: field, "\(path) cannot be read")])
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(JSONParser.withoutByteOrderMark(Array(data)))
        } catch {
            throw PushConfigurationError(problems: [PushError(.invalidConfiguration, field: field, "\(path) is not JSON: \(error.description)")])
        }
        guard case .object(let object) = json else {
            throw PushConfigurationError(problems: [
                PushError(.invalidConfiguration, field: field, "\(path) holds \(json.typeDescription), expected a service account's JSON object")
            ])
        }
        try self.init(json: object, field: "\(field) (\(path))")
    }

    /// Why `uri` cannot be a token endpoint: HTTPS, or HTTP to this machine only (a local
    /// emulator's); `nil` when it can.
    static func tokenURIProblem(_ uri: String) -> String? {
        guard let url = URL(string: uri), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else {
            return "\"\(JSONFieldReader.displayKey(uri))\" is not a URL (expected \(googleTokenURI))"
        }
        if scheme == "https" { return nil }
        if scheme == "http", ["127.0.0.1", "localhost", "::1"].contains(host) { return nil }
        return "\"\(JSONFieldReader.displayKey(uri))\" is not HTTPS (expected \(googleTokenURI); plain HTTP only to this machine, for an emulator)"
    }
}
