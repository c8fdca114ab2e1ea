import AdapterTestSupport
import PushBridgeModel
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// Scene apps (UIKit scenes, every SwiftUI app): the launch options carry no notification; the
/// scene's connection carries the response that launched the app, and the center's delegate
/// gets it too. Whatever arrives, one cold start is one `opened` (`coldStart`).
@Suite struct SceneLifecycleTests {
    static let modern: Set<SystemCallback> = [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse]
    static let payload: JSONObject = ["aps": ["alert": "New comment"], "commentId": "c-9"]

    static func scenario(
        _ state: ArrivalState, user: UserAction, lifecycle: AppLifecycle = .scenes, centerDelegate: CenterDelegateTiming = .beforeLaunchEnds,
        ios: IOSVersion = IOSVersion(17), payload: JSONObject = payload
    ) -> DispatchScenario {
        DispatchScenario(
            ios: ios, state: state, implements: modern, centerDelegate: centerDelegate, notification: .remote(payload),
            customDismissAction: true, presentation: [.banner], user: user, lifecycle: lifecycle)
    }

    @Test(arguments: [ArrivalState.notRunning, .forceQuit])
    func aColdStartTapConnectsTheSceneWithTheResponse(state: ArrivalState) throws {
        let trace = DispatchModel.trace(for: Self.scenario(state, user: .tap))
        #expect(trace.calls.map(\.callback) == [.didFinishLaunching, .sceneWillConnect, .didReceiveResponse])
        #expect(trace.calls.first?.launchOptionsKey == nil, "a scene app's launch options are nil")
        #expect(trace.calls[1].action == .default)
    }

    @Test(arguments: allSimulators, [CenterDelegateTiming.beforeLaunchEnds, .afterLaunch])
    func aColdStartTapIsOneOpenedColdStartForEveryProvider(provider: NamedSimulator, centerDelegate: CenterDelegateTiming) throws {
        let result = try ScenarioSimulator.run(Self.scenario(.notRunning, user: .tap, centerDelegate: centerDelegate), provider: provider)
        try result.events.check([.opened(.coldStart, action: .default)])
    }

    @Test func aColdStartActionKeepsItsActionAndADismissIsDismissed() throws {
        let action = try ScenarioSimulator.run(Self.scenario(.notRunning, user: .action(id: "reply", foreground: true)))
        #expect(action.trace.calls.map(\.callback) == [.didFinishLaunching, .sceneWillConnect, .didReceiveResponse])
        try action.events.check([.opened(.coldStart, action: .custom("reply"))])
        // A background action does not bring a scene: the app runs in the background.
        let background = try ScenarioSimulator.run(Self.scenario(.notRunning, user: .action(id: "archive", foreground: false)))
        #expect(!background.trace.calls.contains { $0.callback == .sceneWillConnect })
    }

    @Test func theSceneConnectionAloneOrTheResponseAloneIsStillOneColdStart() throws {
        let handover = try DeliveryHandover(payload: Self.payload, source: .remote)
        // notificationResponse present, the center delegate set late: S alone.
        let alone = PushEventNormalizer()
        var events: [PushEvent] = []
        _ = alone.consumeCall(CallbackInvocation(callback: .didFinishLaunching, state: .inactive, notification: nil), clock: { 0 }) {
            events.append($0)
        }
        _ = alone.consumeCall(
            CallbackInvocation(
                callback: .sceneWillConnect, state: .inactive, action: .default, notification: handover.notification(for: .sceneWillConnect)),
            clock: { 0.001 }
        ) { events.append($0) }
        alone.flush { events.append($0) }
        try events.check([.opened(.coldStart, action: .default)])
        // notificationResponse nil on the cold start (onmyway133/blog#884): 5 alone.
        let nilResponse = PushEventNormalizer()
        events = []
        _ = nilResponse.consumeCall(CallbackInvocation(callback: .didFinishLaunching, state: .inactive, notification: nil), clock: { 10 }) {
            events.append($0)
        }
        _ = nilResponse.consumeCall(CallbackInvocation(callback: .sceneWillConnect, state: .inactive, notification: nil), clock: { 10.001 }) {
            events.append($0)
        }
        _ = nilResponse.consumeCall(
            CallbackInvocation(
                callback: .didReceiveResponse, state: .inactive, action: .default, notification: handover.notification(for: .didReceiveResponse)),
            clock: { 10.002 }
        ) { events.append($0) }
        nilResponse.flush { events.append($0) }
        try events.check([.opened(.coldStart, action: .default)])
    }

    @Test func aBackgroundLaunchHasNoLaunchOptionsAndOneReceived() throws {
        let silent: JSONObject = ["aps": ["content-available": 1], "sync": true]
        let result = try ScenarioSimulator.run(Self.scenario(.notRunning, user: .none, payload: silent))
        #expect(result.trace.calls.map(\.callback) == [.didFinishLaunching, .didReceiveRemoteNotificationFetch])
        #expect(result.trace.calls.first?.launchOptionsKey == nil)
        try result.events.check([.received(.background)])
    }

    @Test(arguments: [ArrivalState.foreground, .background])
    func aRunningSceneAppBehavesAsAnAppDelegateApp(state: ArrivalState) throws {
        let scenes = try ScenarioSimulator.run(Self.scenario(state, user: .tap))
        let appDelegate = try ScenarioSimulator.run(Self.scenario(state, user: .tap, lifecycle: .appDelegate))
        #expect(scenes.trace == appDelegate.trace)
        #expect(scenes.events.map(\.kind) == appDelegate.events.map(\.kind))
    }

    @Test func beforeIOS13TheLifecycleIsTheAppDelegates() throws {
        let scenes = DispatchModel.trace(for: Self.scenario(.notRunning, user: .tap, ios: IOSVersion(12, 4)))
        let appDelegate = DispatchModel.trace(for: Self.scenario(.notRunning, user: .tap, lifecycle: .appDelegate, ios: IOSVersion(12, 4)))
        #expect(scenes == appDelegate)
    }

    @Test func aSimulatedSceneAppOpensOnceAfterAColdStart() throws {
        let tap = LockedEvents()
        let device = SimulatedDevice(ios: IOSVersion(18), app: SimulatedApp(lifecycle: .scenes), provider: SystemSimulator()) { client in
            tap.attach(client)
        }
        let shown = try device.deliver(.remote(Self.payload))
        _ = try device.tap(shown)
        device.advance(by: 30)  // the launch-settle deadline passes
        try tap.events.check([.opened(.coldStart, action: .default)])
        #expect(device.calls.map(\.method).contains(SystemCallback.sceneWillConnect.rawValue))
    }
}

/// The events of every process a simulated device launches, read without waiting.
final class LockedEvents: Sendable {
    private let taps = Locked<[PushEventDrain]>([])
    func attach(_ client: PushClient) { taps.withLock { $0.append(client.eventDrain()) } }
    var events: [PushEvent] { taps.withLock { $0 }.flatMap { $0.take() } }
}
