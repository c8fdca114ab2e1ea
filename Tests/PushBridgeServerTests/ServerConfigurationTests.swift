import PushBridge
import PushBridgeAPNsServer
import PushBridgeGetuiServer
import PushBridgeJPushServer
import PushBridgeServer
import Testing

/// The server's configuration: the app's file plus a `server` section, the sender it names, every
/// problem named by its key, and the secrets masked.
@Suite struct ServerConfigurationTests {
    static let senders: [any PushSenderDefinition] = [APNsSenderDefinition(), JPushSenderDefinition(), GetuiSenderDefinition()]

    static func read(_ json: String) throws(PushConfigurationError) -> PushServerConfiguration {
        try PushServerConfiguration(jsonBytes: Array(json.utf8), senders: senders)
    }

    @Test func jpushConfigurationMakesAJPushSender() throws {
        let configuration = try Self.read(
            #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}, "server": {"jpush": {"masterSecret": "0123456789abcdef01234567"}}}"#
        )
        let sender = try PushSenders.make(configuration, senders: Self.senders)
        #expect(sender.provider == .jpush)
        #expect(!"\(configuration)".contains("0123456789abcdef01234567"))
        #expect("\(configuration)".contains("••••4567"))
        #expect(!String(reflecting: configuration).contains("0123456789abcdef"))
    }

    @Test func theSameFileSwapsToGetuiByOneEdit() throws {
        let configuration = try Self.read(
            #"""
            {"provider": "getui",
             "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"},
             "getui": {"appId": "djYjSlFVMf6p5YOy2OQUs8", "appKey": "hPJ4a0Gr4r7QjWmTwxoNF2", "appSecret": "pY5gRtHCMs8XCZ1kV9n0r3"},
             "server": {"jpush": {"masterSecret": "0123456789abcdef01234567"}, "getui": {"masterSecret": "kYnqvnKQ5lA4IDhlMtDj07"}}}
            """#)
        #expect(try PushSenders.make(configuration, senders: Self.senders).provider == .getui)
    }

    @Test(arguments: [
        (#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}}"#, "server"),
        (#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}, "server": []}"#, "server"),
        (#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}, "server": {"fcm": {}}}"#, "server.fcm"),
        (#"{"provider": "jpush", "server": {}}"#, "jpush"),
    ])
    func readingProblemsNameTheirKey(json: String, field: String) {
        do {
            _ = try Self.read(json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.problems.contains { $0.field == field }, "\(error.problems)")
        }
    }

    @Test(arguments: [
        (#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}, "server": {}}"#, "server.jpush"),
        (#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}, "server": {"jpush": {}}}"#, "server.jpush.masterSecret"),
        (
            #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}, "server": {"jpush": {"masterSecret": "x", "appSecret": "y"}}}"#,
            "server.jpush.appSecret"
        ),
        (
            #"{"provider": "apns", "server": {"apns": {"keyID": "short", "teamID": "DEF123GHIJ", "topic": "com.example.app", "privateKeyPath": "/nonexistent.p8"}}}"#,
            "server.apns.keyID"
        ),
        (
            #"{"provider": "apns", "server": {"apns": {"keyID": "ABC123DEFG", "teamID": "DEF123GHIJ", "topic": "com.example.app", "privateKeyPath": "/nonexistent.p8"}}}"#,
            "server.apns.privateKeyPath"
        ),
    ])
    func senderProblemsNameTheirKey(json: String, field: String) throws {
        let configuration = try Self.read(json)
        do {
            _ = try PushSenders.make(configuration, senders: Self.senders)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.problems.contains { $0.field == field }, "\(error.problems)")
            #expect(!error.description.contains("\"y\""))
        }
    }

    /// An app's own reader refuses the server's section: its secrets must never ship in an app.
    @Test func anAppRefusesTheServerSection() {
        do {
            _ = try PushConfiguration(jsonBytes: Array(#"{"provider": "apns", "server": {"jpush": {"masterSecret": "s"}}}"#.utf8))
            Issue.record("an app accepted a server section")
        } catch {
            #expect(error.problems.map(\.field) == ["server"])
            #expect(error.description.contains("must never ship inside an app"))
        }
    }
}

/// One file for a binary in several markets: the backend makes the sender of the provider each
/// device registered with.
@Suite struct ServerConfigurationMarketsTests {
    static let file = #"""
        {"provider": "apns", "markets": {"CHN": "jpush"},
         "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"},
         "server": {"jpush": {"masterSecret": "0123456789abcdef01234567"},
                    "apns": {"keyID": "ABC123DEFG", "teamID": "DEF123GHIJ", "privateKeyPath": "AuthKey_ABC123DEFG.p8", "topic": "com.example.app"}}}
        """#

    @Test func eachRegistrationsProviderGetsItsSender() throws {
        let configuration = try ServerConfigurationTests.read(Self.file)
        #expect(try PushSenders.make(configuration, provider: .jpush, senders: ServerConfigurationTests.senders).provider == .jpush)
        #expect(configuration.app.provider == .apns)
        do {
            _ = try PushSenders.make(configuration, provider: "getui", senders: ServerConfigurationTests.senders)
            Issue.record("made a sender for a provider the file does not name")
        } catch {
            #expect(error.problems.first?.field == "provider")
            #expect(error.description.contains("expected one of: apns, jpush"))
        }
    }
}
