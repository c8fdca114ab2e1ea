import PushBridge
import PushBridgeValidation

extension DispatchScenario {
    /// The scenario's top-level fields, as `docs/spec/cli-contract.md` names them.
    public static let jsonFields = [
        "ios", "state", "implements", "centerDelegate", "backgroundModes", "notification",
        "customDismissAction", "presentation", "user", "lifecycle", "pushType",
        "authorization", "backgroundAppRefresh", "lowPowerMode", "focus", "scheduledSummary", "timeSensitiveAllowed", "criticalAlertsAllowed",
        "device",
        "serviceExtension", "disputed",
        "steps", "reportsCall",
        "overlay", "apnsPriority", "silentPushesLastHour", "deviceLock", "actionOptions", "communication", "focusAllowsSender", "contentExtension",
        "scenes", "supportsMultipleScenes",
    ]

    /// Reads a scenario in the `pushbridge simulate` format (`docs/spec/cli-contract.md`).
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

        let settings = DeviceSettings(
            authorization: try fields.choice("authorization", NotificationAuthorization.self) ?? .authorized,
            backgroundAppRefresh: try fields.bool("backgroundAppRefresh") ?? true,
            lowPowerMode: try fields.bool("lowPowerMode") ?? false,
            focus: try fields.bool("focus") ?? false,
            scheduledSummary: try fields.bool("scheduledSummary") ?? false,
            timeSensitiveAllowed: try fields.bool("timeSensitiveAllowed") ?? true,
            criticalAlertsAllowed: try fields.bool("criticalAlertsAllowed") ?? true,
            device: try fields.choice("device", DeviceKind.self) ?? .dynamicIsland)
        if settings.authorization == .provisional, ios < IOSVersion(12) {
            throw fields.error("authorization", "\"provisional\" exists from iOS 12 (the scenario's ios is \(ios))")
        }
        if settings.authorization == .ephemeral, ios < IOSVersion(14) {
            throw fields.error("authorization", "\"ephemeral\" (an App Clip) exists from iOS 14 (the scenario's ios is \(ios))")
        }

        self.init(
            ios: ios, state: state, implements: implements, centerDelegate: centerDelegate,
            backgroundModes: backgroundModes, notification: notification,
            customDismissAction: try fields.bool("customDismissAction") ?? false,
            presentation: presentation, user: try UserAction(json: object["user"]),
            lifecycle: try fields.choice("lifecycle", AppLifecycle.self) ?? .appDelegate,
            pushType: try fields.choice("pushType", PayloadValidator.PushType.self),
            settings: settings,
            serviceExtension: try fields.choice("serviceExtension", ServiceExtensionOutcome.self) ?? .none,
            disputed: try DisputedBehaviours(json: try fields.object("disputed")),
            steps: try Self.steps(fields),
            reportsCall: try fields.bool("reportsCall") ?? true)
        try readRequestAndScreen(fields)
        try readScenes(fields)
    }

    /// `scenes` and `supportsMultipleScenes`: a scene app's sessions when the user acts, each
    /// `{"id", "state", "canActivate", "prefersToActivate"}`, consistent with the app's `state`.
    private mutating func readScenes(_ fields: JSONFieldReader) throws(PushError) {
        let multiple = try fields.bool("supportsMultipleScenes")
        let value = fields.object["scenes"]
        guard value != nil || multiple != nil else { return }
        let field = value != nil ? "scenes" : "supportsMultipleScenes"
        guard lifecycle == .scenes, ios >= IOSVersion(13) else {
            throw fields.error(field, "is for a scene app: the scenario's lifecycle must be \"scenes\" and its ios 13 or later")
        }
        guard steps.isEmpty, overlay == .none else { throw fields.error(field, "cannot be combined with steps or an overlay yet") }
        supportsMultipleScenes = multiple ?? false
        guard let value else { return }
        guard case .array(let items) = value, !items.isEmpty else {
            throw fields.typeError("scenes", value, expected: "a non-empty array of scene sessions")
        }
        var sessions: [SceneSession] = []
        for (index, item) in items.enumerated() {
            let path = "scenes[\(index)]"
            guard case .object(let object) = item else {
                throw PushError(
                    .invalidScenario, field: path,
                    "\(JSONFieldReader.shown(item)) is not a scene session (expected {\"id\": ID, \"state\": STATE, \"canActivate\": [PATTERN], \"prefersToActivate\": [PATTERN]})"
                )
            }
            let scene = JSONFieldReader(object, path: path, code: .invalidScenario)
            try scene.rejectUnknownKeys(["id", "state", "canActivate", "prefersToActivate"])
            guard let id = try scene.string("id"), !id.isEmpty else {
                throw scene.error("\(path).id", "missing or empty, expected a scene identifier")
            }
            guard !sessions.contains(where: { $0.id == id }) else { throw scene.error("\(path).id", "\(scene.shown(.string(id))) names two scenes") }
            guard let sceneState = try scene.choice("state", SceneState.self) else { throw scene.error("\(path).state", "missing (required)") }
            let expected: [SceneState] =
                switch state {
                case .foreground: SceneState.allCases
                case .background: [.background, .unattached]
                case .notRunning, .forceQuit: [.unattached]
                }
            guard expected.contains(sceneState) else {
                throw scene.error(
                    "\(path).state",
                    "\(sceneState) is not possible with the app \(state) (expected one of: \(expected.map(\.rawValue).joined(separator: ", ")))")
            }
            sessions.append(
                SceneSession(
                    id: id, state: sceneState,
                    canActivate: try Self.patterns(scene, "canActivate", path: path) ?? .any,
                    prefersToActivate: try Self.patterns(scene, "prefersToActivate", path: path) ?? .none))
        }
        if state == .foreground, !sessions.contains(where: { $0.state == .foregroundActive || $0.state == .foregroundInactive }) {
            throw fields.error("scenes", "has no scene in the foreground, but the app's state is foreground")
        }
        scenes = sessions
        if case .object(let aps) = notification.payload["aps"], let target = aps["target-content-id"] {
            guard case .string = target else {
                throw fields.error("notification.payload.aps.target-content-id", "\(fields.shown(target)) is not a string")
            }
        }
    }

    /// A scene's activation conditions: `"*"` or an array of target-content-id patterns.
    private static func patterns(_ scene: JSONFieldReader, _ key: String, path: String) throws(PushError) -> TargetContentPatterns? {
        guard let value = scene.object[key] else { return nil }
        if case .string("*") = value { return .any }
        guard case .array(let items) = value else {
            throw scene.typeError(key, value, expected: "\"*\" or an array of target-content-id patterns (\"ID\", \"PREFIX*\", \"*\")")
        }
        var patterns: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let pattern) = item, !pattern.isEmpty else {
                throw scene.error(
                    "\(path).\(key)[\(index)]",
                    "\(scene.shown(item)) is not a target-content-id pattern (a non-empty string: \"ID\", \"PREFIX*\" or \"*\")")
            }
            patterns.append(pattern)
        }
        return TargetContentPatterns(patterns)
    }

    /// The fields of the overlay, the request's headers, the budget, the lock, the content
    /// extension and communication notifications: each optional, each checked.
    private mutating func readRequestAndScreen(_ fields: JSONFieldReader) throws(PushError) {
        overlay = try fields.choice("overlay", ScreenOverlay.self) ?? .none
        if overlay != .none {
            guard state == .foreground || state == .background else {
                throw fields.error(
                    "overlay",
                    "is for an app on screen: the scenario's state must be foreground or background (the user opened the app), not \(state)")
            }
            guard steps.isEmpty else { throw fields.error("overlay", "cannot be combined with steps yet") }
        }
        if let priority = try fields.integer("apnsPriority") {
            guard [10, 5, 1].contains(priority) else { throw fields.error("apnsPriority", "\(priority) is not one of: 10, 5, 1") }
            apnsPriority = priority
        }
        deviceLock = try fields.choice("deviceLock", DeviceLock.self) ?? .unlocked
        contentExtension = try fields.choice("contentExtension", ContentExtensionResponse.self) ?? .none
        communication = try fields.bool("communication") ?? false
        focusAllowsSender = try fields.bool("focusAllowsSender") ?? false
        var options: Set<ActionOption> = []
        for (index, name) in (try fields.strings("actionOptions") ?? []).enumerated() {
            options.insert(try JSONFieldReader.choice(name, field: "actionOptions[\(index)]", code: .invalidScenario))
        }
        actionOptions = options
        if let count = try fields.integer("silentPushesLastHour") {
            guard (0...255).contains(count) else { throw fields.error("silentPushesLastHour", "\(count) is not a count from 0 to 255") }
            silentPushesLastHour = count
        }
    }

    /// `steps`: each an object with exactly one of `app`, `notification`, or `user` (with an
    /// optional `on`).
    private static func steps(_ fields: JSONFieldReader) throws(PushError) -> [ScenarioStep] {
        guard let value = fields.object["steps"] else { return [] }
        guard case .array(let items) = value else { throw fields.typeError("steps", value, expected: "an array of steps") }
        var steps: [ScenarioStep] = []
        steps.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let path = "steps[\(index)]"
            guard case .object(let object) = item else {
                throw PushError(
                    .invalidScenario, field: path,
                    "\(JSONFieldReader.shown(item)) is not a step (expected {\"app\": STATE}, {\"notification\": {…}} or {\"user\": ACTION, \"on\": ID})"
                )
            }
            let step = JSONFieldReader(object, path: path, code: .invalidScenario)
            try step.rejectUnknownKeys(["app", "notification", "user", "on"])
            let kinds = ["app", "notification", "user"].filter { object[$0] != nil }
            guard kinds.count == 1 else {
                throw PushError(
                    .invalidScenario, field: path,
                    "has \(kinds.isEmpty ? "none" : kinds.joined(separator: " and ")), expected exactly one of app, notification, user")
            }
            if object["on"] != nil, kinds != ["user"] { throw step.error("\(path).on", "only a user step names the notification it acts on") }
            switch kinds[0] {
            case "app":
                guard let state = try step.choice("app", ArrivalState.self) else { throw step.error("\(path).app", "missing") }
                steps.append(.app(state))
            case "notification":
                guard let note = try step.object("notification") else { throw step.error("\(path).notification", "missing") }
                do {
                    steps.append(.notification(try ScenarioNotification(json: note)))
                } catch {
                    throw PushError(.invalidScenario, field: "\(path).\(error.field ?? "notification")", error.message)
                }
            default:
                let action: UserAction
                do {
                    action = try UserAction(json: object["user"])
                } catch {
                    throw PushError(.invalidScenario, field: "\(path).\(error.field ?? "user")", error.message)
                }
                steps.append(.user(action, on: try step.string("on")))
            }
        }
        return steps
    }
}

extension DisputedBehaviours {
    /// Reads a scenario's `disputed` object; absent means every documented default.
    public init(json object: JSONObject?) throws(PushError) {
        guard let object else {
            self = .documented
            return
        }
        let fields = JSONFieldReader(object, path: "disputed", code: .invalidScenario)
        try fields.rejectUnknownKeys(Self.jsonFields)
        self.init(
            silentPushWakesForceQuitApp: try fields.bool("silentPushWakesForceQuitApp") ?? false,
            foregroundDisplayWithoutDelegate: try fields.choice("foregroundDisplayWithoutDelegate", ForegroundDisplayWithoutDelegate.self) ?? .none,
            method2InBackground: try fields.bool("method2InBackground") ?? false)
        pushTypeMismatch = try fields.choice("pushTypeMismatch", PushTypeMismatchOutcome.self) ?? .dropped
        backgroundBadgeOrSound = try fields.choice("backgroundBadgeOrSound", BackgroundBadgeOrSoundOutcome.self) ?? .delivered
        if let budget = try fields.integer("silentPushBudget") {
            guard (0...255).contains(budget) else { throw fields.error("disputed.silentPushBudget", "\(budget) is not a count from 0 to 255") }
            silentPushBudget = budget
        }
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
                throw fields.error(
                    "notification.apnsCopy", "only a provider channel's message (jpush.customMessage, getui.passthrough) has an APNs copy")
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
                "\(JSONFieldReader.shown(.string(text))) is not one of: remote, local, or a provider's channel (provider.channel: jpush.customMessage, getui.passthrough)"
            )
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
    /// Reads a scenario's `user` value: `"none"`, `"tap"`, `"dismiss"`, `"openAppIcon"`,
    /// `"clearGroup"` or `{"action": ID, "foreground": Bool, "text": String}` (`text` for a
    /// text-input action, optional); absent means `none`.
    public init(json value: JSONValue?) throws(PushError) {
        let expected =
            "expected \"none\", \"tap\", \"dismiss\", \"openAppIcon\", \"clearGroup\" or {\"action\": ID, \"foreground\": Bool, \"text\": String}"
        switch value {
        case nil:
            self = .none
        case .string("none"): self = .none
        case .string("tap"): self = .tap
        case .string("dismiss"): self = .dismiss
        case .string("openAppIcon"): self = .openAppIcon
        case .string("clearGroup"): self = .clearGroup
        case .object(let object):
            let fields = JSONFieldReader(object, path: "user", code: .invalidScenario)
            try fields.rejectUnknownKeys(["action", "foreground", "text"])
            guard let id = try fields.string("action") else { throw fields.error("user.action", "missing (required)") }
            guard !id.isEmpty else { throw fields.error("user.action", "is empty, expected an action identifier") }
            guard id != ResponseAction.defaultIdentifier, id != ResponseAction.dismissIdentifier else {
                throw fields.error("user.action", "\(fields.shown(.string(id))) is a system action (use \"tap\" or \"dismiss\")")
            }
            let foreground = try fields.bool("foreground") ?? false
            if let text = try fields.string("text") {
                self = .textInput(id: id, foreground: foreground, text: text)
            } else {
                self = .action(id: id, foreground: foreground)
            }
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
        case .textInput(let id, let foreground, let text): ["action": .string(id), "foreground": .bool(foreground), "text": .string(text)]
        case .clearGroup: "clearGroup"
        }
    }
}

extension JSONFieldReader {
    /// A whole-number member, if present (`5`, or `5.0`).
    func integer(_ key: String) throws(PushError) -> Int? {
        guard let value = object[key] else { return nil }
        switch value {
        case .integer(let number) where number >= Int64(Int32.min) && number <= Int64(Int32.max): return Int(number)
        case .double(let number) where number.rounded() == number && abs(number) <= Double(Int32.max): return Int(number)
        default: throw typeError(key, value, expected: "a whole number")
        }
    }
}

extension NotificationSource {
    /// Whether the name is `remote`, `local` or `provider.channel` with a valid provider name:
    /// the scenario reader's check, here rather than in the runtime, which never needs it.
    var isKnownShape: Bool {
        if self == .remote || self == .local { return true }
        guard let provider = channel, PushProviderID.isValidName(provider.rawValue) else { return false }
        return rawValue.count > provider.rawValue.count + 1
    }
}

/// A member a scenario file must have: the scenario reader's alone (the vocabulary's readers take
/// optional members), so it lives here, not in every app.
extension JSONFieldReader {
    /// The value of a required member.
    fileprivate func required(_ key: String) throws(PushError) -> JSONValue {
        guard let value = object[key] else { throw error(path(of: key), "missing (required)") }
        return value
    }
}
