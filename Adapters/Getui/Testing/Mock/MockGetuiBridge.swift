import PushBridge
import PushBridgeGetui
import PushBridgeModel
import PushBridgeProviderKit

/// A stand-in for the Getui SDK, for tests (yours and PushBridge's): records every call, answers
/// alias and tag requests through its delegate as told (or never, to test timeouts), chooses what
/// `sendFeedbackMessage` returns, and triggers any `GeTuiSdkDelegate` callback on demand.
///
/// ```swift
/// let bridge = MockGetuiBridge()
/// let provider = GetuiProvider(settings: settings, bridge: bridge, scheduler: ManualScheduler())
/// // The provider is now the mock's delegate (held weakly, as the SDK holds its own).
/// bridge.trigger(.slience(["payload": "hi"], fromGetui: true, offLine: true, taskID: "t", msgID: "m"))
/// ```
public final class MockGetuiBridge: GetuiBridge {
    private struct State {
        var calls: [Call] = []
        var clientID: String?
        var answer = Answer.success
        var feedbackSubmitted = true
        var acceptsTags = true
        var tags: [String] = []
        var payloads: [String: String] = [:]
        var status = GetuiSdkStatus.started
        /// When the last `bindAlias` came, for Getui's 5-second rule (30001).
        var lastBind: Double?
        /// When `setTags` last succeeded, for Getui's once-a-day rule (20002).
        var tagSetSuccesses: [Double] = []
        var callsOffSDKThread: [String] = []
        var acceptsVoipToken = true
        var liveActivityResult: Bool? = true
        var hasPushToStart = true
    }

    /// The delegate, held weakly as the real SDK holds its own (so neither keeps the other alive).
    private struct WeakDelegate {
        weak var value: (any GetuiBridgeDelegate)?
    }

    private let state: Locked<State>
    private let weakDelegate = Locked(WeakDelegate())

    /// The thread Getui's main-thread calls must be made on, checked by each of them (`nil`:
    /// not checked).
    public let sdkThread: SDKThread?
    /// The clock of Getui's time rules (30001, 20002).
    let clock: any PushScheduler
    /// How many `setTags` may succeed in 24 hours (Getui's default: one).
    let tagSetsPerDay: Int

    /// A mock whose `clientId` is `clientID`, online (`status` `started`).
    ///
    /// - Parameters:
    ///   - clientID: The client ID Getui hands out.
    ///   - sdkThread: The thread to check Getui's main-thread calls against (`nil`: unchecked).
    ///   - clock: The clock of Getui's time rules: the provider's scheduler in a test.
    ///   - tagSetsPerDay: How many `setTags` may succeed in 24 hours (``GetuiResultCode/tagSetsPerDay``).
    public init(
        clientID: String? = "b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e", sdkThread: SDKThread? = nil, clock: any PushScheduler = DispatchScheduler(),
        tagSetsPerDay: Int = GetuiResultCode.tagSetsPerDay
    ) {
        state = Locked(State(clientID: clientID))
        self.sdkThread = sdkThread
        self.clock = clock
        self.tagSetsPerDay = tagSetsPerDay
    }

    /// The SDK calls the adapter made off ``sdkThread`` (by selector): empty when it honoured
    /// the thread Getui's calls need.
    public var callsOffSDKThread: [String] { state[\.callsOffSDKThread] }

    /// The SDK's delegate (the ``GetuiProvider`` made with this mock), which answers and triggered
    /// callbacks reach.
    public var delegate: (any GetuiBridgeDelegate)? {
        get { weakDelegate.withLock { $0.value } }
        set { weakDelegate.withLock { $0.value = newValue } }
    }

    /// Every call so far, in order.
    public var calls: [Call] { state[\.calls] }
    /// How alias and tag requests are answered (default: `.success`).
    public var answer: Answer {
        get { state[\.answer] }
        set { state[\.answer] = newValue }
    }
    /// What `sendFeedbackMessage` returns (default: `true`, submitted).
    public var feedbackSubmitted: Bool {
        get { state[\.feedbackSubmitted] }
        set { state[\.feedbackSubmitted] = newValue }
    }
    /// What `setTags` and `queryTag` return (default: `true`, submitted); when `false` they are not
    /// answered, as the SDK does not answer a request it did not submit.
    public var acceptsTags: Bool {
        get { state[\.acceptsTags] }
        set { state[\.acceptsTags] = newValue }
    }
    /// What `registerVoipTokenCredentials:` returns (Getui's validity check).
    public var acceptsVoipToken: Bool {
        get { state[\.acceptsVoipToken] }
        set { state[\.acceptsVoipToken] = newValue }
    }
    /// How Live Activity registrations are answered: `true` or `false` through
    /// `GeTuiSdkDidRegisterLiveActivity:…`/`…PushToStartToken:…` at once; `nil`, the call
    /// returns `NO` (Getui's "有效判断 或 重复请求") and nothing is answered.
    public var liveActivityResult: Bool? {
        get { state[\.liveActivityResult] }
        set { state[\.liveActivityResult] = newValue }
    }
    /// Whether the SDK has `registerLiveActivity:pushToStartToken:sequenceNum:` (3.0.7.0+).
    public var hasPushToStart: Bool {
        get { state[\.hasPushToStart] }
        set { state[\.hasPushToStart] = newValue }
    }
    /// Stores a payload for `retrivePayloadById:`.
    public func storePayload(_ payload: String, id: String) { state.withLock { $0.payloads[id] = payload } }

    /// Calls the delegate's method for `callback`, as the SDK would (synchronously, on this thread).
    public func trigger(_ callback: Callback) {
        guard let delegate else { return }
        switch callback {
        case .registerClient(let clientID): delegate.geTuiSdkDidRegisterClient(clientID)
        case .sdkState(let status): delegate.geTuiSDkDidNotifySdkState(status)
        case .grantAuthorization(let granted, let error): delegate.getuiSdkGrantAuthorization(granted, error: error)
        case .error(let error): delegate.geTuiSdkDidOccurError(error)
        case .willPresent(let notification, let completionHandler):
            delegate.geTuiSdkNotificationCenter(willPresent: notification, completionHandler: completionHandler)
        case .openSettings(let notification):
            delegate.geTuiSdkNotificationCenter(openSettingsFor: notification)
        case .receiveNotification(let notification, let response, let completionHandler):
            delegate.geTuiSdkDidReceiveNotification(notification, response: response, fetchCompletionHandler: completionHandler)
        case .slience(let userInfo, let fromGetui, let offLine, let appID, let taskID, let msgID, let completionHandler):
            delegate.geTuiSdkDidReceiveSlience(
                userInfo, fromGetui: fromGetui, offLine: offLine, appID: appID, taskID: taskID, msgID: msgID,
                fetchCompletionHandler: completionHandler)
        case .payloadData(let data, let taskID, let msgID, let offLine, let appID):
            delegate.geTuiSdkDidReceivePayloadData(data, taskID: taskID, msgID: msgID, offLine: offLine, appID: appID)
        case .payload(let id, let taskID, let messageID, let offLine, let application):
            delegate.geTuiSdkDidReceivePayload(id, taskID: taskID, messageID: messageID, offLine: offLine, application: application)
        case .aliasAction(let action, let result, let sn, let error):
            delegate.geTuiSdkDidAliasAction(action, result: result, sequenceNum: sn, error: error)
        case .setTagsAction(let sn, let result, let error):
            delegate.geTuiSdkDidSetTagsAction(sn, result: result, error: error)
        case .queryTag(let tags, let sn, let error):
            delegate.getuiSdkDidQueryTag(tags, sequenceNum: sn, error: error)
        }
    }

    // MARK: GetuiBridge

    /// ``GetuiBridge``'s `startSdk`: recorded, credentials masked.
    public func startSdk(appID: String, appKey: String, appSecret: String, launchingOptions: JSONObject?) {
        checkThread("startSdkWithAppId:appKey:appSecret:delegate:launchingOptions:")
        record(
            .start(
                appID: SecretText(appID), appKey: SecretText(appKey), appSecret: SecretText(appSecret),
                launchedWithNotification: launchingOptions != nil))
    }

    /// ``GetuiBridge``'s `registerRemoteNotification`: recorded (checked against ``sdkThread``).
    public func registerRemoteNotification(_ options: Int) {
        checkThread("registerRemoteNotification:")
        record(.registerRemoteNotification(options))
    }

    /// ``GetuiBridge``'s `setIDFA`: recorded, masked.
    public func setIDFA(_ idfa: String) { record(.setIDFA(SecretText(idfa))) }
    /// ``GetuiBridge``'s `setApplicationGroupIdentifier`: recorded.
    public func setApplicationGroupIdentifier(_ identifier: String) { record(.setApplicationGroupIdentifier(identifier)) }

    /// ``GetuiBridge``'s `status`: `started` (online) unless set otherwise.
    public var status: GetuiSdkStatus {
        get { state[\.status] }
        set { state[\.status] = newValue }
    }

    /// ``GetuiBridge``'s `clientID`: the one the mock was made with.
    public var clientID: String? { state[\.clientID] }

    /// ``GetuiBridge``'s `bindAlias`: recorded, and answered as ``answer`` says.
    public func bindAlias(_ alias: String, sequenceNum: String) {
        record(.alias(bind: true, alias: SecretText(alias), sequenceNum: sequenceNum))
        let now = clock.now
        let broken = state.withLock { state -> Int? in
            defer { state.lastBind = now }
            if state.clientID == nil { return 30005 }
            if let last = state.lastBind, now - last < GetuiResultCode.minimumBindInterval { return 30001 }
            return nil
        }
        if let broken {
            trigger(.aliasAction("bindAlias", result: false, sequenceNum: sequenceNum, error: GetuiResultCode.vendorCode(broken)))
            return
        }
        answerAlias("bindAlias", sequenceNum)
    }

    /// ``GetuiBridge``'s `unbindAlias`: recorded, and answered as ``answer`` says.
    public func unbindAlias(_ alias: String, sequenceNum: String, isSelf: Bool) {
        record(.alias(bind: false, alias: SecretText(alias), sequenceNum: sequenceNum))
        answerAlias("unbindAlias", sequenceNum)
    }

    /// ``GetuiBridge``'s `setTags`: recorded; returns ``acceptsTags`` and, when accepted, answers
    /// as ``answer`` says (a success also stores the tags for `queryTag`).
    public func setTags(_ tags: [String], sequenceNum: String) -> Bool {
        record(.setTags(tags, sequenceNum: sequenceNum))
        guard state.withLock({ $0.acceptsTags }) else { return false }
        let now = clock.now
        let perDay = tagSetsPerDay
        let broken = state.withLock { state -> Int? in
            if state.status != .started { return 20008 }
            if let code = GetuiResultCode.tagProblem(in: tags) { return code }
            state.tagSetSuccesses = state.tagSetSuccesses.filter { now - $0 < GetuiResultCode.tagSetWindow }
            return state.tagSetSuccesses.count >= perDay ? 20002 : nil
        }
        if let broken {
            trigger(.setTagsAction(sequenceNum: sequenceNum, result: false, error: GetuiResultCode.vendorCode(broken)))
            return true
        }
        switch answer {
        case .success:
            state.withLock {
                $0.tags = tags
                $0.tagSetSuccesses.append(now)
            }
            trigger(.setTagsAction(sequenceNum: sequenceNum, result: true))
        case .failure(let reason): trigger(.setTagsAction(sequenceNum: sequenceNum, result: false, error: reason))
        case .never: break
        }
        return true
    }

    /// ``GetuiBridge``'s `queryTag`: recorded; returns ``acceptsTags`` and, when accepted, answers
    /// as ``answer`` says (a success with the tags last set).
    public func queryTag(sequenceNum: String) -> Bool {
        record(.queryTag(sequenceNum: sequenceNum))
        guard state.withLock({ $0.acceptsTags }) else { return false }
        switch answer {
        case .success: trigger(.queryTag(state.withLock { $0.tags }, sequenceNum: sequenceNum))
        case .failure(let reason): trigger(.queryTag([], sequenceNum: sequenceNum, error: reason))
        case .never: break
        }
        return true
    }

    /// ``GetuiBridge``'s `sendFeedbackMessage`: recorded; returns ``feedbackSubmitted``.
    public func sendFeedbackMessage(_ actionID: Int, taskID: String, msgID: String) -> Bool {
        record(.feedback(actionID: actionID, taskID: taskID, msgID: msgID))
        return state.withLock { $0.feedbackSubmitted }
    }

    /// ``GetuiBridge``'s `handleRemoteNotification`: recorded with the notification's identity.
    public func handleRemoteNotification(_ userInfo: JSONObject) {
        record(
            .handleRemoteNotification(
                id: NotificationIdentity.derive(payload: userInfo, identifier: nil, providerMessageID: GetuiDefinition().messageID(in: userInfo))))
    }

    /// ``GetuiBridge``'s `retrivePayload`: a payload stored with ``storePayload(_:id:)``.
    public func retrivePayload(byID payloadID: String) -> String? { state.withLock { $0.payloads[payloadID] } }

    /// ``GetuiBridge``'s `setBadge`: recorded.
    public func setBadge(_ value: Int) { record(.badge(value)) }

    /// ``GetuiBridge``'s `resetBadge`: recorded as `setBadge(0)`.
    public func resetBadge() { record(.badge(0)) }

    /// ``GetuiBridge``'s `setPushModeForOff`: recorded.
    public func setPushModeForOff(_ off: Bool) { record(.pushModeForOff(off)) }
    /// Records the scene connection.
    public func handleSceneWillConnect(_ connectionOptions: PlatformObject?) {
        record(.handleSceneWillConnect(withOptions: connectionOptions != nil))
    }
    /// Records the token (masked); returns ``acceptsVoipToken``.
    public func registerVoipTokenCredentials(_ token: [UInt8]) -> Bool {
        record(.registerVoipToken(DeviceTokenRequest(token: token).hexToken))
        return acceptsVoipToken
    }
    /// Records the push's keys.
    public func handleVoipNotification(_ payload: JSONObject) { record(.handleVoipNotification(keys: payload.keys.sorted())) }
    /// Records the registration (masked) and answers it as ``liveActivityResult`` says.
    public func registerLiveActivity(_ liveActivityID: String, activityToken: String, sequenceNum: String) -> Bool {
        record(.registerLiveActivity(id: liveActivityID, token: SecretText(activityToken), sequenceNum: sequenceNum))
        guard let result = liveActivityResult else { return false }
        delegate?.geTuiSdkDidRegisterLiveActivity(
            sequenceNum, result: result, error: result ? nil : PushError.VendorCode(domain: "GetuiErrorDomain", code: -1))
        return true
    }
    /// `false` without ``hasPushToStart``; else records (masked) and answers as ``liveActivityResult`` says.
    public func registerLiveActivity(attributes activityAttributes: String, pushToStartToken: String, sequenceNum: String) -> Bool {
        guard hasPushToStart else { return false }
        record(.registerPushToStart(attributes: activityAttributes, token: SecretText(pushToStartToken), sequenceNum: sequenceNum))
        guard let result = liveActivityResult else { return false }
        delegate?.geTuiSdkDidRegisterPushToStartToken(
            sequenceNum, result: result, error: result ? nil : PushError.VendorCode(domain: "GetuiErrorDomain", code: -1))
        return true
    }

    // MARK: Helpers

    private func record(_ call: Call) { state.withLock { $0.calls.append(call) } }

    /// Notes a call Getui needs on ``sdkThread`` made elsewhere.
    private func checkThread(_ selector: String) {
        guard let sdkThread, !sdkThread.isCurrent else { return }
        state.withLock { $0.callsOffSDKThread.append(selector) }
    }

    private func answerAlias(_ action: String, _ sequenceNum: String) {
        switch answer {
        case .success: trigger(.aliasAction(action, result: true, sequenceNum: sequenceNum))
        case .failure(let reason): trigger(.aliasAction(action, result: false, sequenceNum: sequenceNum, error: reason))
        case .never: break
        }
    }
}
