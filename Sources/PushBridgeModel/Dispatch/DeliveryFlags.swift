import PushBridge

/// The facts of a payload the dispatch model's rules read, beside `APSContent` (what an app
/// reads): only the model reads these, so they live here and an app does not ship them.
package struct DeliveryFlags: Sendable, Hashable {
    /// `aps.alert` is present and non-empty.
    package var hasAlert = false
    /// `aps.content-available` is the number 1.
    package var contentAvailable = false
    /// Content-available with no `alert`, `badge` or `sound`.
    package var isSilent = false
    /// `aps.interruption-level` is `passive`.
    package var passive = false
    /// `aps.interruption-level` is `time-sensitive`: it breaks through a Focus and the scheduled
    /// summary when the app may (Apple, `UNNotificationInterruptionLevel.timeSensitive`).
    package var timeSensitive = false
    /// A critical alert: `aps.interruption-level` is `critical` (Apple,
    /// `UNNotificationInterruptionLevel.critical`) or the sound dictionary's `critical` is 1.
    package var critical = false
    /// `aps.mutable-content` is the number 1: a service extension may run.
    package var mutableContent = false

    /// No alert, not content-available, nothing else.
    package init() {}

    /// What the dispatch model needs of a payload, read with a few look-ups: whether it shows an
    /// alert, whether it is content-available or silent, its interruption level, whether a
    /// service extension may run. The same readings as `APSContent`'s, which an app makes.
    package init(payload: JSONObject) {
        guard case .object(let aps) = payload["aps"] else { return }
        let level = aps["interruption-level"]?.stringValue
        contentAvailable = APSContent.isNumberOne(aps["content-available"])
        hasAlert = APSContent.showsAlert(aps["alert"])
        isSilent = APSContent.isSilent(aps, contentAvailable: contentAvailable)
        passive = level == "passive"
        timeSensitive = level == "time-sensitive"
        critical = level == "critical" || Self.hasCriticalSound(aps)
        mutableContent = APSContent.isNumberOne(aps["mutable-content"])
    }

    /// A sound dictionary with `critical` 1 (Apple, "Generating a remote notification": the
    /// `sound` dictionary's `critical` flag, "1 indicates critical. 0 is not critical";
    /// `UNNotificationSound.defaultCritical`).
    private static func hasCriticalSound(_ aps: JSONObject) -> Bool {
        guard case .object(let sound)? = aps["sound"] else { return false }
        return APSContent.isNumberOne(sound["critical"])
    }
}
