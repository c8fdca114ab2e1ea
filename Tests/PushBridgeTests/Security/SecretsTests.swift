import PushBridge
import PushBridgeGetui
import PushBridgeJPush
import PushBridgeProviderKit
import Testing

/// Tokens, registration and client IDs, app keys and secrets, aliases and the payload's custom
/// fields never appear whole in `description`, `debugDescription`, `dump`, `Mirror` or errors.
@Suite struct SecretsTests {
    static let secrets = [
        "5a6e94518f6bd85ba173cf77",  // JPush app key
        "b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e",  // Getui client ID
        "GetuiSecretValue123",  // Getui app secret
        "deadbeef0102030405060708",  // device token (hex)
        "1a0018970a1b2c3d4e5",  // JPush registration ID
        "alias-of-a-real-user",  // alias
        "custom-field-secret-value",  // a payload's custom field
        "typed-reply-text",  // a text-input response
    ]

    /// Every way a value can be printed.
    static func renderings(_ value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        var mirrored = ""
        for child in Mirror(reflecting: value).children { mirrored += "\(child.label ?? ""): \(child.value)\n" }
        return [String(describing: value), String(reflecting: value), dumped, mirrored]
    }

    /// Every public type that holds a secret, with one in it.
    static func values() throws -> [(name: String, value: Any)] {
        let note = try PushNotification(
            payload: ["aps": ["alert": "hi"], "token": "custom-field-secret-value", "nested": ["k": "custom-field-secret-value"]], identifier: "n")
        let token: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF, 1, 2, 3, 4, 5, 6, 7, 8]
        let configuration = PushConfiguration(
            provider: .getui, additionalProviders: [.jpush],
            settings: [
                JPushSettings(appKey: "5a6e94518f6bd85ba173cf77"),
                GetuiSettings(appID: "b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e", appKey: "GetuiSecretValue123", appSecret: "GetuiSecretValue123"),
                UnreadProviderSettings(provider: "acme", section: ["apiKey": "custom-field-secret-value"]),
            ])
        let message = PushEvent.Message(transport: .getui, offline: true, id: "t:m", payload: ["payload": "custom-field-secret-value"])
        return [
            ("SecretText", SecretText("5a6e94518f6bd85ba173cf77")),
            ("PushConfiguration", configuration),
            ("JPushSettings", configuration.jpush as Any),
            ("GetuiSettings", configuration.getui as Any),
            ("DeviceTokenRequest", DeviceTokenRequest(token: token)),
            ("AliasRequest", AliasRequest(.set("alias-of-a-real-user"))),
            ("AliasRequest.Outcome", AliasRequest.Outcome(alias: "alias-of-a-real-user", sequence: 1)),
            ("PushNotification", note),
            ("PushEvent.received", PushEvent.received(.init(notification: note, origin: .foreground))),
            (
                "PushEvent.opened",
                PushEvent.opened(.init(notification: note, origin: .coldStart, action: .custom("reply"), textInput: "typed-reply-text"))
            ),
            ("PushEvent.message", PushEvent.message(message)),
            ("PushEvent.registered jpush", PushEvent.registered(.init(provider: .jpush, identifier: "1a0018970a1b2c3d4e5"))),
            ("PushEvent.registered getui", PushEvent.registered(.init(provider: .getui, identifier: "b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e"))),
            ("PushEvent.registered apns", PushEvent.registered(.init(provider: .apns, identifier: DeviceTokenRequest(token: token).hexToken))),
            ("events array", [PushEvent.message(message), .received(.init(notification: note, origin: .background))]),
        ]
    }

    @Test func noPublicTypePrintsASecretWhole() throws {
        for (name, value) in try Self.values() {
            for text in Self.renderings(value) {
                for secret in Self.secrets {
                    #expect(!text.contains(secret), "\(name) shows \(secret) in:\n\(text)")
                }
            }
        }
    }

    @Test func theTraceJSONMasksRegistrations() throws {
        let event = PushEvent.registered(.init(provider: .getui, identifier: "b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e"))
        let json = JSONWriter.string(from: event.jsonValue)
        #expect(!json.contains("b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e"))
        #expect(json.contains("5d6e"))
    }

    @Test(arguments: [
        #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77zz"}}"#,
        #"{"provider": "getui", "getui": {"appId": "x", "appKey": "y", "appSecret": "GetuiSecretValue123!!"}}"#,
        #"{"provider": "getui", "getui": {"appId": "x", "appKey": "y", "appSecret": "z", "masterSecret": "GetuiSecretValue123"}}"#,
    ])
    func configurationErrorsNeverShowASecret(json: String) {
        do {
            _ = try PushConfiguration(jsonBytes: Array(json.utf8), providers: [JPushDefinition(), GetuiDefinition()])
            Issue.record("accepted")
        } catch {
            for text in Self.renderings(error) {
                for secret in Self.secrets { #expect(!text.contains(secret)) }
            }
        }
    }

    @Test(arguments: ["", "a", "1234567", "12345678", "a-much-longer-secret-value"])
    func masking(value: String) {
        let masked = SecretText.mask(value)
        #expect(masked.hasPrefix("••••"))
        #expect(value.count < 8 ? masked == "••••" : masked == "••••" + value.suffix(4))
        if value.count >= 8 { #expect(!masked.contains(value)) }
    }
}
