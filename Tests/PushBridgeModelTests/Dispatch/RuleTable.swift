import PushBridge
import PushBridgeModel
import Testing

/// One row of a dispatch-rule table: a scenario and the trace `docs/spec/dispatch-model.md` says it has.
///
/// Calls are written compactly, by seed label: `"3 active"`, `"1 inactive remoteNotification"`
/// (a launch always names its key, `none` when it has none), `"5 inactive default"`,
/// `"5 background dismiss"`, `"A inactive reply"` (a response names its action).
struct RuleCase: Sendable, CustomTestStringConvertible {
    var name: String
    var scenario: DispatchScenario
    var display: NotificationDisplay
    var arrival: [String]
    var action: [String]
    var delivered: Bool?

    var testDescription: String { name }

    /// A row. `implements` lists seed labels (`"2 3 4 5 L A AL"`); the defaults are a modern app
    /// (3, 4 and 5) with the seed article's visible payload and a user who does nothing.
    init(
        _ name: String, ios: IOSVersion, _ state: ArrivalState, implements: String = "3 4 5",
        payload: JSONObject = Payloads.alert, local: Bool = false, presentation: PresentationOptions = [],
        delegate: CenterDelegateTiming = .beforeLaunchEnds, modes: Set<String> = [DispatchScenario.remoteNotificationMode],
        customDismissAction: Bool = false, user: UserAction = .none,
        display: NotificationDisplay, arrival: [String] = [], action: [String] = [], delivered: Bool? = nil
    ) {
        self.name = name
        scenario = DispatchScenario(
            ios: ios, state: state, implements: RuleCase.callbacks(implements), centerDelegate: delegate, backgroundModes: modes,
            notification: local ? .local(payload, id: "n-1") : .remote(payload, id: "n-1"),
            customDismissAction: customDismissAction, presentation: presentation, user: user)
        self.display = display
        self.arrival = arrival
        self.action = action
        self.delivered = delivered
    }

    /// The callbacks with these seed labels.
    static func callbacks(_ labels: String) -> Set<SystemCallback> {
        Set(labels.split(separator: " ").compactMap { label in SystemCallback.allCases.first { $0.seedLabel == label } })
    }

    /// Checks the model's trace against the row.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        let trace = DispatchModel.trace(for: scenario)
        #expect(trace.display == display, "display", sourceLocation: sourceLocation)
        #expect(trace.arrivalCalls.map(RuleCase.render) == arrival, "arrival calls", sourceLocation: sourceLocation)
        #expect(trace.actionCalls.map(RuleCase.render) == action, "action calls", sourceLocation: sourceLocation)
        #expect(trace.actionDelivered == delivered, "actionDelivered", sourceLocation: sourceLocation)
        // Arrival calls all come before the action's.
        #expect(trace.calls == trace.arrivalCalls + trace.actionCalls, "phase order", sourceLocation: sourceLocation)
    }

    /// `"1 inactive remoteNotification"`, `"5 background dismiss"`, `"3 active"`.
    static func render(_ call: SystemCall) -> String {
        var parts = [call.callback.seedLabel, call.state.rawValue]
        if call.callback == .didFinishLaunching {
            parts.append(call.launchOptionsKey?.rawValue ?? "none")
        } else if let key = call.launchOptionsKey {
            parts.append("unexpected-key=\(key)")
        }
        switch call.action {
        case .default?: parts.append("default")
        case .dismiss?: parts.append("dismiss")
        case .custom(let id)?: parts.append(id)
        case nil: break
        }
        return parts.joined(separator: " ")
    }
}

/// The payloads the rule tables use.
enum Payloads {
    /// The seed article's payload: visible, not content-available.
    static let alert: JSONObject = ["aps": ["alert": "Testing.. (0)", "badge": 1, "sound": "default"]]
    /// Visible and content-available.
    static let alertCA: JSONObject = ["aps": ["alert": "Hi", "content-available": 1]]
    /// Silent: content-available and nothing else.
    static let silent: JSONObject = ["aps": ["content-available": 1]]
    /// Content-available with a badge: not visible, but not silent either.
    static let badgeCA: JSONObject = ["aps": ["badge": 2, "content-available": 1]]
    /// Only a badge: neither visible nor content-available.
    static let badgeOnly: JSONObject = ["aps": ["badge": 3]]
    /// An alert dictionary: visible.
    static let alertDictionary: JSONObject = ["aps": ["alert": ["title": "T", "body": "B"]]]
    /// An empty alert string: not visible.
    static let emptyAlert: JSONObject = ["aps": ["alert": ""]]
    /// An empty alert dictionary: not visible.
    static let emptyAlertDictionary: JSONObject = ["aps": ["alert": [:]]]
    /// `content-available: true` is not "the number 1".
    static let contentAvailableTrue: JSONObject = ["aps": ["alert": "Hi", "content-available": true]]
    /// `content-available: 0` is not CA.
    static let contentAvailableZero: JSONObject = ["aps": ["alert": "Hi", "content-available": 0]]
}
