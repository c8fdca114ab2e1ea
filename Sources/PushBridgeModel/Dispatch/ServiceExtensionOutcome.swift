import PushBridge

/// What the app's notification service extension does with a notification, when it runs.
///
/// iOS runs the extension only for a remote notification that shows an alert and carries
/// `mutable-content: 1`, and not when the app's alerts are disabled (Apple, "Modifying content in
/// newly delivered notifications"). It has about 30 seconds; when the time runs out, iOS calls
/// `serviceExtensionTimeWillExpire()` and shows the best content the extension delivers then, or
/// the original. None of it changes which app callbacks run — except `filters`: an extension with
/// the `com.apple.developer.usernotifications.filtering` entitlement (iOS 13.3+) that delivers
/// empty content makes iOS show nothing (Apple, `didReceive(_:withContentHandler:)`).
public enum ServiceExtensionOutcome: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The app has no service extension (the default).
    case none
    /// The extension changes the content (title, body, attachment) in time.
    case modifies
    /// The extension hands the content back unchanged.
    case unchanged
    /// The extension runs out of time: iOS shows the original content (or the best attempt).
    case timesOut
    /// The extension drops the notification (iOS 13.3+, filtering entitlement): nothing is shown.
    case filters

    /// The scenario value.
    public var description: String { rawValue }
}

/// What the trace reports of the service extension, when the scenario has one.
public enum ServiceExtensionRun: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// It ran and its content was shown (changed or not; also a `filters` extension before
    /// iOS 13.3, which cannot drop a notification).
    case ran
    /// It ran out of time: the original content was shown.
    case timedOut
    /// It dropped the notification: nothing was shown.
    case filtered
    /// iOS did not run it: not a visible `mutable-content` remote notification, alerts not
    /// allowed, or iOS 9 or earlier. (An extension that filters before iOS 13.3 ran: iOS shows
    /// what it delivered, `ran`.)
    case notRun

    /// The trace value.
    public var description: String { rawValue }
}

/// Why a user's response never reached the app although the system showed the notification.
public enum LostResponse: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The app was launched for the response, but the notification-center delegate was set only
    /// after launch ended: the response that launched it reached no delegate (Apple,
    /// `UNUserNotificationCenterDelegate`: the delegate must be assigned "before your app
    /// finishes launching").
    case centerDelegateSetAfterLaunch
    /// The app sets no notification-center delegate: the response reached no delegate.
    case noCenterDelegate

    /// The trace value.
    public var description: String { rawValue }
}
