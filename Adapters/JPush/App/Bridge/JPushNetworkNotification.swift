import PushBridge

/// The `NSNotificationCenter` names JPush posts: its connection's life, login, failures, and
/// custom messages.
///
/// The raw values are the names' string values, as `NSNotification.Name(rawValue:)` takes them:
///
/// ```swift
/// NotificationCenter.default.addObserver(forName: .init(JPushNetworkNotification.didLogin.rawValue), …)
/// ```
///
/// That each constant's value is its own name is assumed, not verified: JPush's header declares
/// them `extern NSString *const` and `JPUSHServiceBridge` can only observe by name. JPush's
/// binary does not settle it. In `libJPush.a` 5.9.0 (jpush/jpush-sdk @ 7765980,
/// `jpush-ios-5.9.0.xcframework/ios-arm64/libJPush.a`, extracted with `llvm-ar x`, read with
/// `llvm-nm -m` and `strings -a`; 5.7.0's from jpush/jpush-react-native @ 756b89a reads the same)
/// all eight are *undefined* external symbols — seven used by `JPUSHClientController.o`,
/// `kJPFNetworkDidReceiveMessageNotification` by `JPUSHSocketEventController.o` — so JCore
/// defines them, and no object holds a C string such as `kJPFNetworkDidLoginNotification`, only
/// the symbol names `_kJPF…`. JCore's binary is not in the store (jpush/jcore-sdk @ 8a206fb: its
/// `libJCore.a` blobs are absent), so the values were not read. If a JCore gave one another
/// value, the bridge would never see that notification; on a device, log the constant from an
/// Objective-C file to check.
public enum JPushNetworkNotification: String, Sendable, Hashable, CaseIterable {
    /// `kJPFNetworkIsConnectingNotification`: connecting to JPush's servers.
    case isConnecting = "kJPFNetworkIsConnectingNotification"
    /// `kJPFNetworkDidSetupNotification`: the connection is set up (not logged in yet).
    case didSetup = "kJPFNetworkDidSetupNotification"
    /// `kJPFNetworkDidCloseNotification`: the connection closed; JPush holds custom messages.
    case didClose = "kJPFNetworkDidCloseNotification"
    /// `kJPFNetworkDidRegisterNotification`: registered with JPush (the ID comes at login).
    case didRegister = "kJPFNetworkDidRegisterNotification"
    /// `kJPFNetworkFailedRegisterNotification`: registration failed.
    case failedRegister = "kJPFNetworkFailedRegisterNotification"
    /// `kJPFNetworkDidLoginNotification`: logged in; the registration ID is ready.
    case didLogin = "kJPFNetworkDidLoginNotification"
    /// `kJPFServiceErrorNotification`: JPush reports an error.
    case serviceError = "kJPFServiceErrorNotification"
    /// `kJPFNetworkDidReceiveMessageNotification`: a custom message (自定义消息) over JPush's own
    /// connection, not APNs: `userInfo` keys `content`, `title`, `content_type`, `extras`, `_j_msgid`.
    case didReceiveMessage = "kJPFNetworkDidReceiveMessageNotification"

    /// Whether the two are the same case (by case, not by comparing raw strings).
    public static func == (lhs: JPushNetworkNotification, rhs: JPushNetworkNotification) -> Bool { lhs.ordinal == rhs.ordinal }

    /// Hashes the case, not its raw value.
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
    /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
    /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
    private var ordinal: Int {
        switch self {
        case .isConnecting: 0
        case .didSetup: 1
        case .didClose: 2
        case .didRegister: 3
        case .failedRegister: 4
        case .didLogin: 5
        case .serviceError: 6
        case .didReceiveMessage: 7
        }
    }
}

/// The names of JPush's delegate methods, as traces show them.
public enum JPushCallbackName {
    /// `jpushNotificationCenter:willPresentNotification:withCompletionHandler:` — iOS's method 4.
    public static let willPresent = "jpushNotificationCenter:willPresentNotification:withCompletionHandler:"
    /// `jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:` — iOS's method 5.
    public static let didReceiveResponse = "jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
    /// `jpushNotificationCenter:openSettingsForNotification:` (iOS 12+).
    public static let openSettings = "jpushNotificationCenter:openSettingsForNotification:"
    /// `jpushNotificationAuthorization:withInfo:`.
    public static let authorization = "jpushNotificationAuthorization:withInfo:"
}
