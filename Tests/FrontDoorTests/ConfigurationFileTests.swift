import Foundation
import PushBridge
import PushBridgeAPNs
import PushBridgeAPNsTesting
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// A client made from a configuration file never traps and is never silent: when the file or the
/// adapters cannot be used, push is off and the reason reaches the app — as
/// `configurationProblem`, and as one `registrationFailed` event held for its first subscriber.
@Suite("A client from a configuration file")
struct ConfigurationFileTests {
    /// The one event a client whose configuration could not be used publishes.
    static func reason(_ client: PushClient) async throws -> PushError {
        let events = await client.events().first(1)
        guard case .registrationFailed(let failure) = try #require(events.first) else {
            Issue.record("expected registrationFailed, got \(events)")
            throw PushError(.invalidScenario, "no reason")
        }
        return failure.error
    }

    @Test("a file missing from the bundle: push off, the file named")
    func missingFile() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("front-door-empty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: empty) }
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let bundle = try #require(Bundle(path: empty.path))
        let client = PushClient(configurationFile: "push.json", bundle: bundle, adapters: MockedProvider.adapters())
        let problem = try #require(client.configurationProblem)
        #expect(problem.field == "push.json")
        #expect(problem.message.contains("not found"))
        #expect(try await Self.reason(client) == problem)
    }

    @Test("a file in the bundle is read")
    func fileInBundle() throws {
        let file = try MinimalAppFlowTests.configurationFile(#"{"provider": "apns"}"#)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let bundle = try #require(Bundle(path: file.deletingLastPathComponent().path))
        let client = PushClient(configurationFile: "push.json", bundle: bundle, adapters: MockedProvider.adapters())
        #expect(client.configurationProblem == nil)
        #expect(client.provider.id == .apns)
    }

    @Test("a file that starts with a UTF-8 byte-order mark is read (RFC 8259 §8.1), as is one without")
    func byteOrderMark() throws {
        for text in ["\u{FEFF}{\"provider\": \"apns\"}", "{\"provider\": \"apns\"}"] {
            let file = try MinimalAppFlowTests.configurationFile(text)
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            #expect(try Data(contentsOf: file).starts(with: [0xEF, 0xBB, 0xBF]) == text.hasPrefix("\u{FEFF}"))
            let bundle = try #require(Bundle(path: file.deletingLastPathComponent().path))
            let client = PushClient(configurationFile: "push.json", bundle: bundle, adapters: MockedProvider.adapters())
            #expect(client.configurationProblem == nil)
            #expect(client.provider.id == .apns)
        }
    }

    @Test("malformed JSON: push off, the problem named")
    func malformed() async throws {
        let client = PushClient(configurationJSON: Array(#"{"provider": "jpush""#.utf8), adapters: MockedProvider.adapters())
        let problem = try #require(client.configurationProblem)
        #expect(problem.code == .malformedJSON)
        #expect(try await Self.reason(client) == problem)
    }

    @Test("a provider the app did not link: push off, the provider and the fix named")
    func unlinkedProvider() async throws {
        let file = #"{"provider": "getui", "getui": {"appId": "A1b2C3", "appKey": "K4d5E6", "appSecret": "S7f8G9"}}"#
        let bridge = MockAPNsBridge()
        let client = PushClient(configurationJSON: Array(file.utf8), adapters: [.apns(bridge: bridge)])
        let problem = try #require(client.configurationProblem)
        #expect(problem.field == "provider")
        #expect(problem.message.contains("getui"))
        #expect(problem.message.contains(".getui"))
        let failure = try await Self.reason(client)
        #expect(failure == problem)
        // Starting asks nothing of iOS: push is off.
        client.start(consent: .granted)
        #expect(bridge.calls.isEmpty)
    }

    @Test("a provider's section with a bad key: every problem named, its secret never shown")
    func badSection() throws {
        let file = #"{"provider": "jpush", "jpush": {"appKey": "not-a-key-5a6e94518f6bd85ba173cf77", "channel": 3}}"#
        let client = PushClient(configurationJSON: Array(file.utf8), adapters: MockedProvider.adapters())
        let problem = try #require(client.configurationProblem)
        #expect(problem.field?.hasPrefix("jpush") == true)
        #expect(!problem.description.contains("5a6e94518f6bd85ba173cf77"))
    }

    @Test("the SDK missing from the app: push off, with the adapter's own error")
    func missingSDK() async throws {
        let file = #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}}"#
        let missing = PushError(.unsupported, field: "sdk", "JPUSHService is not in the app")
        let client = PushClient(configurationJSON: Array(file.utf8), adapters: [.jpush(bridge: { throw missing })])
        #expect(client.configurationProblem == missing)
        #expect(try await Self.reason(client) == missing)
    }

    @Test("the features the file switches on reach the client")
    func features() throws {
        let file = #"{"provider": "apns", "serviceExtension": {"appGroup": "group.com.example.app"}}"#
        let client = PushClient(configurationJSON: Array(file.utf8), adapters: MockedProvider.adapters())
        #expect(client.options.features?.serviceExtension?.appGroup == "group.com.example.app")
    }
}

/// `start(consent:authorization:categories:)`: one call, never silent.
@Suite("Starting push in one call")
struct StartTests {
    static let jpushFile = #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}, "serviceExtension": {"appGroup": "group.a"}}"#

    @Test("consent denied with JPush: nothing reaches the SDK but the answer, a consentRequired event says why; granted later starts once")
    func deniedThenGranted() async throws {
        let bridge = MockJPushBridge()
        let client = PushClient(configurationJSON: Array(Self.jpushFile.utf8), adapters: [.jpush(bridge: { bridge })])
        let events = client.events()
        client.start(consent: .denied)
        #expect(bridge.calls == [.collectionAuthorization(false)])
        let first = await events.first(1)
        guard case .registrationFailed(let failure) = try #require(first.first) else {
            Issue.record("expected registrationFailed, got \(first)")
            return
        }
        #expect(failure.error.code == .consentRequired)

        client.start(consent: .granted)
        client.start(consent: .granted)
        let setups = bridge.calls.filter {
            if case .setup = $0 { return true }
            return false
        }
        let registrations = bridge.calls.filter {
            if case .register = $0 { return true }
            return false
        }
        #expect(setups.count == 1)
        #expect(registrations.count == 1)
    }

    @Test("consent denied with plain APNs: nothing asked, nothing registered; .notRequired registers")
    func apnsWaitsForTheAppsAnswer() {
        let bridge = MockAPNsBridge()
        let client = PushClient(configurationJSON: Array(#"{"provider": "apns"}"#.utf8), adapters: [.apns(bridge: bridge)])
        client.start(consent: .denied, authorization: [.alert])
        #expect(bridge.calls.isEmpty)
        client.start(consent: .notRequired)
        #expect(bridge.calls == [.requestAuthorization([.alert]), .registerForRemoteNotifications])
    }

    @Test("JPush and Getui refuse .notRequired: their vendors require the user's consent")
    func vendorsRefuseNotRequired() async throws {
        let jpush = MockJPushBridge()
        let client = PushClient(configurationJSON: Array(Self.jpushFile.utf8), adapters: [.jpush(bridge: { jpush })])
        let events = client.events()
        client.start(consent: .notRequired)
        #expect(jpush.calls == [.collectionAuthorization(false)])
        let first = await events.first(1)
        guard case .registrationFailed(let failure) = try #require(first.first) else {
            Issue.record("expected registrationFailed, got \(first)")
            return
        }
        #expect(failure.error.code == .consentRequired)
        #expect(failure.error.field == "consent")
    }

    @Test("the launch notification reaches the SDK's start")
    func launchNotification() {
        let bridge = MockJPushBridge()
        let client = PushClient(configurationJSON: Array(Self.jpushFile.utf8), adapters: [.jpush(bridge: { bridge })])
        client.didFinishLaunching(launchOptions: [LaunchOptionsReader.remoteNotificationKey: ["aps": ["alert": "hi"]]], state: .inactive)
        client.start(consent: .granted)
        let launched = bridge.calls.contains {
            if case .setup(_, _, _, _, let launchedWithNotification) = $0 { return launchedWithNotification }
            return false
        }
        #expect(launched)
    }

    @Test("the user declines notifications: a registrationFailed event, nothing registered")
    func userDeclines() async throws {
        let bridge = MockAPNsBridge(grants: false)
        let client = PushClient(configurationJSON: Array(#"{"provider": "apns"}"#.utf8), adapters: [.apns(bridge: bridge)])
        let events = client.events()
        client.start(consent: .granted)
        let first = await events.first(1)
        guard case .registrationFailed(let failure) = try #require(first.first) else {
            Issue.record("expected registrationFailed, got \(first)")
            return
        }
        #expect(failure.provider == .apns)
        #expect(bridge.calls == [.requestAuthorization([.alert, .badge, .sound])])
    }
}
