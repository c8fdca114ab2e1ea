import PushBridge
import PushBridgeModel
import PushBridgeTesting
import Testing

/// A row of the iOS 13–26 tables: a ``RuleCase`` whose scenario also names device settings, a
/// service extension, disputed knobs or a lifecycle, and the trace's `lostResponse` and
/// `serviceExtension` it must have.
struct ModernRuleCase: Sendable, CustomTestStringConvertible {
    var rule: RuleCase
    var lost: LostResponse?
    var extensionRun: ServiceExtensionRun?

    var testDescription: String { rule.name }

    init(
        _ name: String, ios: IOSVersion = IOSVersion(17), _ state: ArrivalState, implements: String = "3 4 5",
        payload: JSONObject = Payloads.alert, local: Bool = false, presentation: PresentationOptions = [],
        delegate: CenterDelegateTiming = .beforeLaunchEnds, modes: Set<String> = [DispatchScenario.remoteNotificationMode],
        customDismissAction: Bool = false, user: UserAction = .none, settings: DeviceSettings = .typical,
        serviceExtension: ServiceExtensionOutcome = .none, disputed: DisputedBehaviours = .documented, lifecycle: AppLifecycle = .appDelegate,
        display: NotificationDisplay, arrival: [String] = [], action: [String] = [], delivered: Bool? = nil,
        lost: LostResponse? = nil, extensionRun: ServiceExtensionRun? = nil
    ) {
        rule = RuleCase(
            name, ios: ios, state, implements: implements, payload: payload, local: local, presentation: presentation, delegate: delegate,
            modes: modes, customDismissAction: customDismissAction, user: user, display: display, arrival: arrival, action: action,
            delivered: delivered)
        rule.scenario.settings = settings
        rule.scenario.serviceExtension = serviceExtension
        rule.scenario.disputed = disputed
        rule.scenario.lifecycle = lifecycle
        self.lost = lost
        self.extensionRun = extensionRun
    }

    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        rule.check(sourceLocation: sourceLocation)
        let trace = DispatchModel.trace(for: rule.scenario)
        #expect(trace.lostResponse == lost, "lostResponse", sourceLocation: sourceLocation)
        #expect(trace.serviceExtension == extensionRun, "serviceExtension", sourceLocation: sourceLocation)
    }
}

/// Payloads of the iOS 13–26 tables.
enum ModernPayloads {
    static func level(_ level: String?) -> JSONObject {
        var aps: JSONObject = ["alert": "Meeting in 5 minutes", "sound": "default"]
        if let level { aps["interruption-level"] = .string(level) }
        return ["aps": .object(aps)]
    }

    /// Visible and `mutable-content`: the service extension runs for it.
    static let mutable: JSONObject = ["aps": ["alert": ["title": "T", "body": "B"], "mutable-content": 1]]
    /// `mutable-content` without an alert: the extension never runs.
    static let mutableSilent: JSONObject = ["aps": ["content-available": 1, "mutable-content": 1]]
}
