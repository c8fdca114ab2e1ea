import PushBridge

/// The JPush SDK calls the adapter makes, mirrored one to one (`JPUSHService`, JPush iOS SDK 5.x and 6.x).
///
/// JPush is a closed-source binary that cannot be linked here, so ``JPushProvider`` talks to it
/// through this protocol: on a device, `JPUSHServiceBridge` (see `SDK/JPUSHServiceBridge.swift`)
/// forwards each requirement to the real class and JPush's callbacks back through
/// ``JPushBridgeDelegate``; in tests, `MockJPushBridge` records them. Values cross as `Sendable`
/// types: `userInfo` dictionaries as `JSONObject`, converted once, in the conformance.
///
/// The requirements keep the SDK's selectors in their names, so each one reads as the call it
/// forwards:
///
/// ```swift
/// func registerDeviceToken(_ token: [UInt8]) { JPUSHService.registerDeviceToken(Data(token)) }
/// ```
public protocol JPushBridge: Sendable {
    /// The object JPush's callbacks are forwarded to — the `JPUSHRegisterDelegate` callbacks and
    /// the `NSNotificationCenter` notifications JPush posts — held weakly, as the SDK holds its
    /// own delegate. A ``JPushProvider`` sets itself here when it is created.
    var delegate: (any JPushBridgeDelegate)? { get nonmutating set }

    /// JCore's `+[JGInforCollectionAuth JCollectionAuth:]`, its block setting `isAuth`: whether
    /// the user allowed JPush to collect device information. JCore: "call it before
    /// initialisation and any functional API" (`JGInforCollectionAuth.h`); `isAuth` defaults
    /// to YES when it is never called.
    func setCollectionAuthorization(_ isAuthorized: Bool)
    /// `+setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:`, at launch, with
    /// the launch options as iOS passed them (`nil` without a notification). The conformance
    /// starts observing JPush's network notifications first, so that none is missed.
    func setup(launchOptions: JSONObject?, appKey: String, channel: String, apsForProduction: Bool, advertisingIdentifier: String?)
    /// `+registerForRemoteNotificationConfig:delegate:` — the conformance passes itself as the
    /// `JPUSHRegisterDelegate` and builds the category objects the entity names.
    func registerForRemoteNotificationConfig(_ entity: JPushRegisterEntity)
    /// `+registerDeviceToken:` — forwards the APNs device token.
    func registerDeviceToken(_ token: [UInt8])
    /// `+handleRemoteNotification:` — reports a push receipt (or a tap on one) to JPush.
    func handleRemoteNotification(_ userInfo: JSONObject)

    /// `+registrationID` — the registration ID, valid after `kJPFNetworkDidLoginNotification`;
    /// `nil` or empty before.
    var registrationID: String? { get }
    /// `+registrationIDCompletionHandler:` — the registration ID once JPush has one: `resCode` 0
    /// and the ID, or a failure code (1011 and `nil` on the simulator).
    func registrationIDCompletionHandler(_ completionHandler: @escaping @Sendable (_ resCode: Int, _ registrationID: String?) -> Void)

    /// `+setAlias:completion:seq:`; the completion gets `(iResCode, iAlias, seq)`.
    func setAlias(_ alias: String, seq: Int, completion: @escaping @Sendable (_ resCode: Int, _ alias: String?, _ seq: Int) -> Void)
    /// `+deleteAlias:seq:`; the completion gets `(iResCode, iAlias, seq)`.
    func deleteAlias(seq: Int, completion: @escaping @Sendable (_ resCode: Int, _ alias: String?, _ seq: Int) -> Void)
    /// `+getAlias:seq:`; the completion gets `(iResCode, iAlias, seq)`.
    func getAlias(seq: Int, completion: @escaping @Sendable (_ resCode: Int, _ alias: String?, _ seq: Int) -> Void)
    /// `+addTags:completion:seq:`, `+setTags:completion:seq:` or `+deleteTags:completion:seq:`
    /// (by `operation`); the completion gets `(iResCode, iTags, seq)`.
    func tags(
        _ operation: JPushTagOperation, _ tags: Set<String>, seq: Int,
        completion: @escaping @Sendable (_ resCode: Int, _ tags: Set<String>?, _ seq: Int) -> Void)
    /// `+cleanTags:seq:`; the completion gets `(iResCode, iTags, seq)`.
    func cleanTags(seq: Int, completion: @escaping @Sendable (_ resCode: Int, _ tags: Set<String>?, _ seq: Int) -> Void)
    /// `+getAllTags:seq:`; the completion gets `(iResCode, iTags, seq)`.
    func getAllTags(seq: Int, completion: @escaping @Sendable (_ resCode: Int, _ tags: Set<String>?, _ seq: Int) -> Void)
    /// `+validTag:completion:seq:`; the completion gets `(iResCode, iTags, seq, isBind)`.
    func validTag(_ tag: String, seq: Int, completion: @escaping @Sendable (_ resCode: Int, _ tags: Set<String>?, _ seq: Int, _ isBind: Bool) -> Void)

    /// `+setBadge:` — syncs the server-side badge only; returns whether JPush accepted the value.
    func setBadge(_ value: Int) -> Bool
    /// `+resetBadge` — the same as `setBadge:0`.
    func resetBadge()

    /// `+registerVoipToken:` (`JPUSHService.h` 5.7.0/5.9.0 L302; since 3.x) — the PushKit VoIP
    /// token, "向极光服务器提交Token".
    func registerVoipToken(_ token: [UInt8])
    /// `+handleVoipNotification:` (L310) — "处理收到的 Voip 消息": the receipt of a VoIP push,
    /// with `PKPushPayload.dictionaryPayload`.
    func handleVoipNotification(_ remoteInfo: JSONObject)
    /// `+registerLiveActivity:pushToken:completion:seq:` (L287-290; since 5.0.0) — one
    /// activity's push token, `nil` when it ended; the completion gets
    /// `JPUSHLiveActivityTokenCompletion`'s `(iResCode, iLiveActivityId, seq)` (L35; its
    /// `pushToken` is not handed on).
    func registerLiveActivity(
        _ liveActivityID: String, pushToken: [UInt8]?, seq: Int,
        completion: @escaping @Sendable (_ resCode: Int, _ liveActivityID: String?, _ seq: Int) -> Void)
    /// `+registerLiveActivity:pushToStartToken:completion:seq:` (5.9.0 L272-275; since 5.5.0,
    /// absent from 5.2.0) — an attributes type's push-to-start token. Returns `false`, calling
    /// nothing, when the SDK in the app lacks the method.
    func registerLiveActivity(
        attributes activityAttributes: String, pushToStartToken: [UInt8]?, seq: Int,
        completion: @escaping @Sendable (_ resCode: Int, _ activityAttributes: String?, _ seq: Int) -> Void
    ) -> Bool
}

/// Which of JPush's three tag-changing calls a ``JPushBridge/tags(_:_:seq:completion:)`` is.
public enum JPushTagOperation: String, Sendable, Hashable, CaseIterable {
    /// `+addTags:completion:seq:`.
    case add
    /// `+setTags:completion:seq:` (replaces the whole set).
    case set
    /// `+deleteTags:completion:seq:`.
    case delete

    /// Whether the two are the same case (by case, not by comparing raw strings).
    public static func == (lhs: JPushTagOperation, rhs: JPushTagOperation) -> Bool { lhs.ordinal == rhs.ordinal }

    /// Hashes the case, not its raw value.
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
    /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
    /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
    private var ordinal: Int {
        switch self {
        case .add: 0
        case .set: 1
        case .delete: 2
        }
    }
}
