import Foundation
import PushBridgeAPNs
import PushBridgeAPNsTesting
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// One App Store binary for mainland China and abroad: one `push.json` whose `markets` give
/// mainland China's storefront to JPush and every other to APNs, the provider chosen at each
/// launch, recorded in the app group for the extension, and re-registered when it changes.
@Suite("One binary for China and abroad")
struct OneBinaryTests {
    static let file = #"""
        {"provider": "apns", "markets": {"CHN": "jpush"}, "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"},
         "serviceExtension": {"appGroup": "group.com.example.app"}}
        """#

    /// The app group's container, shared by every launch of one test (which removes it).
    static func appGroup() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("one-binary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// What one launch left: the provider it ran, the events (all of them: the client is gone
    /// when this returns), and the JPush SDK's calls.
    struct Launch {
        var active: PushAdapter.Active?
        var problem: PushError?
        var events: [PushEvent]
        var jpushCalls: [MockJPushBridge.Call]
        var registered: [PushEvent.Registration] {
            events.compactMap {
                if case .registered(let registration) = $0 { return registration }
                return nil
            }
        }
    }

    /// One launch of the app: the client made from the file with fresh mock SDKs, started with
    /// consent, and iOS's token (and JPush's login) delivered.
    static func launch(
        storefront: String?, group: URL, environment: PushAdapter.Environment = .production, appChoice: PushProviderID? = nil, file: String = file
    ) async -> Launch {
        let jpush = MockJPushBridge(registrationID: "1a0018970a1b2c3d4e5")
        let adapters: [PushAdapter] = [.apns(bridge: MockAPNsBridge(grants: true)), .jpush(bridge: { jpush })]
        var options = PushClientOptions()
        options.provider = appChoice
        let launch = LaunchContext(storefront: { storefront }, environment: environment) { $0 == "group.com.example.app" ? group : nil }
        let events: PushEventStream
        let active: PushAdapter.Active?
        let problem: PushError?
        do {
            let client = PushClient(configurationJSON: Array(file.utf8), adapters: adapters, options: options, launch: launch)
            events = client.events()
            client.start(consent: .granted)
            client.didRegisterForRemoteNotifications(deviceToken: Array(repeating: 0xAB, count: 32))
            jpush.trigger(.network(.didLogin))
            active = client.activeProvider
            problem = client.configurationProblem
        }
        return Launch(active: active, problem: problem, events: await events.collected(), jpushCalls: jpush.calls)
    }

    @Test("launched in mainland China's storefront, then in the US one: each launch registers its provider once, the backend told which")
    func relaunchInAnotherMarket() async throws {
        let group = try Self.appGroup()
        defer { try? FileManager.default.removeItem(at: group) }
        let china = await Self.launch(storefront: "CHN", group: group)
        #expect(china.active?.id == .jpush)
        #expect(china.registered.map(\.provider) == [.jpush], "events: \(china.events)")
        #expect(ProviderRecord.read(in: group) == ProviderRecord(provider: .jpush, environment: .production))

        let abroad = await Self.launch(storefront: "USA", group: group)
        #expect(abroad.active?.id == .apns)
        #expect(abroad.active?.capabilities.contains(.alias) == false)
        // Exactly once, APNs's: JPush is not started, its registration ID not reported as current.
        #expect(abroad.registered.map(\.provider) == [.apns], "events: \(abroad.events)")
        #expect(abroad.jpushCalls.isEmpty)
        #expect(!abroad.events.contains { $0.kind == .registrationFailed })
        #expect(ProviderRecord.read(in: group) == ProviderRecord(provider: .apns, environment: .production))
    }

    @Test("storefront not known: the provider of the previous launch, else the file's provider")
    func unknownStorefront() async throws {
        let group = try Self.appGroup()
        defer { try? FileManager.default.removeItem(at: group) }
        let first = await Self.launch(storefront: nil, group: group)
        #expect(first.active?.id == .apns)  // no record yet: the default
        _ = await Self.launch(storefront: "CHN", group: group)
        let later = await Self.launch(storefront: nil, group: group)
        #expect(later.active?.id == .jpush)
        #expect(later.registered.map(\.provider) == [.jpush])
    }

    @Test("the app's choice wins over the storefront; one the file does not name leaves push off, saying so")
    func appChoice() async throws {
        let group = try Self.appGroup()
        defer { try? FileManager.default.removeItem(at: group) }
        let chosen = await Self.launch(storefront: "USA", group: group, appChoice: .jpush)
        #expect(chosen.active?.id == .jpush)
        #expect(chosen.registered.map(\.provider) == [.jpush])

        let unknown = await Self.launch(storefront: "USA", group: group, appChoice: "getui")
        #expect(unknown.active == nil)
        #expect(unknown.problem?.field == "options.provider")
        #expect(unknown.events.filter { $0.kind == .registrationFailed }.count == 1)
        #expect(unknown.registered.isEmpty)
    }

    @Test("the environment the app is signed for: reported by the client, followed by JPush unless the file sets production")
    func environment() async throws {
        let group = try Self.appGroup()
        defer { try? FileManager.default.removeItem(at: group) }
        let development = await Self.launch(storefront: "CHN", group: group, environment: .development)
        #expect(development.active?.environment == .development)
        #expect(development.active?.description.hasPrefix("jpush (development) [alias, tags") == true)
        #expect(development.jpushCalls.compactMap(Self.apsForProduction) == [false])
        #expect(ProviderRecord.read(in: group)?.environment == .development)

        let explicit = #"{"provider": "apns", "markets": {"CHN": "jpush"}, "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "production": true}}"#
        let pinned = await Self.launch(storefront: "CHN", group: group, environment: .development, file: explicit)
        #expect(pinned.jpushCalls.compactMap(Self.apsForProduction) == [true])
    }

    /// `apsForProduction` of a `setupWithOption:…` call.
    static func apsForProduction(_ call: MockJPushBridge.Call) -> Bool? {
        guard case .setup(appKey: _, channel: _, production: let production, advertisingIdentifier: _, launchedWithNotification: _) = call else {
            return nil
        }
        return production
    }

    @Test("a market's provider the app does not link: push off, the market named")
    func marketNotLinked() async throws {
        let file = #"{"provider": "apns", "markets": {"HKG": "getui"}, "getui": {"appId": "A1b2C3", "appKey": "K4d5E6", "appSecret": "S7f8G9"}}"#
        let group = try Self.appGroup()
        defer { try? FileManager.default.removeItem(at: group) }
        let launch = await Self.launch(storefront: "USA", group: group, file: file)
        #expect(launch.problem?.field == "markets.HKG")
        #expect(launch.problem?.message.contains("getui") == true)
    }
}
