import PushBridgeCore

/// What each push type requires of its payload and its priority — an **error** when missing,
/// because the push cannot work — and what Apple advises for it — a **warning**.
///
/// Sources: Apple, "Sending notification requests to APNs" (priorities: "Always use priority 5
/// [for background]. Using priority 10 is an error"); "Pushing background updates to your app"
/// (`content-available: 1`, no alert, badge or sound); "Starting and updating Live Activities with
/// ActivityKit push notifications" (`timestamp`, `event`, `content-state`; a start also
/// `attributes-type` and `attributes`); "Updating widgets with push notifications" (WidgetKit,
/// `content-changed: true`); the MDM protocol (`{"mdm": PushMagic}`, Apple's Device Management
/// documentation, "Sending MDM commands to a device").
enum PushTypeRules {
    static func check(
        _ payload: JSONObject, pushType: PayloadValidator.PushType, priority: Int?, errors: inout [PushError], warnings: inout [PushError]
    ) {
        let aps = payload["aps"]?.objectValue
        if let priority {
            if pushType == .background && priority == 10 {
                errors.append(
                    PayloadValidator.problem("apns-priority", "10 for a background push: APNs refuses it (\"using priority 10 is an error\"); send 5")
                )
            } else if ![1, 5, 10].contains(priority) {
                errors.append(PayloadValidator.problem("apns-priority", "\(priority) is not a priority APNs takes (10, 5 or 1)"))
            } else if !pushType.priorities.contains(priority) {
                let documented = pushType.priorities.sorted(by: >).map(String.init).joined(separator: " or ")
                warnings.append(
                    PayloadValidator.warning("apns-priority", "\(priority) for a \(pushType.rawValue) push: Apple documents \(documented)"))
            }
        }
        switch pushType {
        case .alert:
            guard let aps else {
                warnings.append(
                    PayloadValidator.warning(
                        "aps",
                        payload["aps"] == nil
                            ? "missing: APNs delivers the payload, but iOS shows nothing; add {\"aps\": {\"alert\": …}}"
                            : "is \(payload["aps"]!.typeDescription), not an object: iOS shows nothing"))
                return
            }
            if aps["alert"] == nil && aps["sound"] == nil && aps["badge"] == nil {
                if aps["content-available"] == .integer(1) || aps["content-available"] == .double(1) {
                    errors.append(
                        mismatch(
                            "alert",
                            "the payload is a background update (content-available, no alert, sound or badge): send it as apns-push-type background, priority 5"
                        ))
                } else {
                    warnings.append(PayloadValidator.warning("aps", "has no alert, sound or badge: iOS shows nothing"))
                }
            }
        case .background:
            if aps?["content-available"] == nil {
                errors.append(
                    PayloadValidator.problem(
                        "aps.content-available", "missing: a background push needs \"content-available\": 1, or iOS does not wake the app"))
            }
            // An alert sent as background was not received (andrei-m-code/net-core-push-notifications#9,
            // iOS 13): an error. A badge or sound beside content-available is delivered and wakes
            // the app (Apple Developer Forums thread 745345, as issue 46 reports it): a warning.
            // The dispatch model agrees by default: its knob `disputed.backgroundBadgeOrSound`
            // is `delivered` (the vector report-pushtype-14.0-forums745345-background-badge-delivered);
            // `dropped` keeps the older inference from Apple's "must accurately reflect" sentence
            // (the vector apple-pushtype-14.0-background-badge-foreground-dropped sets it).
            if aps?["alert"] != nil {
                errors.append(
                    mismatch(
                        "background",
                        "the payload has an alert: a push that shows an alert is an alert push; send it as apns-push-type alert, or remove it"))
            }
            let quiet = ["badge", "sound"].filter { aps?[$0] != nil }
            if !quiet.isEmpty {
                warnings.append(
                    PayloadValidator.warning(
                        "apns-push-type",
                        "background with \(quiet.joined(separator: " and ")): APNs delivers it and wakes the app, but Apple's background push has "
                            + "only content-available (\"Pushing background updates to your app\"); send it as apns-push-type alert to badge or sound for sure"
                    ))
            }
        case .liveactivity:
            requireLiveActivityFields(aps, errors: &errors, warnings: &warnings)
        case .widgets:
            if aps?["content-changed"] == nil {
                errors.append(PayloadValidator.problem("aps.content-changed", "missing: a widgets push needs \"content-changed\": true"))
            }
        case .mdm:
            if payload["mdm"]?.stringValue == nil {
                errors.append(
                    PayloadValidator.problem("mdm", "missing: an MDM push is {\"mdm\": PushMagic}, the PushMagic string the device enrolled with"))
            }
        case .voip, .location, .complication, .fileprovider, .pushtotalk:
            if let aps, aps["alert"] != nil || aps["badge"] != nil || aps["sound"] != nil {
                warnings.append(
                    PayloadValidator.warning(
                        "aps", "alert, badge or sound in a \(pushType.rawValue) push: iOS shows none of them (it goes to \(pushType.handler))"))
            }
        }
    }

    /// An `apns-push-type` that does not describe its payload: from iOS 13 "If there is a
    /// mismatch … APNs may delay the delivery of the notification or drop it altogether" (Apple,
    /// "Sending notification requests to APNs"); malliina/mobile-push#19 (a `content-available`
    /// push sent as `alert` never arrived) and andrei-m-code/net-core-push-notifications#9
    /// (iOS 13, an alert sent as `background` was not received). The dispatch model drops such a
    /// push on iOS 13+ (the trace's `delivery` `droppedPushTypeMismatch`); a `background` push
    /// that only badges or sounds is no error here and delivered there by default
    /// (`disputed.backgroundBadgeOrSound`).
    private static func mismatch(_ type: String, _ detail: String) -> PushError {
        PayloadValidator.problem("apns-push-type", "\(type) does not match the payload (APNs may delay or drop it on iOS 13+): \(detail)")
    }

    /// A Live Activity push needs `timestamp` and `event`; a start or an update needs
    /// `content-state`; a start needs `attributes-type` and `attributes`, and Apple advises an
    /// `alert` so that the person notices it.
    private static func requireLiveActivityFields(_ aps: JSONObject?, errors: inout [PushError], warnings: inout [PushError]) {
        guard let aps else {
            errors.append(PayloadValidator.problem("aps", "missing: a Live Activity push needs aps with timestamp, event and content-state"))
            return
        }
        for key in ["timestamp", "event"] where aps[key] == nil {
            errors.append(PayloadValidator.problem("aps.\(key)", "missing: every Live Activity push needs it"))
        }
        let event = aps["event"]?.stringValue
        if event == "start" || event == "update", aps["content-state"] == nil {
            errors.append(PayloadValidator.problem("aps.content-state", "missing: a Live Activity \(event!) needs the activity's content state"))
        }
        if event == "start" {
            for key in ["attributes-type", "attributes"] where aps[key] == nil {
                errors.append(PayloadValidator.problem("aps.\(key)", "missing: a push that starts a Live Activity needs it"))
            }
            if aps["alert"] == nil {
                warnings.append(
                    PayloadValidator.warning(
                        "aps.alert", "missing: Apple advises an alert when a push starts a Live Activity, so that the person notices it"))
            }
        }
    }
}
