import AdapterTestSupport
import PushBridge
import PushBridgeModel
import PushBridgeTesting
import Testing

/// Several scenes and `target-content-id` (UIKit `UISceneActivationConditions`): the scene whose
/// `prefersToActivate` matches, else one whose `canActivate` matches, else the only scene or a
/// new session; a scene that is not connected connects with the response (S before 5). Whatever
/// scene takes the tap, it is one `opened` through every provider.
@Suite struct SceneActivationTests {
    static let modern: Set<SystemCallback> = [.willPresent, .didReceiveResponse]

    static func scenario(
        _ state: ArrivalState, target: String?, scenes: [SceneSession], multiple: Bool = false, user: UserAction = .tap
    ) -> DispatchScenario {
        var aps: JSONObject = ["alert": "Maya: lunch?"]
        if let target { aps["target-content-id"] = .string(target) }
        var scenario = DispatchScenario(
            ios: IOSVersion(17), state: state, implements: modern, notification: .remote(["aps": .object(aps)], id: "n-1"),
            presentation: [.banner], user: user, lifecycle: .scenes)
        scenario.scenes = scenes
        scenario.supportsMultipleScenes = multiple
        return scenario
    }

    static let inbox = SceneSession(id: "inbox", state: .background)
    static let chat = SceneSession(id: "chat", state: .background, prefersToActivate: TargetContentPatterns(["chat-*"]))

    @Test func aPreferringSceneWinsOverOneThatOnlyCan() {
        let activation = DispatchModel.trace(for: Self.scenario(.background, target: "chat-7", scenes: [Self.inbox, Self.chat])).scene
        #expect(activation == SceneActivation(id: "chat", reason: .prefers, connects: false))
        // Without the target-content-id no scene prefers the notification: the one that can.
        let plain = DispatchModel.trace(for: Self.scenario(.background, target: nil, scenes: [Self.chat, Self.inbox])).scene
        #expect(plain == SceneActivation(id: "chat", reason: .can, connects: false))
    }

    @Test func patternsMatchExactlyByPrefixOrAll() {
        #expect(TargetContentPatterns(["chat-*"]).matches("chat-7"))
        #expect(!TargetContentPatterns(["chat-*"]).matches("chats"))
        #expect(TargetContentPatterns(["order-9"]).matches("order-9"))
        #expect(!TargetContentPatterns(["order-9"]).matches("order-90"))
        #expect(TargetContentPatterns.any.matches(nil))
        #expect(!TargetContentPatterns(["x"]).matches(nil))
        #expect(!TargetContentPatterns.none.matches("x"))
    }

    @Test func aTieGoesToTheSceneMostInView() {
        let scenes = [SceneSession(id: "back", state: .background), SceneSession(id: "front", state: .foregroundActive)]
        #expect(DispatchModel.trace(for: Self.scenario(.foreground, target: "a", scenes: scenes)).scene?.id == "front")
    }

    @Test func noMatchConnectsANewSessionOnlyInAMultipleSceneApp() {
        let picky = [SceneSession(id: "main", state: .background, canActivate: TargetContentPatterns(["home"]))]
        let multiple = DispatchModel.trace(for: Self.scenario(.background, target: "doc-5", scenes: picky, multiple: true))
        #expect(multiple.scene == SceneActivation(id: nil, reason: .newSession, connects: true))
        #expect(multiple.calls.map(\.callback) == [.sceneWillConnect, .didReceiveResponse])
        #expect(multiple.calls.first?.action == .default)
        let single = DispatchModel.trace(for: Self.scenario(.background, target: "doc-5", scenes: picky))
        #expect(single.scene == SceneActivation(id: "main", reason: .onlyScene, connects: false))
        #expect(single.calls.map(\.callback) == [.didReceiveResponse])
    }

    @Test func anUnattachedSessionReconnectsAndAColdStartConnectsTheChosenOne() {
        let scenes = [Self.inbox, SceneSession(id: "chat", state: .unattached, prefersToActivate: TargetContentPatterns(["chat-*"]))]
        let running = DispatchModel.trace(for: Self.scenario(.background, target: "chat-1", scenes: scenes))
        #expect(running.scene == SceneActivation(id: "chat", reason: .prefers, connects: true))
        #expect(running.calls.map(\.callback) == [.sceneWillConnect, .didReceiveResponse])
        let cold = DispatchModel.trace(
            for: Self.scenario(
                .notRunning, target: "chat-1",
                scenes: scenes.map { SceneSession(id: $0.id, state: .unattached, prefersToActivate: $0.prefersToActivate) }))
        #expect(cold.scene == SceneActivation(id: "chat", reason: .prefers, connects: true))
        #expect(cold.calls.map(\.callback) == [.didFinishLaunching, .sceneWillConnect, .didReceiveResponse])
    }

    @Test func withoutScenesOrWithoutATapTheTraceNamesNoScene() {
        var plain = Self.scenario(.background, target: "chat-7", scenes: [])
        #expect(DispatchModel.trace(for: plain).scene == nil)
        plain.scenes = [Self.chat]
        plain.user = .dismiss
        #expect(DispatchModel.trace(for: plain).scene == nil)
        plain.user = .action(id: "mute", foreground: false)
        #expect(DispatchModel.trace(for: plain).scene == nil)
        plain.user = .action(id: "open", foreground: true)
        #expect(DispatchModel.trace(for: plain).scene?.id == "chat")
    }

    static let connecting: [DispatchScenario] = [
        scenario(
            .background, target: "doc-5", scenes: [SceneSession(id: "main", state: .background, canActivate: TargetContentPatterns(["home"]))],
            multiple: true),
        scenario(
            .foreground, target: "doc-5", scenes: [SceneSession(id: "main", state: .foregroundActive, canActivate: TargetContentPatterns(["home"]))],
            multiple: true),
        scenario(
            .background, target: "chat-1",
            scenes: [SceneSession(id: "chat", state: .unattached, prefersToActivate: TargetContentPatterns(["chat-*"])), inbox]),
        scenario(.background, target: "chat-1", scenes: [chat, inbox]),
        scenario(.notRunning, target: "chat-1", scenes: [SceneSession(id: "chat", state: .unattached)]),
        scenario(.background, target: "chat-1", scenes: [chat], user: .action(id: "open", foreground: true)),
        scenario(
            .background, target: "x", scenes: [SceneSession(id: "m", state: .background, canActivate: .none)], multiple: true,
            user: .action(id: "open", foreground: true)),
    ]

    @Test(arguments: allSimulators, 0..<connecting.count)
    func everyChosenSceneIsOneOpenedThroughEveryProvider(provider: NamedSimulator, index: Int) throws {
        let scenario = Self.connecting[index]
        let result = try ScenarioSimulator.run(scenario, provider: provider)
        let opened = result.events.filter { if case .opened = $0 { true } else { false } }
        #expect(opened.count == 1, "\(result.events)")
        // Nothing else but the foreground arrival's `received`, all of one notification.
        #expect(result.events.count == (scenario.state == .foreground ? 2 : 1), "\(result.events)")
        #expect(Set(result.events.map(\.id)).count == 1)
        #expect(result.trace.scene != nil)
    }
}
