import PushBridge
import PushBridgeGetui
import PushBridgeJPush
import Testing

/// Configurations: every valid form, and every invalid one reported with its key, secrets masked.
@Suite struct PushConfigurationTests {
    static let jpushKey = "5a6e94518f6bd85ba173cf77"
    static let getuiSecret = "Sx9Zq2Lm4Np6Rt8Vw0Yb3C"

    private func decode(_ text: String) throws(PushConfigurationError) -> PushConfiguration {
        try PushConfiguration(jsonBytes: Array(text.utf8), providers: [JPushDefinition(), GetuiDefinition()])
    }

    @Test func validConfigurations() throws {
        let jpush = try decode(#"{"provider": "jpush", "jpush": {"appKey": "\#(Self.jpushKey)", "channel": "App Store", "production": true}}"#)
        #expect(jpush.provider == .jpush)
        #expect(jpush.jpush?.appKey.revealed == Self.jpushKey)
        #expect(jpush.jpush?.production == true)

        let defaults = try decode(#"{"provider": "jpush", "jpush": {"appKey": "\#(Self.jpushKey)"}}"#)
        #expect(defaults.jpush?.channel == "App Store")
        #expect(defaults.jpush?.production == nil)  // no key: the signing decides

        let getui = try decode(#"{"provider": "getui", "getui": {"appId": "A1b2C3", "appKey": "K4d5E6", "appSecret": "\#(Self.getuiSecret)"}}"#)
        #expect(getui.getui?.appSecret.revealed == Self.getuiSecret)

        #expect(try decode(#"{"provider": "apns"}"#).provider == .apns)

        let migration = try decode(
            #"{"provider": "getui", "additionalProviders": ["jpush"], "getui": {"appId": "A", "appKey": "B", "appSecret": "C"}, "jpush": {"appKey": "\#(Self.jpushKey)"}}"#
        )
        #expect(migration.providers == [.getui, .jpush])
    }

    /// Each invalid configuration and the keys its problems must name.
    static let invalid: [(json: String, fields: [String])] = [
        (#"not json"#, ["configuration"]),
        (#"[]"#, ["configuration"]),
        (#"{}"#, ["provider"]),
        (#"{"provider": "firebase"}"#, ["provider"]),
        (#"{"provider": 3}"#, ["provider"]),
        (#"{"provider": "jpush"}"#, ["jpush"]),
        (#"{"provider": "jpush", "jpush": "key"}"#, ["jpush"]),
        (#"{"provider": "jpush", "jpush": {}}"#, ["jpush.appKey"]),
        (#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf7"}}"#, ["jpush.appKey"]),
        (#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf7z"}}"#, ["jpush.appKey"]),
        (#"{"provider": "jpush", "jpush": {"appKey": 5}}"#, ["jpush.appKey"]),
        (#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "production": "yes"}}"#, ["jpush.production"]),
        (#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "channel": ""}}"#, ["jpush.channel"]),
        (#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "masterSecret": "abcdef0123456789"}}"#, ["jpush.masterSecret"]),
        (#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "appSecret": "x"}}"#, ["jpush.appSecret"]),
        (#"{"provider": "getui", "getui": {"appId": "A", "appKey": "B"}}"#, ["getui.appSecret"]),
        (#"{"provider": "getui", "getui": {"appId": "A", "appKey": "B", "appSecret": "C", "masterSecret": "M"}}"#, ["getui.masterSecret"]),
        (#"{"provider": "getui", "getui": {"appId": "", "appKey": "B c", "appSecret": "C"}}"#, ["getui.appId", "getui.appKey"]),
        (#"{"provider": "apns", "masterSecret": "x"}"#, ["masterSecret"]),
        (#"{"provider": "apns", "extra": 1}"#, ["extra"]),
        (#"{"provider": "apns", "apns": {"topic": "x"}}"#, ["apns.topic"]),
        (#"{"provider": "apns", "additionalProviders": ["apns"]}"#, ["additionalProviders[0]"]),
        (#"{"provider": "apns", "additionalProviders": ["getui"]}"#, ["getui"]),
        (#"{"provider": "nope", "jpush": {"appKey": "short"}, "other": true}"#, ["other", "provider", "jpush.appKey"]),
    ]

    @Test(arguments: invalid)
    func invalidConfigurationsNameEveryKey(json: String, fields: [String]) {
        do {
            _ = try decode(json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.problems.map { $0.field ?? "" } == fields)
            for problem in error.problems {
                #expect(problem.code == .invalidConfiguration || problem.code == .malformedJSON)
            }
        }
    }

    @Test(arguments: [
        #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf7Q"}}"#,
        #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "masterSecret": "5a6e94518f6bd85ba173cf77"}}"#,
        #"{"provider": "getui", "getui": {"appId": "A", "appKey": "B", "appSecret": "Sx9Zq2Lm4Np6Rt8Vw0Yb3C!"}}"#,
    ])
    func errorsNeverShowASecretWhole(json: String) {
        do {
            _ = try decode(json)
            Issue.record("accepted \(json)")
        } catch {
            for secret in ["5a6e94518f6bd85ba173cf7Q", "5a6e94518f6bd85ba173cf77", "Sx9Zq2Lm4Np6Rt8Vw0Yb3C"] {
                #expect(!error.description.contains(secret))
                #expect(!String(reflecting: error).contains(secret))
            }
        }
    }

    @Test func descriptionsMaskEverySecret() throws {
        let configuration = try decode(
            #"{"provider": "getui", "additionalProviders": ["jpush"], "getui": {"appId": "AppId12345", "appKey": "AppKey12345", "appSecret": "\#(Self.getuiSecret)"}, "jpush": {"appKey": "\#(Self.jpushKey)"}}"#
        )
        var dumped = ""
        dump(configuration, to: &dumped)
        for text in [configuration.description, String(reflecting: configuration), dumped] {
            for secret in [Self.jpushKey, Self.getuiSecret, "AppId12345", "AppKey12345"] {
                #expect(!text.contains(secret), "\(text)")
            }
        }
        #expect(configuration.description.contains("cf77"))
    }
}
