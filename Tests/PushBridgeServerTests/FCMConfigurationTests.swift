import PushBridge
import PushBridgeFCMServer
import PushBridgeJPushServer
import PushBridgeServer
import Testing

/// `"provider": "fcm"` in a server's configuration: the app's `fcm.projectId` and `server.fcm`'s
/// service account, every problem named by its key, the key and the email never shown.
@Suite struct FCMConfigurationTests {
    static let senders: [any PushSenderDefinition] = [FCMSenderDefinition()]
    static let key =
        "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKjSECRETKEY\n-----END PRIVATE KEY-----\n"
    static let email = "firebase-adminsdk-abc12@demo-project.iam.gserviceaccount.com"

    static func account(_ change: (inout JSONObject) -> Void = { _ in }) -> JSONValue {
        var account: JSONObject = [
            "type": "service_account", "project_id": "demo-project", "private_key_id": "abc", "private_key": .string(key),
            "client_email": .string(email),
            "token_uri": "https://oauth2.googleapis.com/token",
        ]
        change(&account)
        return .object(account)
    }

    static func configuration(app: JSONValue = ["projectId": "demo-project"], server: JSONValue) -> [UInt8] {
        JSONWriter.bytes(from: ["provider": "fcm", "fcm": app, "server": ["fcm": server]])
    }

    static func problems(app: JSONValue = ["projectId": "demo-project"], server: JSONValue) -> [PushError] {
        do {
            let configuration = try PushServerConfiguration(jsonBytes: configuration(app: app, server: server), senders: senders)
            _ = try PushSenders.make(configuration, senders: senders)
            return []
        } catch {
            return error.problems
        }
    }

    @Test func aServiceAccountMakesAnFCMSender() throws {
        let configuration = try PushServerConfiguration(
            jsonBytes: Self.configuration(server: ["serviceAccount": Self.account()]), senders: Self.senders)
        let sender = try PushSenders.make(configuration, senders: Self.senders)
        #expect(sender.provider == .fcm)
        #expect("\(sender)" == "FCMSender(project: demo-project)")
        for text in ["\(configuration)", String(reflecting: configuration), "\(sender)"] {
            #expect(!text.contains("MIIEvQ"))
            #expect(!text.contains(Self.email))
        }
    }

    static let cases: [(app: JSONValue, server: JSONValue, field: String)] = [
        (
            ["projectId": "demo-project"], ["serviceAccount": FCMConfigurationTests.account { $0["private_key"] = nil }],
            "server.fcm.serviceAccount.private_key"
        ),
        (
            ["projectId": "demo-project"], ["serviceAccount": FCMConfigurationTests.account { $0["private_key"] = "MIIEvQ-not-pem" }],
            "server.fcm.serviceAccount.private_key"
        ),
        (
            ["projectId": "demo-project"], ["serviceAccount": FCMConfigurationTests.account { $0["client_email"] = nil }],
            "server.fcm.serviceAccount.client_email"
        ),
        (
            ["projectId": "demo-project"], ["serviceAccount": FCMConfigurationTests.account { $0["type"] = "authorized_user" }],
            "server.fcm.serviceAccount.type"
        ),
        (
            ["projectId": "demo-project"], ["serviceAccount": FCMConfigurationTests.account { $0["token_uri"] = "http://example.com/token" }],
            "server.fcm.serviceAccount.token_uri"
        ),
        (["projectId": "other-project"], ["serviceAccount": FCMConfigurationTests.account()], "server.fcm.serviceAccount.project_id"),
        (["projectId": "demo-project"], [:], "server.fcm.serviceAccountPath"),
        (["projectId": "demo-project"], ["serviceAccountPath": "/nonexistent/sa.json"], "server.fcm.serviceAccountPath"),
        (
            ["projectId": "demo-project"], ["serviceAccountPath": "a.json", "serviceAccount": FCMConfigurationTests.account()],
            "server.fcm.serviceAccount"
        ),
        (["projectId": "demo-project"], ["serviceAccount": FCMConfigurationTests.account(), "apiKey": "x"], "server.fcm.apiKey"),
        (["projectId": "Demo"], ["serviceAccount": FCMConfigurationTests.account()], "fcm.projectId"),
        ([:], ["serviceAccount": FCMConfigurationTests.account()], "fcm.projectId"),
    ]

    @Test(arguments: cases)
    func eachProblemIsNamedAndNoSecretShown(app: JSONValue, server: JSONValue, field: String) {
        let problems = Self.problems(app: app, server: server)
        #expect(problems.contains { $0.field == field }, "\(problems)")
        for problem in problems {
            #expect(!"\(problem)".contains("MIIEvQ"))
            #expect(!"\(problem)".contains(Self.email))
        }
    }
}

/// JPush in mainland China, FCM elsewhere (issue 45, item 8's server half): one file, and the
/// backend makes the sender of the provider each device registered with.
@Suite struct FCMTwoMarketsTests {
    static let senders: [any PushSenderDefinition] = [FCMSenderDefinition(), JPushSenderDefinition()]

    @Test func jpushInChinaAndFCMElsewhereEachGetTheirSender() throws {
        let file = JSONWriter.bytes(from: [
            "provider": "fcm", "markets": ["CHN": "jpush"], "fcm": ["projectId": "demo-project"], "jpush": ["appKey": "5a6e94518f6bd85ba173cf77"],
            "server": ["fcm": ["serviceAccount": FCMConfigurationTests.account()], "jpush": ["masterSecret": "0123456789abcdef01234567"]],
        ])
        let configuration = try PushServerConfiguration(jsonBytes: file, senders: Self.senders)
        #expect(try PushSenders.make(configuration, senders: Self.senders).provider == .fcm)
        #expect(try PushSenders.make(configuration, provider: .jpush, senders: Self.senders).provider == .jpush)
        #expect(try PushSenders.make(configuration, provider: .fcm, senders: Self.senders).provider == .fcm)
        #expect(!"\(configuration)".contains("MIIEvQ"))
    }
}
