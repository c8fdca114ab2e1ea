import Foundation
import PushBridge
import PushBridgeAPNsServer
import PushBridgeGetuiServer
import PushBridgeJPushServer
import PushBridgeServer
import Testing

/// Issue 46, item 7: the senders' own findings, each a test that fails without its fix.
@Suite struct SenderFindingsTests {
    static let senders = ServerConfigurationTests.senders

    /// A P-256 `.p8` made by openssl, or an RSA key, in a fresh folder.
    static func keyFile(_ arguments: [String]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-key-\(UUID().uuidString).p8").path
        _ = try TestSigningKey.openssl(["genpkey"] + arguments + ["-out", path])
        return path
    }

    static func apnsConfiguration(keyPath: String, environment: String? = nil) -> String {
        let extra = environment.map { #", "environment": "\#($0)""# } ?? ""
        return
            #"{"provider": "apns", "server": {"apns": {"keyID": "ABC123DEFG", "teamID": "DEF123GHIJ", "topic": "com.example.app", "privateKeyPath": "\#(keyPath)"\#(extra)}}}"#
    }

    // MARK: The environment from the configuration unless the message says otherwise

    /// `jpush.production: false` (issue 46: ignored, so a development build's registration ID got
    /// "success" and nothing): `apns_production` false, unless the message names production.
    @Test func jpushProductionFromTheConfigurationUnlessTheMessageOverrides() throws {
        let configuration = try ServerConfigurationTests.read(
            #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "production": false}, "server": {"jpush": {"masterSecret": "0123456789abcdef01234567"}}}"#
        )
        let sender = try PushSenders.make(configuration, senders: Self.senders)
        func apnsProduction(_ message: PushMessage) throws -> JSONValue? {
            try JSONParser.parse(try sender.plan(message, to: .registrationIDs(["1a0018970a9b2c3d4e5"]))[1].request.body)["options"]?[
                "apns_production"]
        }
        var message = PushMessage(alert: .init(body: "x"))
        #expect(message.environment == nil)
        #expect(try apnsProduction(message) == false)
        message.environment = .production
        #expect(try apnsProduction(message) == true)
    }

    /// `server.apns.environment: sandbox`: the sandbox host, unless the message names production.
    @Test func apnsEnvironmentFromTheConfigurationUnlessTheMessageOverrides() throws {
        let key = try Self.keyFile(["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"])
        defer { try? FileManager.default.removeItem(atPath: key) }
        let configuration = try ServerConfigurationTests.read(Self.apnsConfiguration(keyPath: key, environment: "sandbox"))
        let sender = try PushSenders.make(configuration, senders: Self.senders)
        let token: SecretText = "8e3a9f1c0b7d4e6a2f5c8b1d9e0a3c7f6b2d5e8a1c4f7b0e3d6a9c2f5b8e1d4a"
        var message = PushMessage(alert: .init(body: "x"))
        #expect(try sender.plan(message, to: .deviceTokens([token]))[0].request.url.hasPrefix("https://api.sandbox.push.apple.com/"))
        message.environment = .production
        #expect(try sender.plan(message, to: .deviceTokens([token]))[0].request.url.hasPrefix("https://api.push.apple.com/"))
        // A message file without "environment" names none.
        #expect(try PushMessage(json: try JSONParser.parse(#"{"alert": "x"}"#)).environment == nil)
        // A value other than production or sandbox is named.
        do {
            _ = try PushSenders.make(
                try ServerConfigurationTests.read(Self.apnsConfiguration(keyPath: key, environment: "development")), senders: Self.senders)
            Issue.record("accepted environment development")
        } catch {
            #expect(error.problems.map(\.field) == ["server.apns.environment"])
        }
    }

    // MARK: Tags are not secrets

    @Test func tagsAreNotMaskedInResultsWhileIdentifiersAre() {
        #expect(PushAudience.tags(["vip", "beta-zh"]).targets[0].description == "tags vip,beta-zh")
        let id = PushTarget(kind: .registrationID, id: "1a0018970a9b2c3d4e5")
        #expect(!id.description.contains("1a0018970a9b2c3d4e5"))
        #expect(!PushTarget(kind: .alias, id: "user-42-secret").description.contains("user-42-secret"))
    }

    // MARK: The credentials' shape, before anything is sent (a dry run makes the sender too)

    /// A garbage or RSA `.p8` (issue 46: it passed `send --dry-run`): named, with what was expected.
    @Test func aGarbageOrRSAKeyFileIsNamedWhenTheSenderIsMade() throws {
        let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-garbage-\(UUID().uuidString).p8").path
        defer { try? FileManager.default.removeItem(atPath: garbage) }
        try Data("not a key at all\n".utf8).write(to: URL(fileURLWithPath: garbage))
        let rsa = try Self.keyFile(["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"])
        defer { try? FileManager.default.removeItem(atPath: rsa) }
        let p384 = try Self.keyFile(["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"])
        defer { try? FileManager.default.removeItem(atPath: p384) }
        for (path, expected) in [(garbage, "is not a PEM key"), (rsa, "holds an RSA key"), (p384, "another curve")] {
            do {
                _ = try PushSenders.make(try ServerConfigurationTests.read(Self.apnsConfiguration(keyPath: path)), senders: Self.senders)
                Issue.record("accepted \(expected)")
            } catch {
                #expect(error.problems.map(\.field) == ["server.apns.privateKeyPath"])
                #expect(error.problems.first?.message.contains(expected) == true, "\(error.problems)")
            }
        }
        let good = try Self.keyFile(["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"])
        defer { try? FileManager.default.removeItem(atPath: good) }
        #expect(
            try PushSenders.make(try ServerConfigurationTests.read(Self.apnsConfiguration(keyPath: good)), senders: Self.senders).provider == .apns)
    }

    /// A JPush master secret that is not 24 hexadecimal characters, a Getui one with other than
    /// letters and digits: named, the value masked.
    @Test func aMalformedMasterSecretIsNamedAndMasked() throws {
        for (json, field) in [
            (
                #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}, "server": {"jpush": {"masterSecret": "not-a-secret-at-all-zzzz"}}}"#,
                "server.jpush.masterSecret"
            ),
            (
                #"{"provider": "getui", "getui": {"appId": "djYjSlFVMf6p5YOy2OQUs8", "appKey": "hPJ4a0Gr4r7QjWmTwxoNF2", "appSecret": "pY5gRtHCMs8XCZ1kV9n0r3"}, "server": {"getui": {"masterSecret": "\"kYnqvnKQ5lA4IDhlMtDj07 "}}}"#,
                "server.getui.masterSecret"
            ),
        ] {
            do {
                _ = try PushSenders.make(try ServerConfigurationTests.read(json), senders: Self.senders)
                Issue.record("accepted \(json)")
            } catch {
                #expect(error.problems.map(\.field) == [field])
                #expect(!error.description.contains("not-a-secret-at-all") && !error.description.contains("kYnqvnKQ5lA4IDhl"))
            }
        }
    }

    // MARK: Android devices of the same app (JPush, Getui)

    /// `platform: all` (issue 46: `["ios"]` always, so a tag campaign reached no Android device):
    /// JPush's `platform` is `all` and the alert's title, body and extras reach
    /// `notification.android`; iOS only by default.
    @Test func jpushReachesAndroidWhenThePlatformIsAll() throws {
        func body(_ server: String, _ message: PushMessage) throws -> JSONValue {
            let configuration = try ServerConfigurationTests.read(
                #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}, "server": {"jpush": {"masterSecret": "0123456789abcdef01234567"\#(server)}}}"#
            )
            return try JSONParser.parse(try PushSenders.make(configuration, senders: Self.senders).plan(message, to: .tags(["vip"]))[1].request.body)
        }
        let message = PushMessage(alert: .init(title: "Sale", body: "Today only"), badge: 1, customData: ["sku": "A-1"])
        let iosOnly = try body("", message)
        #expect(iosOnly["platform"] == ["ios"])
        #expect(iosOnly["notification"]?["android"] == nil)
        let all = try body(#", "platform": "all""#, message)
        #expect(all["platform"] == "all")
        #expect(all["notification"]?["android"] == ["alert": "Today only", "title": "Sale", "extras": ["sku": "A-1"]])
        #expect(all["notification"]?["ios"]?["badge"] == 1)
        // Localisation keys have no Android field: named, not dropped.
        do {
            _ = try body(#", "platform": "all""#, PushMessage(alert: .init(locKey: "SALE")))
            Issue.record("sent a localised alert to Android")
        } catch let error as PushError {
            #expect(error.field == "alert")
        }
    }

    /// Getui with `platform: all`: the vendor channels' notification (title, body) beside iOS's.
    @Test func getuiReachesAndroidVendorChannelsWhenThePlatformIsAll() throws {
        let configuration = try ServerConfigurationTests.read(
            #"{"provider": "getui", "getui": {"appId": "djYjSlFVMf6p5YOy2OQUs8", "appKey": "hPJ4a0Gr4r7QjWmTwxoNF2", "appSecret": "pY5gRtHCMs8XCZ1kV9n0r3"}, "server": {"getui": {"masterSecret": "kYnqvnKQ5lA4IDhlMtDj07", "platform": "all"}}}"#
        )
        let sender = try PushSenders.make(configuration, senders: Self.senders)
        let body = try JSONParser.parse(
            try sender.plan(PushMessage(alert: .init(title: "Sale", body: "Today only")), to: .clientIDs(["1d4a1b3c5e7f9a0b2c4d6e8f0a1b3c5d"]))[0]
                .request.body)
        #expect(body["push_channel"]?["android"]?["ups"]?["notification"] == ["title": "Sale", "body": "Today only", "click_type": "startapp"])
        #expect(body["push_channel"]?["ios"] != nil)
        do {
            _ = try PushSenders.make(
                try ServerConfigurationTests.read(
                    #"{"provider": "getui", "getui": {"appId": "djYjSlFVMf6p5YOy2OQUs8", "appKey": "hPJ4a0Gr4r7QjWmTwxoNF2", "appSecret": "pY5gRtHCMs8XCZ1kV9n0r3"}, "server": {"getui": {"masterSecret": "kYnqvnKQ5lA4IDhlMtDj07", "platform": "android"}}}"#
                ),
                senders: Self.senders)
            Issue.record("accepted platform android")
        } catch {
            #expect(error.problems.map(\.field) == ["server.getui.platform"])
        }
    }
}
