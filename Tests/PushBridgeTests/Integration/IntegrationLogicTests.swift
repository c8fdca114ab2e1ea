import PushBridge
import PushBridgeProviderKit
import Testing

/// The decisions of the Apple integration layer, tested on every platform.
@Suite struct IntegrationLogicTests {
    @Test func launchOptionsWithARemoteNotification() throws {
        let options: JSONObject = [LaunchOptionsReader.remoteNotificationKey: ["aps": ["alert": "hi"], "_j_msgid": 5]]
        let (invocation, error) = LaunchOptionsReader.invocation(launchOptions: options, state: .inactive)
        #expect(error == nil)
        #expect(invocation.callback == .didFinishLaunching)
        #expect(invocation.launchOptionsKey == .remoteNotification)
        #expect(invocation.notification?.payload["_j_msgid"] == 5, "the client names it by the provider's message ID")
    }

    @Test func launchOptionsWithALocalNotification() {
        let options: JSONObject = [LaunchOptionsReader.localNotificationKey: ["aps": ["alert": "x"]]]
        let (invocation, _) = LaunchOptionsReader.invocation(launchOptions: options, state: .inactive)
        #expect(invocation.launchOptionsKey == .localNotification)
        #expect(invocation.notification?.source == .local)
    }

    @Test(arguments: [nil, [:], ["UIApplicationLaunchOptionsURLKey": "myapp://x"]] as [JSONObject?])
    func launchesWithoutANotification(options: JSONObject?) {
        let (invocation, error) = LaunchOptionsReader.invocation(launchOptions: options, state: .inactive)
        #expect(invocation.launchOptionsKey == nil)
        #expect(invocation.notification == nil)
        #expect(error == nil)
    }

    @Test(arguments: [
        [LaunchOptionsReader.remoteNotificationKey: "not a payload"] as JSONObject,
        [LaunchOptionsReader.remoteNotificationKey: ["noAps": 1]] as JSONObject,
    ])
    func aBadPayloadKeepsTheLaunchAndReportsTheError(options: JSONObject) {
        let (invocation, error) = LaunchOptionsReader.invocation(launchOptions: options, state: .inactive)
        #expect(invocation.callback == .didFinishLaunching)
        #expect(invocation.notification == nil)
        #expect(error != nil)
    }

    static let presentations: [(options: PresentationOptions, version: IOSVersion, expected: PresentationOptions)] = [
        ([.banner, .sound], IOSVersion(13, 7), [.alert, .sound]),
        ([.list], IOSVersion(12), [.alert]),
        ([.badge], IOSVersion(12), [.badge]),
        ([.alert], IOSVersion(14), [.banner, .list]),
        ([.banner, .list, .sound, .badge], IOSVersion(17), [.banner, .list, .sound, .badge]),
        ([], IOSVersion(10), []),
    ]

    @Test(arguments: presentations)
    func presentationOptionsFitTheVersion(options: PresentationOptions, version: IOSVersion, expected: PresentationOptions) {
        #expect(PresentationAdapter.systemOptions(options, on: version) == expected)
    }

    @Test func aJoinCompletesOnceAfterEveryPart() async {
        await confirmation(expectedCount: 1) { done in
            let join = CompletionJoin(parts: 2) { done() }
            join.partDone()
            join.partDone()
            join.partDone()
        }
        await confirmation(expectedCount: 1) { done in
            _ = CompletionJoin(parts: 0) { done() }
        }
        await confirmation(expectedCount: 0) { done in
            let join = CompletionJoin(parts: 2) { done() }
            join.partDone()
        }
    }

    @Test func aJoinUnderContention() async {
        await confirmation(expectedCount: 1) { done in
            let join = CompletionJoin(parts: 50) { done() }
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<100 { group.addTask { join.partDone() } }
            }
        }
    }
}
