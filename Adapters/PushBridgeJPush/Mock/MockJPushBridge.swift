import PushBridge

/// A stand-in for the JPush SDK, for tests (yours and PushBridge's): records every call, answers
/// alias and tag requests as told, and reports a registration ID.
///
/// ```swift
/// let bridge = MockJPushBridge(registrationID: "1a0018970a1b2c3d4e5")
/// bridge.aliasAnswer = .code(6004)     // the next alias requests fail with 6004
/// let provider = JPushProvider(settings: settings, bridge: bridge, scheduler: scheduler)
/// ```
public final class MockJPushBridge: JPushBridge {
    /// One call the adapter made; secrets stay masked when printed.
    public enum Call: Sendable, Hashable, CustomStringConvertible {
        /// `setupWithOption:…`, with the app key masked.
        case setup(appKey: SecretText, channel: String, production: Bool, launchedWithNotification: Bool)
        /// `registerForRemoteNotificationConfig:delegate:`.
        case register(JPushRegisterEntity)
        /// `registerDeviceToken:`.
        case registerDeviceToken(SecretText)
        /// `handleRemoteNotification:`, with the notification's identity.
        case handleRemoteNotification(id: String)
        /// An alias call.
        case alias(operation: String, alias: SecretText?, seq: Int)
        /// A tag call.
        case tags(operation: String, tags: Set<String>, seq: Int)
        /// `setBadge:` / `resetBadge` (0).
        case badge(Int)

        /// The call, secrets masked.
        public var description: String {
            switch self {
            case .setup(let key, let channel, let production, let launched): "setup(appKey: \(key), channel: \(channel), production: \(production), launch: \(launched))"
            case .register(let entity): "register(types: \(entity.types), categories: \(entity.categories ?? []))"
            case .registerDeviceToken(let token): "registerDeviceToken(\(token))"
            case .handleRemoteNotification(let id): "handleRemoteNotification(\(id))"
            case .alias(let operation, let alias, let seq): "\(operation)Alias(\(alias.map(\.masked) ?? "-"), seq: \(seq))"
            case .tags(let operation, let tags, let seq): "\(operation)Tags(\(tags.count), seq: \(seq))"
            case .badge(let value): "setBadge(\(value))"
            }
        }
    }

    /// How the mock answers alias and tag requests.
    public enum Answer: Sendable, Hashable {
        /// At once, with result code 0 and the value.
        case success
        /// At once, with this result code.
        case code(Int)
        /// Never (to test timeouts); ``answerPending(code:)`` answers later.
        case never
    }

    private struct State {
        var calls: [Call] = []
        var registrationID: String?
        var aliasAnswer = Answer.success
        var tagAnswer = Answer.success
        var currentAlias: String?
        var currentTags: Set<String> = []
        var pending: [@Sendable (Int) -> Void] = []
    }

    private let state: Locked<State>

    /// A mock whose `registrationID` is `registrationID`.
    public init(registrationID: String? = "1a0018970a1b2c3d4e5") {
        state = Locked(State(registrationID: registrationID))
    }

    /// Every call so far.
    public var calls: [Call] { state.withLock { $0.calls } }
    /// How alias requests are answered.
    public var aliasAnswer: Answer {
        get { state.withLock { $0.aliasAnswer } }
        set { state.withLock { $0.aliasAnswer = newValue } }
    }
    /// How tag requests are answered.
    public var tagAnswer: Answer {
        get { state.withLock { $0.tagAnswer } }
        set { state.withLock { $0.tagAnswer = newValue } }
    }

    /// Answers every request left unanswered (``Answer/never``) with `code`.
    public func answerPending(code: Int) {
        let pending = state.withLock { state in
            defer { state.pending.removeAll() }
            return state.pending
        }
        for answer in pending { answer(code) }
    }

    // MARK: JPushBridge

    /// ``JPushBridge``'s `setup`: recorded, and answered as the test configured.
    public func setup(launchOptions: JSONObject?, appKey: String, channel: String, apsForProduction: Bool, advertisingIdentifier: String?) {
        record(.setup(appKey: SecretText(appKey), channel: channel, production: apsForProduction, launchedWithNotification: launchOptions != nil))
    }

    /// ``JPushBridge``'s `registerForRemoteNotificationConfig`: recorded, and answered as the test configured.
    public func registerForRemoteNotificationConfig(_ entity: JPushRegisterEntity) { record(.register(entity)) }

    /// ``JPushBridge``'s `registerDeviceToken`: recorded, and answered as the test configured.
    public func registerDeviceToken(_ token: [UInt8]) { record(.registerDeviceToken(DeviceTokenRequest(token: token).hexToken)) }

    /// ``JPushBridge``'s `handleRemoteNotification`: recorded, and answered as the test configured.
    public func handleRemoteNotification(_ userInfo: JSONObject) {
        record(.handleRemoteNotification(id: NotificationIdentity.derive(payload: userInfo, identifier: nil)))
    }

    /// ``JPushBridge``'s `registrationID`: recorded, and answered as the test configured.
    public var registrationID: String? { state.withLock { $0.registrationID } }

    /// ``JPushBridge``'s `setAlias`: recorded, and answered as the test configured.
    public func setAlias(_ alias: String, seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
        record(.alias(operation: "set", alias: SecretText(alias), seq: seq))
        answerAlias(seq: seq, completion: completion) { $0.currentAlias = alias }
    }

    /// ``JPushBridge``'s `deleteAlias`: recorded, and answered as the test configured.
    public func deleteAlias(seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
        record(.alias(operation: "delete", alias: nil, seq: seq))
        answerAlias(seq: seq, completion: completion) { $0.currentAlias = nil }
    }

    /// ``JPushBridge``'s `getAlias`: recorded, and answered as the test configured.
    public func getAlias(seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
        record(.alias(operation: "get", alias: nil, seq: seq))
        answerAlias(seq: seq, completion: completion) { _ in }
    }

    /// ``JPushBridge``'s `tags`: recorded, and answered as the test configured.
    public func tags(_ operation: JPushTagOperation, _ tags: Set<String>, seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void) {
        record(.tags(operation: operation.rawValue, tags: tags, seq: seq))
        answerTags(seq: seq, completion: completion) { state in
            switch operation {
            case .add: state.currentTags.formUnion(tags)
            case .set: state.currentTags = tags
            case .delete: state.currentTags.subtract(tags)
            }
        }
    }

    /// ``JPushBridge``'s `cleanTags`: recorded, and answered as the test configured.
    public func cleanTags(seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void) {
        record(.tags(operation: "clean", tags: [], seq: seq))
        answerTags(seq: seq, completion: completion) { $0.currentTags = [] }
    }

    /// ``JPushBridge``'s `getAllTags`: recorded, and answered as the test configured.
    public func getAllTags(seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void) {
        record(.tags(operation: "getAll", tags: [], seq: seq))
        answerTags(seq: seq, completion: completion) { _ in }
    }

    /// ``JPushBridge``'s `validTag`: recorded, and answered as the test configured.
    public func validTag(_ tag: String, seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int, Bool) -> Void) {
        record(.tags(operation: "valid", tags: [tag], seq: seq))
        let bound = state.withLock { $0.currentTags.contains(tag) }
        answerTags(seq: seq, completion: { code, tags, seq in completion(code, tags, seq, bound) }) { _ in }
    }

    /// ``JPushBridge``'s `setBadge`: recorded, and answered as the test configured.
    public func setBadge(_ value: Int) -> Bool {
        record(.badge(value))
        return true
    }

    /// ``JPushBridge``'s `resetBadge`: recorded, and answered as the test configured.
    public func resetBadge() { record(.badge(0)) }

    // MARK: Helpers

    private func record(_ call: Call) { state.withLock { $0.calls.append(call) } }

    private func answerAlias(seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void, apply: (inout State) -> Void) {
        let (answer, alias) = state.withLock { state -> (Answer, String?) in
            if state.aliasAnswer == .success { apply(&state) }
            return (state.aliasAnswer, state.currentAlias)
        }
        switch answer {
        case .success: completion(0, alias, seq)
        case .code(let code): completion(code, nil, seq)
        case .never: state.withLock { $0.pending.append { code in completion(code, alias, seq) } }
        }
    }

    private func answerTags(seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void, apply: (inout State) -> Void) {
        let (answer, tags) = state.withLock { state -> (Answer, Set<String>) in
            if state.tagAnswer == .success { apply(&state) }
            return (state.tagAnswer, state.currentTags)
        }
        switch answer {
        case .success: completion(0, tags, seq)
        case .code(let code): completion(code, nil, seq)
        case .never: state.withLock { $0.pending.append { code in completion(code, tags, seq) } }
        }
    }
}
