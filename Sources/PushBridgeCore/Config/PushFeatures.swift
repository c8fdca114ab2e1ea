/// What an app switches on beyond the app delegate's callbacks, in the same configuration file as
/// its provider: a notification service extension, VoIP pushes, Live Activities.
///
/// ```json
/// {"provider": "jpush", "jpush": {…},
///  "serviceExtension": {"appGroup": "group.com.example.app"},
///  "voip": true,
///  "liveActivities": {"pushToStart": true}}
/// ```
///
/// Each is off when its key is absent, so a configuration without them reads as before.
/// `pushbridge check-config` tells what the app still needs for each (its app group, background
/// modes, Info.plist keys, the extension target).
package struct PushFeatures: Sendable, Equatable, CustomStringConvertible {
    /// The notification service extension, when the app has one.
    public var serviceExtension: ServiceExtensionFeature?
    /// Whether the app receives VoIP pushes through PushKit.
    public var voip: Bool
    /// Live Activities updated (and, iOS 17.2+, started) by push, when the app has them.
    public var liveActivities: LiveActivitiesFeature?

    /// Features from their parts; all off by default.
    public init(serviceExtension: ServiceExtensionFeature? = nil, voip: Bool = false, liveActivities: LiveActivitiesFeature? = nil) {
        self.serviceExtension = serviceExtension
        self.voip = voip
        self.liveActivities = liveActivities
    }

    /// Whether the feature a token of `kind` belongs to is on: VoIP for `.voip`, Live
    /// Activities for `.liveActivity`, and push-to-start for `.pushToStart`.
    package func allows(_ kind: PushTokenKind) -> Bool {
        switch kind {
        case .voip: voip
        case .liveActivity: liveActivities != nil
        case .pushToStart: liveActivities?.pushToStart == true
        }
    }

    /// Whether nothing is switched on.
    public var isEmpty: Bool { serviceExtension == nil && !voip && liveActivities == nil }

    /// The configuration keys of the features.
    public static let jsonFields = ["serviceExtension", "voip", "liveActivities"]

    /// `serviceExtension(appGroup: group.…), voip, liveActivities(pushToStart)`.
    public var description: String {
        var parts: [String] = []
        if let serviceExtension { parts.append("serviceExtension(appGroup: \(serviceExtension.appGroup))") }
        if voip { parts.append("voip") }
        if let liveActivities { parts.append(liveActivities.pushToStart ? "liveActivities(pushToStart)" : "liveActivities") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    /// Reads the features from a configuration's top-level object, recording each problem with
    /// its key.
    package init(reading object: JSONObject, problems: inout ProblemList) {
        let fields = JSONFieldReader(object, code: .invalidConfiguration)
        self.init()
        if let section = problems.collect({ () throws(PushError) in try fields.object("serviceExtension") }) ?? nil {
            serviceExtension = problems.collect { () throws(PushError) in try ServiceExtensionFeature(json: section) }
        }
        voip = problems.collect({ () throws(PushError) in try fields.bool("voip") }).flatMap { $0 } ?? false
        if let value = object["liveActivities"] {
            switch value {
            case .bool(let on):
                liveActivities = on ? LiveActivitiesFeature() : nil
            case .object(let section):
                liveActivities = problems.collect { () throws(PushError) in try LiveActivitiesFeature(json: section) }
            default:
                problems.add(fields.typeError("liveActivities", value, expected: "true, false or {\"pushToStart\": Bool}"))
            }
        }
    }
}

/// The app's notification service extension: the app group it shares with the app.
package struct ServiceExtensionFeature: Sendable, Equatable {
    /// The app group both the app and the extension belong to (`group.` then a reverse-DNS name):
    /// the delivery ledger the extension writes and the app reads lives in its container, and
    /// Getui's extension SDK needs it in both (`+setApplicationGroupIdentifier:`, `GeTuiSdk.h`
    /// 3.1.0.0 line 53; `GeTuiExtSdk.h`).
    public var appGroup: String

    /// A feature from its app group.
    public init(appGroup: String) {
        self.appGroup = appGroup
    }

    /// Reads `{"appGroup": "group.…"}`.
    package init(json object: JSONObject) throws(PushError) {
        let fields = JSONFieldReader(object, path: "serviceExtension", code: .invalidConfiguration)
        try fields.rejectUnknownKeys(["appGroup"])
        guard let group = try fields.string("appGroup") else {
            throw fields.error("serviceExtension.appGroup", "missing (the app group the app and its extension share, \"group.com.example.app\")")
        }
        guard Self.isValidAppGroup(group) else {
            throw fields.error(
                "serviceExtension.appGroup",
                "\(JSONFieldReader.shown(.string(group))) is not an app group (expected \"group.\" then letters, digits, - and .)")
        }
        appGroup = group
    }

    /// `group.` followed by a reverse-DNS name (Apple, "Configuring app groups").
    static func isValidAppGroup(_ name: String) -> Bool {
        let prefix = "group."
        guard name.hasPrefix(prefix), name.count > prefix.count, name.count <= 255 else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x2D
        } && !name.hasSuffix(".") && !name.contains("..")
    }
}

/// Live Activities updated by push; `pushToStart` when the app also lets a push start one (iOS 17.2+).
package struct LiveActivitiesFeature: Sendable, Equatable {
    /// Whether a push may start a Live Activity (the push-to-start token, iOS 17.2+).
    public var pushToStart: Bool

    /// A feature; push-to-start off by default.
    public init(pushToStart: Bool = false) {
        self.pushToStart = pushToStart
    }

    /// Reads `{"pushToStart": Bool}`.
    package init(json object: JSONObject) throws(PushError) {
        let fields = JSONFieldReader(object, path: "liveActivities", code: .invalidConfiguration)
        try fields.rejectUnknownKeys(["pushToStart"])
        pushToStart = try fields.bool("pushToStart") ?? false
    }
}
