import PushBridgeCore

/// What a provider's SDK does with `UNUserNotificationCenter`'s delegate when it registers: the
/// fact that decides who hands methods 4 and 5 to `PushClient` (see `NotificationCenterRelay`).
///
/// Sources (research of the SDK binaries, not of any vendor document):
/// - JPush 5.7.0 and 5.9.0 `libJPush.a` (disassembled): `registerForRemoteNotificationConfig:delegate:`
///   sets the center's delegate to JPush's own object, keeps no previous one and hands the calls
///   to the `JPUSHRegisterDelegate` only.
/// - Getui 2.7.0.0 (disassembled; no 3.x binary was readable, so 3.x is assumed the same):
///   `registerRemoteNotification:` sets itself as the delegate and hooks `setDelegate:`, so a
///   delegate set later still receives the calls and Getui receives them as well.
public enum NotificationCenterOwner: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No SDK takes the delegate: the app's delegate, or PushBridge's, hands the calls to the client.
    case app
    /// The SDK installs its own delegate when it registers, replacing any other, and forwards to
    /// none (JPush): its adapter hands the calls to the client while it holds the delegate.
    case sdkReplacesDelegate
    /// The SDK installs its own delegate when it registers and hooks any delegate set later, so it
    /// receives every call (Getui): its adapter always hands the calls to the client.
    case sdkHooksDelegate

    /// The value's name.
    public var description: String { rawValue }

    /// Whether the provider's SDK takes the delegate at all.
    public var isSDK: Bool { self != .app }

    /// Whether the two are the same case (by case, not by comparing raw strings).
    public static func == (lhs: NotificationCenterOwner, rhs: NotificationCenterOwner) -> Bool { lhs.ordinal == rhs.ordinal }

    /// Hashes the case, not its raw value.
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
    /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
    /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
    private var ordinal: Int {
        switch self {
        case .app: 0
        case .sdkReplacesDelegate: 1
        case .sdkHooksDelegate: 2
        }
    }
}
