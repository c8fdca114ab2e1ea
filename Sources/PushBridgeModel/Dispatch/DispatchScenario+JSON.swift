import PushBridge

extension DispatchScenario {
    /// The scenario's top-level fields, as `cli-contract.md` names them.
    public static let jsonFields = [
        "ios", "state", "implements", "centerDelegate", "backgroundModes", "notification",
        "customDismissAction", "presentation", "user", "lifecycle", "pushType",
    ]

    /// Reads a scenario in the `pushbridge simulate` format (`cli-contract.md`).
    ///
    /// - Parameter json: The scenario object.
    /// - Throws: `PushError` (`PushError/Code/invalidScenario`) naming the first field that is
    ///   missing, unknown, of the wrong type or outside its values.
    public init(json: JSONValue) throws(PushError) {
        guard case .object(let object) = json else {
            throw PushError(.invalidScenario, field: "scenario", "is \(json.typeDescription), expected an object")
        }
        let fields = JSONFieldReader(object, code: .invalidScenario)
        try fields.rejectUnknownKeys(Self.jsonFields)

        let iosValue = try fields.required("ios")
        guard case .string(let iosText) = iosValue else {
            throw fields.error("ios", "\(fields.shown(iosValue)) is not a version string (expected \"MAJOR[.MINOR[.PATCH]]\", 3.0 or later)")
        }
        let ios = try IOSVersion(parsing: iosText)
        guard let state = try fields.choice("state", ArrivalState.self) else {
            throw fields.error("state", "missing (required)")
        }

        var implements: Set<SystemCallback> = []
        for (index, selector) in (try fields.strings("implements") ?? []).enumerated() {
            implements.insert(try JSONFieldReader.choice(selector, field: "implements[\(index)]", code: .invalidScenario))
        }
        let centerDelegate = try fields.choice("centerDelegate", CenterDelegateTiming.self) ?? .beforeLaunchEnds
        let backgroundModes = try fields.strings("backgroundModes").map(Set.init) ?? [Self.remoteNotificationMode]

        guard let notificationObject = try fields.object("notification") else {
            throw fields.error("notification", "missing (required)")
        }
        let notification = try ScenarioNotification(json: notificationObject)

        var presentation: PresentationOptions = []
        for (index, name) in (try fields.strings("presentation") ?? []).enumerated() {
            guard let option = PresentationOptions(name: name) else {
                let names = PresentationOptions.named.map(\.name).joined(separator: ", ")
                throw fields.error("presentation[\(index)]", "\(fields.shown(.string(name))) is not one of: \(names)")
            }
            presentation.insert(option)
        }

        self.init(
            ios: ios, state: state, implements: implements, centerDelegate: centerDelegate,
            backgroundModes: backgroundModes, notification: notification,
            customDismissAction: try fields.bool("customDismissAction") ?? false,
            presentation: presentation, user: try UserAction(json: object["user"]),
            lifecycle: try fields.choice("lifecycle", AppLifecycle.self) ?? .appDelegate,
            pushType: try fields.choice("pushType", PayloadValidator.PushType.self))
    }
}

extension ScenarioNotification {
    /// The notification object's fields.
    public static let jsonFields = ["source", "id", "payload", "apnsCopy"]

    /// Reads a scenario's `notification` object.
    public init(json object: JSONObject) throws(PushError) {
        let fields = JSONFieldReader(object, path: "notification", code: .invalidScenario)
        try fields.rejectUnknownKeys(Self.jsonFields)
        let source = try Self.source(fields)
        let id = try fields.string("id")
        let payloadValue = try fields.required("payload")
        guard case .object(let payload) = payloadValue else {
            throw fields.typeError("payload", payloadValue, expected: "an object")
        }
        // A provider channel's message is read by the provider's definition when the scenario runs.
        if source.channel == nil, source == .remote || payload["aps"] != nil { try Self.checkAPS(payload, field: "notification.payload") }
        let apnsCopy = try fields.object("apnsCopy")
        if let apnsCopy {
            guard source.channel != nil else {
                throw fields.error("notification.apnsCopy", "only a provider channel's message (getui.passthrough) has an APNs copy")
            }
            try Self.checkAPS(apnsCopy, field: "notification.apnsCopy")
        }
        self.init(source: source, id: id, payload: payload, apnsCopy: apnsCopy)
    }

    /// `source`: `remote` (the default), `local`, or a provider's channel, `provider.channel`.
    private static func source(_ fields: JSONFieldReader) throws(PushError) -> NotificationSource {
        guard let text = try fields.string("source") else { return .remote }
        let source = NotificationSource(rawValue: text)
        guard source.isKnownShape else {
            throw fields.error(
                "notification.source",
                "\(JSONFieldReader.shown(.string(text))) is not one of: remote, local, or a provider's channel (provider.channel: jpush.customMessage, getui.passthrough)")
        }
        return source
    }

    /// Checks that a remote payload holds an `aps` object.
    private static func checkAPS(_ payload: JSONObject, field: String) throws(PushError) {
        switch payload["aps"] {
        case .object: break
        case nil: throw PushError(.invalidScenario, field: "\(field).aps", "missing (a remote notification's payload must hold an \"aps\" object)")
        case .some(let other): throw PushError(.invalidScenario, field: "\(field).aps", "is \(other.typeDescription), expected an object")
        }
    }
}

extension UserAction {
    /// Reads a scenario's `user` value: `"none"`, `"tap"`, `"dismiss"`, `"openAppIcon"` or
    /// `{"action": ID, "foreground": Bool}`; absent means `none`.
    public init(json value: JSONValue?) throws(PushError) {
        let expected = "expected \"none\", \"tap\", \"dismiss\", \"openAppIcon\" or {\"action\": ID, \"foreground\": Bool}"
        switch value {
        case nil:
            self = .none
        case .string("none"): self = .none
        case .string("tap"): self = .tap
        case .string("dismiss"): self = .dismiss
        case .string("openAppIcon"): self = .openAppIcon
        case .object(let object):
            let fields = JSONFieldReader(object, path: "user", code: .invalidScenario)
            try fields.rejectUnknownKeys(["action", "foreground"])
            guard let id = try fields.string("action") else { throw fields.error("user.action", "missing (required)") }
            guard !id.isEmpty else { throw fields.error("user.action", "is empty, expected an action identifier") }
            guard id != ResponseAction.defaultIdentifier, id != ResponseAction.dismissIdentifier else {
                throw fields.error("user.action", "\(fields.shown(.string(id))) is a system action (use \"tap\" or \"dismiss\")")
            }
            self = .action(id: id, foreground: try fields.bool("foreground") ?? false)
        case .some(let other):
            throw PushError(.invalidScenario, field: "user", "\(JSONFieldReader.shown(other)) is not a user action (\(expected))")
        }
    }

    /// The `user` value in a scenario's JSON.
    public var jsonValue: JSONValue {
        switch self {
        case .none: "none"
        case .tap: "tap"
        case .dismiss: "dismiss"
        case .openAppIcon: "openAppIcon"
        case .action(let id, let foreground): ["action": .string(id), "foreground": .bool(foreground)]
        }
    }
}
