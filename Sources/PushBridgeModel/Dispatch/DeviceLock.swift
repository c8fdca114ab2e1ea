import PushBridge

/// Whether the device is locked when the user acts on the notification from the Lock Screen, and
/// what the user does when iOS asks to unlock.
public enum DeviceLock: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Unlocked (the default): nothing is asked.
    case unlocked
    /// Locked; the user unlocks when iOS asks (Face ID, Touch ID or the passcode).
    case locked
    /// Locked; the user cancels the unlock iOS asks for.
    case lockedCancelsUnlock

    /// The scenario value.
    public var description: String { rawValue }
}

/// An option of the notification action the user picks (`UNNotificationActionOptions`), beside
/// `foreground`, which the `user` action itself carries.
public enum ActionOption: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `.authenticationRequired`: "The action can be performed only on an unlocked device"
    /// (Apple): on a locked device iOS asks the user to unlock first.
    case authenticationRequired
    /// `.destructive`: "The action performs a destructive task" (Apple) — shown in red; it
    /// changes nothing iOS calls.
    case destructive

    /// The scenario value.
    public var description: String { rawValue }
}

extension DispatchModel {
    /// Whether the locked device keeps the user's action from the app (the response never
    /// reaches it: no call, `actionDelivered` `false`).
    ///
    /// - Opening the app — a tap, or an action with `.foreground` — and an action with
    ///   `.authenticationRequired` need the device unlocked: `.foreground` "brings the app to the
    ///   foreground, asking the user to unlock the device as needed"; `.authenticationRequired`:
    ///   "When the user selects an action with this option, the system prompts the user to unlock
    ///   the device. After unlocking, the system notifies your app of the selected action" (Apple,
    ///   `UNNotificationActionOptions`). A cancelled unlock delivers nothing *(inference: Apple
    ///   notifies the app "after unlocking")*. A background action without the option runs from the
    ///   Lock Screen (wordpress-mobile/WordPress-iOS#2036, 2015, iOS 8: interactive notifications
    ///   "don't require any kind of authentication"; "Replying to a message doesn't require
    ///   authentication but archiving an email asks for TouchID/passcode"). A dismissal needs no
    ///   unlock.
    /// - Text input on a locked device: on iOS 9.0 the Lock Screen's quick reply shows no keyboard
    ///   (rdar 22950100, iOS 9.0.2; rdar 22869810, iOS 9.0.1, after unlocking with an alphanumeric
    ///   passphrase), so nothing can be sent; on iOS 10 a text-input action with
    ///   `.authenticationRequired` breaks the Lock Screen's layout when sent (rdar 30903812, 2017:
    ///   "The keyboard turns black"), and nothing reaches the app *(inference: the radar's expected
    ///   result — the text sent after the passcode — did not happen)*. Other versions: as any action.
    static func lockStops(_ user: UserAction, _ facts: DeliveryFacts) -> Bool {
        guard facts.deviceLock != .unlocked else { return false }
        if case .textInput = user {
            if facts.version.major == 9, facts.version.minor == 0 { return true }
            if facts.version.major == 10, facts.authenticationRequired { return true }
        }
        guard facts.deviceLock == .lockedCancelsUnlock else { return false }
        switch user {
        case .tap: return true
        case .action(_, let foreground), .textInput(_, let foreground, _): return foreground || facts.authenticationRequired
        case .none, .dismiss, .openAppIcon, .clearGroup: return false
        }
    }
}
