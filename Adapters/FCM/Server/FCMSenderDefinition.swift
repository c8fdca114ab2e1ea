import PushBridgeCore
import PushBridgeFCMDefinition
import PushBridgeServer

/// Makes an ``FCMSender`` from the `fcm` section (its `projectId`, read as the app reads it) and
/// the `server.fcm` section, which holds the service account, one of:
///
/// | Key | Value |
/// |---|---|
/// | `serviceAccountPath` | the path of the service account's JSON key file (Firebase console → Project settings → Service accounts → Generate new private key), relative to the working directory |
/// | `serviceAccount` | that file's object itself: `client_email`, `private_key`, `token_uri`, `project_id`, … |
///
/// ```json
/// { "provider": "fcm", "fcm": { "projectId": "my-app-1a2b3" },
///   "server": { "fcm": { "serviceAccountPath": "my-app-1a2b3-firebase-adminsdk.json" } } }
/// ```
///
/// The account's `project_id`, when it has one, must be the app's `projectId`. The signer is the
/// system's `openssl` unless `makeSigner` is given.
public struct FCMSenderDefinition: PushSenderDefinition {
    /// `.fcm`.
    public var id: PushProviderID { .fcm }
    /// FCM's app definition.
    public var providerDefinition: any PushProviderDefinition { FCMDefinition() }

    private let makeSigner: (@Sendable (FCMServiceAccount) throws -> any RS256Signer)?
    private let validateOnly: Bool

    /// A definition signing with the system's `openssl`, or with the signer `makeSigner` makes for
    /// the account; with `validateOnly`, its senders ask FCM to check and not deliver.
    public init(makeSigner: (@Sendable (FCMServiceAccount) throws -> any RS256Signer)? = nil, validateOnly: Bool = false) {
        self.makeSigner = makeSigner
        self.validateOnly = validateOnly
    }

    /// The section's keys.
    public static let keys = ["serviceAccountPath", "serviceAccount"]

    /// The sender for the app's project and the section's service account.
    public func makeSender(settings: (any PushProviderSettings)?, server: JSONObject, field: String, options: PushSenderOptions)
        throws(PushConfigurationError)
        -> any PushSender
    {
        var problems = ProblemList()
        let reader = JSONFieldReader(server, path: field, code: .invalidConfiguration)
        reader.reportUnknownKeys(Self.keys, into: &problems)
        var account: FCMServiceAccount?
        do {
            switch (server["serviceAccountPath"], server["serviceAccount"]) {
            case (.string(let path)?, nil) where !path.isEmpty:
                account = try FCMServiceAccount(contentsOf: path, field: reader.path(of: "serviceAccountPath"))
            case (nil, .object(let object)?):
                account = try FCMServiceAccount(json: object, field: reader.path(of: "serviceAccount"))
            case (nil, nil):
                problems.add(
                    reader.error(
                        reader.path(of: "serviceAccountPath"),
                        "missing (expected the service account's JSON key file, or its object as serviceAccount)"))
            case (.some, .some):
                problems.add(reader.error(reader.path(of: "serviceAccount"), "is set with serviceAccountPath: give one of them"))
            case (let path?, nil):
                problems.add(reader.typeError("serviceAccountPath", path, expected: "the path of the service account's JSON key file"))
            case (nil, let object?):
                problems.add(reader.typeError("serviceAccount", object, expected: "the service account's JSON object"))
            }
        } catch {
            for problem in error.problems { problems.add(problem) }
        }
        let app = settings as? FCMSettings
        if app == nil { problems.add(PushError(.invalidConfiguration, field: "fcm", "missing (the app's FCM settings: its projectId)")) }
        if let app, let project = account?.projectID, project != app.projectId {
            problems.add(
                reader.error(
                    reader.path(of: "serviceAccount.project_id"),
                    "is \(project), but fcm.projectId is \(app.projectId): the account must belong to the app's project"))
        }
        var signer: (any RS256Signer)?
        if let account {
            do {
                signer = try makeSigner?(account)
            } catch {
                problems.add(reader.error(reader.path(of: "serviceAccount.private_key"), "no signer: \(error)"))
            }
        }
        guard problems.isEmpty, let app, let account else { throw PushConfigurationError(problems: problems.errors) }
        return FCMSender(projectID: app.projectId, serviceAccount: account, signer: signer, validateOnly: validateOnly, options: options)
    }
}
