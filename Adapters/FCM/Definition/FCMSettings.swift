import PushBridgeCore

/// FCM's settings in a PushBridge configuration: the Firebase project the app belongs to.
///
/// ```json
/// { "provider": "fcm", "fcm": { "projectId": "my-app-1a2b3" } }
/// ```
///
/// The project's ID is no secret (it is `PROJECT_ID` in the app's `GoogleService-Info.plist`);
/// the service account that sends through it is, and lives only in a server's `server.fcm`
/// section (`PushBridgeFCMServer`'s `FCMSenderDefinition`).
public struct FCMSettings: PushProviderSettings {
    /// The Firebase project's ID: the `{project}` of
    /// `https://fcm.googleapis.com/v1/projects/{project}/messages:send`.
    public var projectId: String

    /// Settings from their parts.
    public init(projectId: String) {
        self.projectId = projectId
    }

    /// The settings (nothing secret).
    public var description: String { "FCMSettings(projectId: \(projectId))" }

    /// `.fcm`.
    public var provider: PushProviderID { .fcm }

    /// What `pushbridge check-config` prints.
    public var summary: [(key: String, value: String)] { [("fcm.projectId", projectId)] }

    /// Whether `id` is a Google Cloud project ID: 6 to 30 lowercase ASCII letters, digits or
    /// hyphens, starting with a letter and not ending with a hyphen (Google Cloud, "Creating and
    /// managing projects", the project ID's requirements; a Firebase project is a Google Cloud
    /// project).
    public static func isProjectID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (6...30).contains(bytes.count), let first = bytes.first, let last = bytes.last else { return false }
        let allowed = bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
        return allowed && (0x61...0x7A).contains(first) && last != 0x2D
    }
}

extension FCMSettings {
    static let jsonFields = ["projectId"]

    init?(fields: JSONFieldReader, problems: inout ProblemList) {
        fields.reportUnknownKeys(Self.jsonFields, into: &problems)
        let projectId = problems.collect { () throws(PushError) -> String in
            guard let id = try fields.string("projectId") else {
                throw fields.error(
                    fields.path(of: "projectId"), "missing (expected the Firebase project's ID, PROJECT_ID in GoogleService-Info.plist)")
            }
            guard Self.isProjectID(id) else {
                throw fields.error(
                    fields.path(of: "projectId"),
                    "\"\(JSONFieldReader.displayKey(id))\" is not a project ID (expected 6 to 30 lowercase letters, digits or hyphens, starting with a letter)"
                )
            }
            return id
        }
        guard let projectId else { return nil }
        self.init(projectId: projectId)
    }
}
