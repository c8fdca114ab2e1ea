import PushBridge
import PushBridgeProviderKit

/// The FirebaseMessaging calls the adapter makes, mirrored one to one (`FIRMessaging`,
/// FirebaseMessaging 12.19.0's `FIRMessaging.h`), on the shared instance `+[FIRMessaging messaging]`.
///
/// PushBridge cannot link Firebase (the root package has no dependency), so ``FCMProvider`` talks
/// to it through this protocol: on a device, `FIRMessagingBridge` (see `SDK/FIRMessagingBridge.swift`)
/// forwards each requirement to the real class, bound by name at run time, and the
/// `FIRMessagingDelegate` callbacks back through ``FCMBridgeDelegate``; in tests, `MockFCMBridge`
/// (in `PushBridgeFCMTesting`) records them. An `NSError` crosses as its domain and code (a
/// `PushError/VendorCode`), never its text.
public protocol FCMBridge: Sendable {
    /// The object the `FIRMessagingDelegate` callbacks are forwarded to, held weakly as
    /// `FIRMessaging.delegate` is (`FIRMessaging.h` L215). An ``FCMProvider`` sets itself here
    /// when it is created.
    var delegate: (any FCMBridgeDelegate)? { get nonmutating set }

    /// `autoInitEnabled` (`FIRMessaging.h` L277): whether FCM registers the app instance by itself
    /// at launch. Persisted by the SDK; it overrides `FirebaseMessagingAutoInitEnabled` in the
    /// Info.plist once set.
    var autoInitEnabled: Bool { get nonmutating set }

    /// `-setAPNSToken:type:` (L257): the APNs device token and its environment, which FCM needs
    /// before it can register (FirebaseMessaging 10.4.0: "an APNS Token must be provided to FCM
    /// SDK before retrieving an FCM Token otherwise an error will be returned").
    func setAPNSToken(_ token: [UInt8], type: FCMAPNSTokenType)

    /// Whether the app's SDK registers by Firebase installation ID: it has `-registerWithCompletion:`
    /// (FirebaseMessaging 12.16.0+, `FIRMessaging.h` L402) and `installationIdEnabled` (L298) is
    /// YES (`FirebaseMessagingInstallationIdEnabled` in the Info.plist; the header: "All token
    /// related operations … will always fail" then). `false` for an SDK before 12.16, which has
    /// neither, and by default.
    var registersByInstallationID: Bool { get }

    /// `-registerWithCompletion:` (12.16.0+): registers the installation; FCM then calls
    /// `messaging:didReceiveRegistration:` with its installation ID. `completion` is called once,
    /// with the error's domain and code when registering failed.
    func register(completion: @escaping @Sendable (PushError.VendorCode?) -> Void)

    /// `-tokenWithCompletion:` (L327; deprecated in 12.18.0, the only call before 12.16): the FCM
    /// registration token, or the error's domain and code. Called once.
    func token(completion: @escaping @Sendable (String?, PushError.VendorCode?) -> Void)

    /// `-subscribeToTopic:completion:` (L443). `completion` is called once, with the error's
    /// domain and code when it failed.
    func subscribe(toTopic topic: String, completion: @escaping @Sendable (PushError.VendorCode?) -> Void)

    /// `-unsubscribeFromTopic:completion:` (L465).
    func unsubscribe(fromTopic topic: String, completion: @escaping @Sendable (PushError.VendorCode?) -> Void)

    /// `-appDidReceiveMessage:` (L481): hands FCM a notification the app received, for Firebase's
    /// analytics, as an app whose swizzling is off must ("capturing analytics data during
    /// downstream message callback handling", firebase.google.com/docs/cloud-messaging/ios/client).
    func appDidReceiveMessage(_ userInfo: JSONObject)
}

/// `FIRMessagingAPNSTokenType` (`FIRMessaging.h` L127–134): which APNs environment a device token
/// belongs to.
public enum FCMAPNSTokenType: Int, Sendable, Hashable, CaseIterable {
    /// `FIRMessagingAPNSTokenTypeUnknown` (0): FCM reads the environment from the provisioning profile.
    case unknown = 0
    /// `FIRMessagingAPNSTokenTypeSandbox` (1): a development build.
    case sandbox = 1
    /// `FIRMessagingAPNSTokenTypeProd` (2): an App Store, TestFlight or ad hoc build.
    case prod = 2

    /// The type of a token of an app signed for `environment`.
    public init(_ environment: PushConfiguration.Environment) {
        self = environment == .development ? .sandbox : .prod
    }
}
