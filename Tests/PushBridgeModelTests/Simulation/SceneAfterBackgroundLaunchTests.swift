import AdapterTestSupport
import PushBridge
import PushBridgeModel
import PushBridgeTesting
import Testing

/// A scene app iOS launched into the background for a push has no scene (WordPress-iOS#25643: no
/// window after a background launch); when the user then taps a notification, the scene connects
/// with the response in its connection options (Apple, `UIScene.ConnectionOptions.notificationResponse`)
/// before 5 — and the app gets one `opened`, `background`: the process was running.
@Suite struct SceneAfterBackgroundLaunchTests {
    static let modern: Set<SystemCallback> = [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse]

    @Test(arguments: [AppLifecycle.scenes, .appDelegate])
    func aTapAfterABackgroundLaunchConnectsTheSceneOfASceneApp(lifecycle: AppLifecycle) throws {
        // One alert that is also content-available: iOS launches the app into the background for
        // it, then the user taps its banner.
        let scenario = DispatchScenario(
            ios: IOSVersion(17), state: .notRunning, implements: Self.modern,
            notification: .remote(["aps": ["alert": "New comment", "content-available": 1]], id: "n-1"),
            presentation: [.banner], user: .tap, lifecycle: lifecycle)
        let callbacks = DispatchModel.trace(for: scenario).calls.map(\.callback)
        let connects: [SystemCallback] = lifecycle == .scenes ? [.sceneWillConnect] : []
        #expect(callbacks == [.didFinishLaunching, .didReceiveRemoteNotificationFetch] + connects + [.didReceiveResponse])
        for provider in allSimulators {
            let result = try ScenarioSimulator.run(scenario, provider: provider)
            #expect(result.events.map(\.kind) == [.received, .opened], "\(provider.definition.id)")
            #expect(result.events.map(\.origin) == [.background, .background], "the process was running: \(provider.definition.id)")
            #expect(Set(result.events.compactMap(\.id)).count == 1, "one delivery")
        }
    }

    @Test func aSilentPushThenATapOnAnotherNotificationConnectsTheScene() throws {
        // Through the simulated device: a silent push launches the scene app into the background,
        // a second notification arrives, the user taps it.
        let scenario = try DispatchScenario(json: [
            "ios": "17.0", "state": "notRunning", "lifecycle": "scenes",
            "implements": [
                "application:didReceiveRemoteNotification:fetchCompletionHandler:",
                "userNotificationCenter:willPresentNotification:withCompletionHandler:",
                "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
            ],
            "notification": ["id": "s-1", "payload": ["aps": ["content-available": 1]]],
            "steps": [["notification": ["id": "n-2", "payload": ["aps": ["alert": "New comment"]]]], ["user": "tap", "on": "n-2"]],
        ])
        let result = try StepSimulator.run(scenario)
        let methods = result.calls.map(\.call.method)
        #expect(
            methods
                == [SystemCallback.didFinishLaunching, .didReceiveRemoteNotificationFetch, .sceneWillConnect, .didReceiveResponse].map(\.rawValue))
        #expect(result.events.map(\.kind) == [.received, .opened])
        #expect(result.events.last?.origin == .background)
    }

    @Test func aSceneThatConnectedWhenTheAppCameUpIsNotConnectedAgain() throws {
        // The app came to the foreground (its scene connected) and went back: a tap is a plain 5.
        let scenario = try DispatchScenario(json: [
            "ios": "17.0", "state": "notRunning", "lifecycle": "scenes",
            "implements": [
                "application:didReceiveRemoteNotification:fetchCompletionHandler:",
                "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
            ],
            "notification": ["id": "s-1", "payload": ["aps": ["content-available": 1]]],
            "steps": [
                ["app": "foreground"], ["app": "background"],
                ["notification": ["id": "n-2", "payload": ["aps": ["alert": "New comment"]]]], ["user": "tap", "on": "n-2"],
            ],
        ])
        let result = try StepSimulator.run(scenario)
        #expect(!result.calls.contains { $0.call.method == SystemCallback.sceneWillConnect.rawValue })
        #expect(result.calls.last?.call.method == SystemCallback.didReceiveResponse.rawValue)
        #expect(result.events.filter { $0.kind == .opened }.count == 1)
    }
}
