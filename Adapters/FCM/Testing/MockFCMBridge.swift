import PushBridge
import PushBridgeFCM
import PushBridgeProviderKit

/// A stand-in for FirebaseMessaging, for tests (yours and PushBridge's): records every call,
/// answers FCM's registration and topic calls as told (or never, to test timeouts), and triggers
/// any `FIRMessagingDelegate` callback on demand.
///
/// Like the SDK since 10.4.0, it refuses to register before it has an APNs token
/// (`registration` answers then with FCM's error, "No APNS token specified").
///
/// ```swift
/// let bridge = MockFCMBridge(identifier: "fcm-token-1")
/// let provider = FCMProvider(settings: settings, bridge: bridge, system: MockAPNsBridge())
/// bridge.trigger(.registrationToken("fcm-token-2"))  // FCM rotated the token
/// ```
public final class MockFCMBridge: FCMBridge {
    /// One call the adapter made; tokens and identifiers masked when printed.
    public enum Call: Sendable, Hashable, CustomStringConvertible {
        /// `setAutoInitEnabled:`.
        case setAutoInitEnabled(Bool)
        /// `setAPNSToken:type:`, the token in hex (masked when printed).
        case setAPNSToken(SecretText, FCMAPNSTokenType)
        /// `registerWithCompletion:`.
        case register
        /// `tokenWithCompletion:`.
        case token
        /// `subscribeToTopic:completion:`.
        case subscribe(String)
        /// `unsubscribeFromTopic:completion:`.
        case unsubscribe(String)
        /// `appDidReceiveMessage:`, with the message's `gcm.message_id` (`nil`: none).
        case appDidReceiveMessage(messageID: String?)

        /// The call, secrets masked.
        public var description: String {
            switch self {
            case .setAutoInitEnabled(let on): "setAutoInitEnabled(\(on))"
            case .setAPNSToken(let token, let type): "setAPNSToken(\(token), type: \(type))"
            case .register: "registerWithCompletion"
            case .token: "tokenWithCompletion"
            case .subscribe(let topic): "subscribeToTopic(\(topic))"
            case .unsubscribe(let topic): "unsubscribeFromTopic(\(topic))"
            case .appDidReceiveMessage(let id): "appDidReceiveMessage(\(id ?? "no gcm.message_id"))"
            }
        }
    }

    /// How FCM answers a registration (`registerWithCompletion:` or `tokenWithCompletion:`).
    public enum Registration: Sendable, Hashable {
        /// With the mock's ``identifier`` (through `messaging:didReceiveRegistration:` after a
        /// `registerWithCompletion:`).
        case succeeds
        /// With FCM's error (domain and code).
        case fails(PushError.VendorCode)
        /// Never (no network).
        case unanswered
    }

    /// FCM's answer to a registration without an APNs token since 10.4.0 (FirebaseMessaging's
    /// CHANGELOG, 10.4.0; the error a simulator must be able to produce, issue 43 item 8): the
    /// domain and code are this mock's sample, an inference — FCM documents the message, "No
    /// APNS token specified before fetching FCM Token", not the code.
    public static let noAPNSToken = PushError.VendorCode(domain: FCMErrorCode.domain, code: 7)

    private struct State {
        var calls: [Call] = []
        var identifier: String
        var installationID: Bool
        var registration = Registration.succeeds
        var topicError: PushError.VendorCode?
        var answersTopics = true
        var autoInitEnabled = true
        var apnsToken: [UInt8]?
        var pendingTopics: [@Sendable (PushError.VendorCode?) -> Void] = []
    }

    private struct WeakDelegate {
        weak var value: (any FCMBridgeDelegate)?
    }

    private let state: Locked<State>
    private let weakDelegate = Locked(WeakDelegate())

    /// A mock whose registration gives `identifier`, by installation ID (12.16.0+ with
    /// `FirebaseMessagingInstallationIdEnabled`) when `installationID`, else by token.
    public init(identifier: String = "fcm-8b1d0c9e7f6a5b4c3d2e1f0a:APA91bF", installationID: Bool = false) {
        state = Locked(State(identifier: identifier, installationID: installationID))
    }

    /// The delegate (the ``FCMProvider`` made with this mock), held weakly.
    public var delegate: (any FCMBridgeDelegate)? {
        get { weakDelegate.withLock { $0.value } }
        set { weakDelegate.withLock { $0.value = newValue } }
    }

    /// Every call so far, in order.
    public var calls: [Call] { state.withLock { $0.calls } }
    /// The identifier the next registration gives.
    public var identifier: String {
        get { state.withLock { $0.identifier } }
        set { state.withLock { $0.identifier = newValue } }
    }
    /// How registrations are answered (default `.succeeds`).
    public var registration: Registration {
        get { state.withLock { $0.registration } }
        set { state.withLock { $0.registration = newValue } }
    }
    /// The error topic calls answer with (`nil`, the default: they succeed).
    public var topicError: PushError.VendorCode? {
        get { state.withLock { $0.topicError } }
        set { state.withLock { $0.topicError = newValue } }
    }
    /// Whether topic calls are answered at once (default); when `false` they wait for ``answerTopics()``.
    public var answersTopics: Bool {
        get { state.withLock { $0.answersTopics } }
        set { state.withLock { $0.answersTopics = newValue } }
    }
    /// The APNs token FCM holds.
    public var apnsToken: [UInt8]? { state.withLock { $0.apnsToken } }

    /// `autoInitEnabled` (YES by default, as the SDK's).
    public var autoInitEnabled: Bool {
        get { state.withLock { $0.autoInitEnabled } }
        set {
            state.withLock {
                $0.autoInitEnabled = newValue
                $0.calls.append(.setAutoInitEnabled(newValue))
            }
        }
    }

    /// Records the token.
    public func setAPNSToken(_ token: [UInt8], type: FCMAPNSTokenType) {
        state.withLock {
            $0.apnsToken = token
            $0.calls.append(.setAPNSToken(DeviceTokenRequest(token: token).hexToken, type))
        }
    }

    /// Whether the mock registers by installation ID.
    public var registersByInstallationID: Bool { state.withLock { $0.installationID } }

    /// Answers as ``registration`` says; the identifier through `messaging:didReceiveRegistration:`.
    public func register(completion: @escaping @Sendable (PushError.VendorCode?) -> Void) {
        let (answer, identifier) = record(.register)
        switch answer {
        case .succeeds:
            delegate?.messaging(didReceiveRegistration: identifier)
            completion(nil)
        case .fails(let error): completion(error)
        case .unanswered: break
        }
    }

    /// Answers as ``registration`` says.
    public func token(completion: @escaping @Sendable (String?, PushError.VendorCode?) -> Void) {
        let (answer, identifier) = record(.token)
        switch answer {
        case .succeeds: completion(identifier, nil)
        case .fails(let error): completion(nil, error)
        case .unanswered: break
        }
    }

    private func record(_ call: Call) -> (Registration, String) {
        state.withLock { state in
            state.calls.append(call)
            guard state.apnsToken != nil else {
                return (state.registration == .unanswered ? .unanswered : .fails(Self.noAPNSToken), state.identifier)
            }
            return (state.registration, state.identifier)
        }
    }

    /// Answers with ``topicError``, at once unless ``answersTopics`` is `false`.
    public func subscribe(toTopic topic: String, completion: @escaping @Sendable (PushError.VendorCode?) -> Void) {
        topicCall(.subscribe(topic), completion)
    }

    /// Answers with ``topicError``, at once unless ``answersTopics`` is `false`.
    public func unsubscribe(fromTopic topic: String, completion: @escaping @Sendable (PushError.VendorCode?) -> Void) {
        topicCall(.unsubscribe(topic), completion)
    }

    private func topicCall(_ call: Call, _ completion: @escaping @Sendable (PushError.VendorCode?) -> Void) {
        let answer = state.withLock { state -> PushError.VendorCode?? in
            state.calls.append(call)
            guard state.answersTopics else {
                state.pendingTopics.append(completion)
                return .none
            }
            return .some(state.topicError)
        }
        if case .some(let error) = answer { completion(error) }
    }

    /// Answers the topic calls held while ``answersTopics`` was `false`, twice each when `twice`
    /// (an SDK answering twice).
    public func answerTopics(twice: Bool = false) {
        let (pending, error) = state.withLock { state in
            defer { state.pendingTopics = [] }
            return (state.pendingTopics, state.topicError)
        }
        for completion in pending {
            completion(error)
            if twice { completion(error) }
        }
    }

    /// Records the message's `gcm.message_id`.
    public func appDidReceiveMessage(_ userInfo: JSONObject) {
        state.withLock { $0.calls.append(.appDidReceiveMessage(messageID: FCMDefinition().messageID(in: userInfo))) }
    }

    /// A `FIRMessagingDelegate` callback.
    public enum Callback: Sendable {
        /// `messaging:didReceiveRegistrationToken:`.
        case registrationToken(String?)
        /// `messaging:didReceiveRegistration:`.
        case registration(String?)
        /// `messaging:didUnregister:`.
        case unregister(String)
    }

    /// Calls the delegate's method for `callback`, as FCM would (synchronously, on this thread).
    public func trigger(_ callback: Callback) {
        guard let delegate else { return }
        switch callback {
        case .registrationToken(let token): delegate.messaging(didReceiveRegistrationToken: token)
        case .registration(let id): delegate.messaging(didReceiveRegistration: id)
        case .unregister(let id): delegate.messaging(didUnregister: id)
        }
    }
}
