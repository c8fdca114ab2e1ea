import PushBridge
import PushBridgeJPush
import PushBridgeModel
import PushBridgeProviderKit

/// A stand-in for the JPush SDK, for tests (yours and PushBridge's): records every call (secrets
/// masked), answers alias and tag requests with chosen result codes — or never, to test timeouts —
/// triggers any `JPUSHRegisterDelegate` callback or network notification on demand, and holds
/// custom messages while the app is away, as JPush does, delivering them when it comes back to the
/// foreground.
///
/// ```swift
/// let bridge = MockJPushBridge(registrationID: "1a0018970a1b2c3d4e5")
/// let provider = JPushProvider(settings: settings, bridge: bridge, scheduler: ManualScheduler())
/// // The provider is now the mock's delegate (held weakly, as the SDK holds its own).
/// bridge.aliasAnswer = .code(6004)          // alias requests now fail with 6004
/// bridge.trigger(.network(.didLogin))      // → online, registered(••••c3d4e5)
/// bridge.enterBackground()
/// bridge.sendCustomMessage(["content": "hi", "_j_msgid": 7]) // held
/// bridge.enterForeground()                 // → message(7)
/// ```
public final class MockJPushBridge: JPushBridge {
    /// How the mock answers alias and tag requests.
    public enum Answer: Sendable, Hashable {
        /// At once, with result code 0 and the value JPush would report.
        case success
        /// At once, with this result code.
        case code(Int)
        /// Never: the request waits for ``MockJPushBridge/answer(seq:code:reportingSeq:)`` or
        /// ``MockJPushBridge/answerPending(code:)`` (or its timeout).
        case never
    }

    /// A `JPUSHRegisterDelegate` callback or a network notification, for
    /// ``MockJPushBridge/trigger(_:)``: one case per ``JPushBridgeDelegate`` requirement.
    public enum Callback: Sendable {
        /// `jpushNotificationCenter:willPresentNotification:withCompletionHandler:`.
        case willPresent(JPushNotificationInfo, completionHandler: @Sendable (Int) -> Void)
        /// `jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`.
        case didReceiveResponse(JPushResponseInfo, completionHandler: @Sendable () -> Void)
        /// `jpushNotificationCenter:openSettingsForNotification:` (`nil`: opened from Settings).
        case openSettings(JPushNotificationInfo?)
        /// `jpushNotificationAuthorization:withInfo:`.
        case authorization(JPushAuthorizationStatus, info: JSONObject? = nil)
        /// A notification JPush posts on `NSNotificationCenter`, with its `userInfo`.
        case network(JPushNetworkNotification, userInfo: JSONObject? = nil)
    }

    typealias AliasCompletion = @Sendable (Int, String?, Int) -> Void
    typealias TagsCompletion = @Sendable (Int, Set<String>?, Int) -> Void
    typealias ValidCompletion = @Sendable (Int, Set<String>?, Int, Bool) -> Void

    /// An alias or tag request, kept until it is answered.
    enum Request: Sendable {
        case setAlias(SecretText, AliasCompletion)
        case deleteAlias(AliasCompletion)
        case getAlias(AliasCompletion)
        case tags(JPushTagOperation, Set<String>, TagsCompletion)
        case cleanTags(TagsCompletion)
        case getAllTags(TagsCompletion)
        case validTag(String, ValidCompletion)

        var isAlias: Bool {
            switch self {
            case .setAlias, .deleteAlias, .getAlias: true
            default: false
            }
        }
    }

    struct State {
        var calls: [Call] = []
        var registrationID: SecretText?
        var registrationIDAnswer: (resCode: Int, registrationID: SecretText?)
        var aliasAnswer = Answer.success
        var tagAnswer = Answer.success
        var badgeAccepted = true
        var liveActivityResultCode = 0
        var hasPushToStart = true
        var alias: SecretText?
        var tags: Set<String> = []
        var pending: [Int: Request] = [:]
        var inForeground = true
        var held: [JSONObject] = []
        /// When each alias or tag request arrived, for JPush's 10-in-10-seconds rule.
        var requestTimes: [Double] = []
        /// How many other devices each alias is bound to, for JPush's 10-devices rule.
        var devicesBoundToAlias: [String: Int] = [:]
        /// The SDK calls made off ``sdkThread``.
        var callsOffSDKThread: [String] = []
    }

    /// The delegate, held weakly as the real SDK holds its own (so neither keeps the other alive).
    private struct WeakDelegate {
        weak var value: (any JPushBridgeDelegate)?
    }

    let state: Locked<State>
    private let weakDelegate = Locked(WeakDelegate())

    /// The thread JPush's main-thread calls must be made on, checked by each of them (`nil`:
    /// not checked).
    public let sdkThread: SDKThread?
    /// The clock of JPush's rate rule (6011).
    let clock: any PushScheduler

    /// A mock whose `registrationID` is `registrationID`, and whose
    /// `registrationIDCompletionHandler:` answers it with 0 (or 1011 and `nil`, as on the
    /// simulator, when it is `nil`). The app is in the foreground.
    ///
    /// - Parameters:
    ///   - registrationID: The registration ID JPush hands out.
    ///   - sdkThread: The thread to check JPush's main-thread calls against (`nil`: unchecked).
    ///   - clock: The clock of JPush's rate rule: the provider's scheduler in a test.
    public init(registrationID: String? = "1a0018970a1b2c3d4e5", sdkThread: SDKThread? = nil, clock: any PushScheduler = DispatchScheduler()) {
        let secret = registrationID.map { SecretText($0) }
        state = Locked(State(registrationID: secret, registrationIDAnswer: secret.map { (0, $0) } ?? (1011, nil)))
        self.sdkThread = sdkThread
        self.clock = clock
    }

    /// The SDK calls the adapter made off ``sdkThread`` (by selector): empty when it honoured
    /// the thread JPush's calls need.
    public var callsOffSDKThread: [String] { state[\.callsOffSDKThread] }

    /// Says that `count` other devices have `alias` already, as JPush's server would know: a
    /// `setAlias` to it on this device is answered 6027 from 10 on (JPush iOS SDK 3.3.2+,
    /// docs.jiguang.cn/jpush/client/iOS/ios_api, "setAlias").
    public func setDevicesBound(_ count: Int, toAlias alias: String) {
        state.withLock { $0.devicesBoundToAlias[alias] = count }
    }

    /// The SDK's delegate (the ``JPushProvider`` made with this mock), which answers, triggered
    /// callbacks and custom messages reach.
    public var delegate: (any JPushBridgeDelegate)? {
        get { weakDelegate.withLock { $0.value } }
        set { weakDelegate.withLock { $0.value = newValue } }
    }

    /// Every call so far, in order.
    public var calls: [Call] { state[\.calls] }
    /// Forgets the calls so far.
    public func clearCalls() { state.withLock { $0.calls.removeAll() } }

    /// ``JPushBridge``'s `registrationID`: what the mock was made with, or set to since.
    public var registrationID: String? {
        get { state.withLock { $0.registrationID?.revealed } }
        set { state.withLock { $0.registrationID = newValue.map { SecretText($0) } } }
    }
    /// What `registrationIDCompletionHandler:` answers with.
    public var registrationIDAnswer: (resCode: Int, registrationID: String?) {
        get { state.withLock { ($0.registrationIDAnswer.resCode, $0.registrationIDAnswer.registrationID?.revealed) } }
        set { state.withLock { $0.registrationIDAnswer = (newValue.resCode, newValue.registrationID.map { SecretText($0) }) } }
    }
    /// How alias requests are answered (default: `.success`).
    public var aliasAnswer: Answer {
        get { state[\.aliasAnswer] }
        set { state[\.aliasAnswer] = newValue }
    }
    /// How tag requests are answered (default: `.success`).
    public var tagAnswer: Answer {
        get { state[\.tagAnswer] }
        set { state[\.tagAnswer] = newValue }
    }
    /// What `setBadge:` returns (default: `true`, accepted).
    public var badgeAccepted: Bool {
        get { state[\.badgeAccepted] }
        set { state[\.badgeAccepted] = newValue }
    }
    /// The `iResCode` Live Activity registrations are answered with (0: accepted).
    public var liveActivityResultCode: Int {
        get { state[\.liveActivityResultCode] }
        set { state[\.liveActivityResultCode] = newValue }
    }
    /// Whether the SDK has `registerLiveActivity:pushToStartToken:completion:seq:` (5.7.0 does,
    /// 5.2.0 does not).
    public var hasPushToStart: Bool {
        get { state[\.hasPushToStart] }
        set { state[\.hasPushToStart] = newValue }
    }
    /// The sequence numbers of the requests not answered yet, in order.
    public var pendingSequences: [Int] { state.withLock { $0.pending.keys.sorted() } }

    /// Answers the waiting request `seq` with `code` (0: success, with the value JPush would
    /// report), calling its completion with `reportingSeq` — `seq` unless a test wants JPush to
    /// report another number. Returns `false` when no request `seq` is waiting.
    @discardableResult
    public func answer(seq: Int, code: Int, reportingSeq: Int? = nil) -> Bool {
        guard let request = state.withLock({ $0.pending.removeValue(forKey: seq) }) else { return false }
        respond(request, seq: reportingSeq ?? seq, code: code)
        return true
    }

    /// Answers every waiting request with `code`, in the order they were made.
    public func answerPending(code: Int) {
        for seq in pendingSequences { answer(seq: seq, code: code) }
    }

    /// Calls the delegate's method for `callback`, as the SDK would (synchronously, on this thread).
    public func trigger(_ callback: Callback) {
        guard let delegate else { return }
        switch callback {
        case .willPresent(let notification, let completionHandler):
            delegate.jpushNotificationCenter(willPresent: notification, withCompletionHandler: completionHandler)
        case .didReceiveResponse(let response, let completionHandler):
            delegate.jpushNotificationCenter(didReceive: response, withCompletionHandler: completionHandler)
        case .openSettings(let notification):
            delegate.jpushNotificationCenter(openSettingsFor: notification)
        case .authorization(let status, let info):
            delegate.jpushNotificationAuthorization(status, withInfo: info)
        case .network(let name, let userInfo):
            delegate.jpushNetworkNotification(name, userInfo: userInfo)
        }
    }

    // MARK: Custom messages

    /// Whether the app is in the foreground with JPush's connection up (the default), so that
    /// custom messages reach it at once.
    public var isInForeground: Bool { state[\.inForeground] }
    /// How many custom messages JPush is holding for the app.
    public var heldMessageCount: Int { state.withLock { $0.held.count } }

    /// JPush's server sends a custom message: posted at once as
    /// `kJPFNetworkDidReceiveMessageNotification` while the app is in the foreground; held
    /// otherwise, until ``enterForeground()``.
    public func sendCustomMessage(_ userInfo: JSONObject) {
        let deliverNow = state.withLock { state -> Bool in
            if !state.inForeground { state.held.append(userInfo) }
            return state.inForeground
        }
        if deliverNow { trigger(.network(.didReceiveMessage, userInfo: userInfo)) }
    }

    /// The app leaves the foreground: JPush's connection goes down and custom messages are held.
    /// (No notification is posted: trigger `.network(.didClose)` to test that.)
    public func enterBackground() {
        state.withLock { $0.inForeground = false }
    }

    /// The app comes to the foreground: JPush reconnects, logs in and delivers the messages it
    /// held, in order. (The connection notifications are not posted: trigger them to test that.)
    ///
    /// - Returns: How many held messages were delivered.
    @discardableResult
    public func enterForeground() -> Int {
        let held = state.withLock { state -> [JSONObject] in
            state.inForeground = true
            defer { state.held.removeAll() }
            return state.held
        }
        for message in held { trigger(.network(.didReceiveMessage, userInfo: message)) }
        return held.count
    }

    // MARK: Helpers

    func record(_ call: Call) { state.withLock { $0.calls.append(call) } }

    /// Notes a call JPush needs on ``sdkThread`` made elsewhere.
    func checkThread(_ selector: String) {
        guard let sdkThread, !sdkThread.isCurrent else { return }
        state.withLock { $0.callsOffSDKThread.append(selector) }
    }

    /// Sends `request` with `seq`, answered as JPush would: by its own rules first (one alias and
    /// one tag request in flight, 10 requests in 10 seconds, 10 devices per alias, 1000 tags and
    /// 5000 bytes of tags per device), then at once, or kept, as the answer for its kind says.
    func submit(_ request: Request, seq: Int) {
        let now = clock.now
        let answer = state.withLock { state -> Answer in
            if let code = Self.ruleBroken(by: request, now: now, in: &state) { return .code(code) }
            let answer = request.isAlias ? state.aliasAnswer : state.tagAnswer
            if answer == .never { state.pending[seq] = request }
            return answer
        }
        switch answer {
        case .success: respond(request, seq: seq, code: 0)
        case .code(let code): respond(request, seq: seq, code: code)
        case .never: break
        }
    }

    /// Completes `request` with `code`, applying it to the mock's alias and tags when it succeeds.
    /// Like JPush, a change reports the value sent; a read, the current one; a failure, none.
    /// The code JPush answers `request` with whatever the mock was told, if the request breaks
    /// one of its rules (docs.jiguang.cn/jpush/client/iOS/ios_code, the error-code table;
    /// docs.jiguang.cn/jpush/client/iOS/ios_api, "setAlias" and "addTags").
    private static func ruleBroken(by request: Request, now: Double, in state: inout State) -> Int? {
        state.requestTimes = state.requestTimes.filter { now - $0 < JPushResultCode.rateWindow }
        state.requestTimes.append(now)
        // 6022 / 6021: the previous alias (tags) request still waits for its answer.
        if state.pending.values.contains(where: { $0.isAlias == request.isAlias }) { return request.isAlias ? 6022 : 6021 }
        // 6011: more than 10 alias or tag requests within 10 seconds.
        if state.requestTimes.count > JPushResultCode.maxRequestsPerWindow { return 6011 }
        switch request {
        case .setAlias(let alias, _):
            if state.devicesBoundToAlias[alias.revealed, default: 0] >= JPushResultCode.maxDevicesPerAlias { return 6027 }
        case .tags(let operation, let tags, _) where operation != .delete:
            let after = operation == .add ? state.tags.union(tags) : tags
            if after.count > JPushResultCode.maxTags { return 6018 }
            if after.reduce(0, { $0 + $1.utf8.count }) > JPushResultCode.maxTotalTagBytes { return 6008 }
        default: break
        }
        return nil
    }

    private func respond(_ request: Request, seq: Int, code: Int) {
        let ok = code == 0
        let reply = state.withLock { state -> @Sendable () -> Void in
            switch request {
            case .setAlias(let alias, let completion):
                if ok { state.alias = alias }
                return { completion(code, ok ? alias.revealed : nil, seq) }
            case .deleteAlias(let completion):
                if ok { state.alias = nil }
                return { completion(code, nil, seq) }
            case .getAlias(let completion):
                let alias = ok ? state.alias?.revealed : nil
                return { completion(code, alias, seq) }
            case .tags(let operation, let tags, let completion):
                if ok {
                    switch operation {
                    case .add: state.tags.formUnion(tags)
                    case .set: state.tags = tags
                    case .delete: state.tags.subtract(tags)
                    }
                }
                return { completion(code, ok ? tags : nil, seq) }
            case .cleanTags(let completion):
                if ok { state.tags = [] }
                return { completion(code, nil, seq) }
            case .getAllTags(let completion):
                let tags = ok ? state.tags : nil
                return { completion(code, tags, seq) }
            case .validTag(let tag, let completion):
                let bound = ok && state.tags.contains(tag)
                return { completion(code, ok ? [tag] : nil, seq, bound) }
            }
        }
        reply()
    }
}
