import PushBridge

/// A stand-in for the Getui SDK, for tests (yours and PushBridge's): records every call, answers
/// alias and tag requests through the adapter's delegate methods as told, and chooses what
/// `sendFeedbackMessage` returns.
///
/// ```swift
/// let bridge = MockGetuiBridge()
/// let provider = GetuiProvider(settings: settings, bridge: bridge, scheduler: scheduler)
/// bridge.provider = provider          // so the mock can answer through the delegate methods
/// ```
public final class MockGetuiBridge: GetuiBridge {
    /// One call the adapter made; secrets stay masked when printed.
    public enum Call: Sendable, Hashable, CustomStringConvertible {
        /// `startSdkWithAppId:…`, credentials masked.
        case start(appID: SecretText, appKey: SecretText, appSecret: SecretText, launchedWithNotification: Bool)
        /// `registerRemoteNotification:`.
        case registerRemoteNotification(Int)
        /// `bindAlias:andSequenceNum:` / `unbindAlias:…`.
        case alias(bind: Bool, alias: SecretText, sequenceNum: String)
        /// `setTags:andSequenceNum:`.
        case setTags([String], sequenceNum: String)
        /// `queryTag:`.
        case queryTag(sequenceNum: String)
        /// `sendFeedbackMessage:andTaskId:andMsgId:`.
        case feedback(actionID: Int, taskID: String, msgID: String)
        /// `handleRemoteNotification:`.
        case handleRemoteNotification(id: String)
        /// `setBadge:` / `resetBadge` (0).
        case badge(Int)

        /// The call, secrets masked.
        public var description: String {
            switch self {
            case .start(let id, let key, let secret, let launched): "start(appId: \(id), appKey: \(key), appSecret: \(secret), launch: \(launched))"
            case .registerRemoteNotification(let options): "registerRemoteNotification(\(options))"
            case .alias(let bind, let alias, let sn): "\(bind ? "bind" : "unbind")Alias(\(alias), sn: \(sn))"
            case .setTags(let tags, let sn): "setTags(\(tags.count), sn: \(sn))"
            case .queryTag(let sn): "queryTag(sn: \(sn))"
            case .feedback(let action, let task, let msg): "sendFeedbackMessage(\(action), task: \(task), msg: \(msg))"
            case .handleRemoteNotification(let id): "handleRemoteNotification(\(id))"
            case .badge(let value): "setBadge(\(value))"
            }
        }
    }

    /// How the mock answers alias and tag requests.
    public enum Answer: Sendable, Hashable {
        /// At once, successfully.
        case success
        /// At once, with a failure.
        case failure(String)
        /// Never (to test timeouts).
        case never
    }

    private struct State {
        var calls: [Call] = []
        var clientID: String?
        var answer = Answer.success
        var feedbackSubmitted = true
        var acceptsTags = true
        var tags: [String] = []
        var payloads: [String: String] = [:]
    }

    private let state: Locked<State>
    private let delegate = Locked(WeakProvider())

    /// The adapter, held weakly as the real SDK holds its delegate (so neither keeps the other alive).
    private struct WeakProvider {
        weak var value: GetuiProvider?
    }

    /// A mock whose `clientId` is `clientID`.
    public init(clientID: String? = "b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e") {
        state = Locked(State(clientID: clientID))
    }

    /// The adapter whose delegate methods the mock answers through, held weakly like the real
    /// SDK's delegate.
    public var provider: GetuiProvider? {
        get { delegate.withLock { $0.value } }
        set { delegate.withLock { $0.value = newValue } }
    }

    /// Every call so far.
    public var calls: [Call] { state.withLock { $0.calls } }
    /// How alias and tag requests are answered.
    public var answer: Answer {
        get { state.withLock { $0.answer } }
        set { state.withLock { $0.answer = newValue } }
    }
    /// What `sendFeedbackMessage` returns.
    public var feedbackSubmitted: Bool {
        get { state.withLock { $0.feedbackSubmitted } }
        set { state.withLock { $0.feedbackSubmitted = newValue } }
    }
    /// What `setTags` returns.
    public var acceptsTags: Bool {
        get { state.withLock { $0.acceptsTags } }
        set { state.withLock { $0.acceptsTags = newValue } }
    }
    /// Stores a payload for `retrivePayloadById:`.
    public func storePayload(_ payload: String, id: String) { state.withLock { $0.payloads[id] = payload } }

    // MARK: GetuiBridge

    /// ``GetuiBridge``'s `startSdk`: recorded, and answered as the test configured.
    public func startSdk(appID: String, appKey: String, appSecret: String, launchingOptions: JSONObject?) {
        record(.start(appID: SecretText(appID), appKey: SecretText(appKey), appSecret: SecretText(appSecret), launchedWithNotification: launchingOptions != nil))
    }

    /// ``GetuiBridge``'s `registerRemoteNotification`: recorded, and answered as the test configured.
    public func registerRemoteNotification(_ options: Int) { record(.registerRemoteNotification(options)) }

    /// ``GetuiBridge``'s `clientID`: recorded, and answered as the test configured.
    public var clientID: String? { state.withLock { $0.clientID } }

    /// ``GetuiBridge``'s `bindAlias`: recorded, and answered as the test configured.
    public func bindAlias(_ alias: String, sequenceNum: String) {
        record(.alias(bind: true, alias: SecretText(alias), sequenceNum: sequenceNum))
        answerAlias("bindAlias", sequenceNum)
    }

    /// ``GetuiBridge``'s `unbindAlias`: recorded, and answered as the test configured.
    public func unbindAlias(_ alias: String, sequenceNum: String, isSelf: Bool) {
        record(.alias(bind: false, alias: SecretText(alias), sequenceNum: sequenceNum))
        answerAlias("unbindAlias", sequenceNum)
    }

    /// ``GetuiBridge``'s `setTags`: recorded, and answered as the test configured.
    public func setTags(_ tags: [String], sequenceNum: String) -> Bool {
        record(.setTags(tags, sequenceNum: sequenceNum))
        guard state.withLock({ $0.acceptsTags }) else { return false }
        switch answer {
        case .success:
            state.withLock { $0.tags = tags }
            provider?.geTuiSdkDidSetTagsAction(sequenceNum, result: true, error: nil)
        case .failure(let reason): provider?.geTuiSdkDidSetTagsAction(sequenceNum, result: false, error: reason)
        case .never: break
        }
        return true
    }

    /// ``GetuiBridge``'s `queryTag`: recorded, and answered as the test configured.
    public func queryTag(sequenceNum: String) {
        record(.queryTag(sequenceNum: sequenceNum))
        switch answer {
        case .success: provider?.getuiSdkDidQueryTag(state.withLock { $0.tags }, sequenceNum: sequenceNum, error: nil)
        case .failure(let reason): provider?.getuiSdkDidQueryTag([], sequenceNum: sequenceNum, error: reason)
        case .never: break
        }
    }

    /// ``GetuiBridge``'s `sendFeedbackMessage`: recorded, and answered as the test configured.
    public func sendFeedbackMessage(_ actionID: Int, taskID: String, msgID: String) -> Bool {
        record(.feedback(actionID: actionID, taskID: taskID, msgID: msgID))
        return state.withLock { $0.feedbackSubmitted }
    }

    /// ``GetuiBridge``'s `handleRemoteNotification`: recorded, and answered as the test configured.
    public func handleRemoteNotification(_ userInfo: JSONObject) {
        record(.handleRemoteNotification(id: NotificationIdentity.derive(payload: userInfo, identifier: nil)))
    }

    /// ``GetuiBridge``'s `retrivePayload`: recorded, and answered as the test configured.
    public func retrivePayload(byID payloadID: String) -> String? { state.withLock { $0.payloads[payloadID] } }

    /// ``GetuiBridge``'s `setBadge`: recorded, and answered as the test configured.
    public func setBadge(_ value: Int) { record(.badge(value)) }

    /// ``GetuiBridge``'s `resetBadge`: recorded, and answered as the test configured.
    public func resetBadge() { record(.badge(0)) }

    // MARK: Helpers

    private func record(_ call: Call) { state.withLock { $0.calls.append(call) } }

    private func answerAlias(_ action: String, _ sequenceNum: String) {
        switch answer {
        case .success: provider?.geTuiSdkDidAliasAction(action, result: true, sequenceNum: sequenceNum, error: nil)
        case .failure(let reason): provider?.geTuiSdkDidAliasAction(action, result: false, sequenceNum: sequenceNum, error: reason)
        case .never: break
        }
    }
}
