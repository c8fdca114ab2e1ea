import PushBridge

/// What FirebaseMessaging calls back, mirrored one to one from `FIRMessagingDelegate`
/// (`FIRMessaging.h` L152–196). ``FCMProvider`` implements it.
///
/// An ``FCMBridge`` conformance holds its delegate weakly, as `FIRMessaging` holds its own, and
/// forwards each callback to the requirement of the same name.
///
/// ```swift
/// let bridge = MockFCMBridge()
/// let provider = FCMProvider(settings: settings, bridge: bridge, system: system) // becomes bridge.delegate
/// bridge.trigger(.registrationToken("fcm-token-2"))  // a rotated token → one `registered` event
/// ```
public protocol FCMBridgeDelegate: AnyObject, Sendable {
    /// `messaging:didReceiveRegistrationToken:` (deprecated in 12.18.0): a token is available or
    /// was refreshed (`nil`: the header declares it nullable).
    func messaging(didReceiveRegistrationToken token: String?)
    /// `messaging:didReceiveRegistration:` (12.16.0+): the installation was registered or its
    /// registration refreshed; its Firebase installation ID (nullable in the header).
    func messaging(didReceiveRegistration installationID: String?)
    /// `messaging:didUnregister:` (12.16.0+): the installation was unregistered.
    func messaging(didUnregister installationID: String)
}
