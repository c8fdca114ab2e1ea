import PushBridge
import PushBridgeJPush
import PushBridgeModel
import PushBridgeProviderKit

/// ``JPushBridge``: every call recorded, alias and tag requests answered as told.
extension MockJPushBridge {
    /// ``JPushBridge``'s `setCollectionAuthorization`: recorded (checked against ``sdkThread``).
    public func setCollectionAuthorization(_ isAuthorized: Bool) {
        checkThread("JCollectionAuth:")
        record(.collectionAuthorization(isAuthorized))
    }

    /// ``JPushBridge``'s `setup`: recorded, the app key and advertising identifier masked.
    public func setup(launchOptions: JSONObject?, appKey: String, channel: String, apsForProduction: Bool, advertisingIdentifier: String?) {
        checkThread("setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:")
        record(
            .setup(
                appKey: SecretText(appKey), channel: channel, production: apsForProduction,
                advertisingIdentifier: advertisingIdentifier.map { SecretText($0) },
                launchedWithNotification: launchOptions != nil))
    }

    /// ``JPushBridge``'s `registerForRemoteNotificationConfig`: recorded.
    public func registerForRemoteNotificationConfig(_ entity: JPushRegisterEntity) {
        checkThread("registerForRemoteNotificationConfig:delegate:")
        record(.register(entity))
    }

    /// ``JPushBridge``'s `registerDeviceToken`: recorded, the token masked.
    public func registerDeviceToken(_ token: [UInt8]) { record(.registerDeviceToken(DeviceTokenRequest(token: token).hexToken)) }

    /// ``JPushBridge``'s `handleRemoteNotification`: recorded with the notification's identity.
    public func handleRemoteNotification(_ userInfo: JSONObject) {
        record(
            .handleRemoteNotification(
                id: NotificationIdentity.derive(payload: userInfo, identifier: nil, providerMessageID: JPushDefinition().messageID(in: userInfo))))
    }

    /// ``JPushBridge``'s `registrationIDCompletionHandler`: recorded, and answered at once with
    /// ``registrationIDAnswer``.
    public func registrationIDCompletionHandler(_ completionHandler: @escaping @Sendable (Int, String?) -> Void) {
        record(.registrationIDCompletionHandler)
        let answer = registrationIDAnswer
        completionHandler(answer.resCode, answer.registrationID)
    }

    /// ``JPushBridge``'s `setAlias`: recorded (masked), and answered as ``aliasAnswer`` says.
    public func setAlias(_ alias: String, seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
        record(.alias(operation: "set", alias: SecretText(alias), seq: seq))
        submit(.setAlias(SecretText(alias), completion), seq: seq)
    }

    /// ``JPushBridge``'s `deleteAlias`: recorded, and answered as ``aliasAnswer`` says.
    public func deleteAlias(seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
        record(.alias(operation: "delete", alias: nil, seq: seq))
        submit(.deleteAlias(completion), seq: seq)
    }

    /// ``JPushBridge``'s `getAlias`: recorded, and answered as ``aliasAnswer`` says.
    public func getAlias(seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
        record(.alias(operation: "get", alias: nil, seq: seq))
        submit(.getAlias(completion), seq: seq)
    }

    /// ``JPushBridge``'s `tags`: recorded, and answered as ``tagAnswer`` says.
    public func tags(_ operation: JPushTagOperation, _ tags: Set<String>, seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void)
    {
        record(.tags(operation: operation.rawValue, tags: tags, seq: seq))
        submit(.tags(operation, tags, completion), seq: seq)
    }

    /// ``JPushBridge``'s `cleanTags`: recorded, and answered as ``tagAnswer`` says.
    public func cleanTags(seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void) {
        record(.tags(operation: "clean", tags: [], seq: seq))
        submit(.cleanTags(completion), seq: seq)
    }

    /// ``JPushBridge``'s `getAllTags`: recorded, and answered as ``tagAnswer`` says.
    public func getAllTags(seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void) {
        record(.tags(operation: "getAll", tags: [], seq: seq))
        submit(.getAllTags(completion), seq: seq)
    }

    /// ``JPushBridge``'s `validTag`: recorded, and answered as ``tagAnswer`` says.
    public func validTag(_ tag: String, seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int, Bool) -> Void) {
        record(.tags(operation: "valid", tags: [tag], seq: seq))
        submit(.validTag(tag, completion), seq: seq)
    }

    /// ``JPushBridge``'s `setBadge`: recorded; returns ``badgeAccepted``.
    public func setBadge(_ value: Int) -> Bool {
        record(.badge(value))
        return badgeAccepted
    }

    /// ``JPushBridge``'s `resetBadge`: recorded as `setBadge(0)`.
    public func resetBadge() { record(.badge(0)) }

    /// ``JPushBridge``'s `registerVoipToken`: recorded, the token masked.
    public func registerVoipToken(_ token: [UInt8]) { record(.registerVoipToken(DeviceTokenRequest(token: token).hexToken)) }

    /// ``JPushBridge``'s `handleVoipNotification`: recorded with the payload's keys.
    public func handleVoipNotification(_ remoteInfo: JSONObject) { record(.handleVoipNotification(keys: remoteInfo.keys.sorted())) }

    /// ``JPushBridge``'s `registerLiveActivity(_:pushToken:…)`: recorded (masked), and answered
    /// at once with ``liveActivityResultCode``.
    public func registerLiveActivity(
        _ liveActivityID: String, pushToken: [UInt8]?, seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void
    ) {
        record(.registerLiveActivity(id: liveActivityID, pushToken: pushToken.map { DeviceTokenRequest(token: $0).hexToken }, seq: seq))
        completion(liveActivityResultCode, liveActivityID, seq)
    }

    /// ``JPushBridge``'s `registerLiveActivity(attributes:pushToStartToken:…)`: `false` when
    /// ``hasPushToStart`` is off; else recorded (masked) and answered with ``liveActivityResultCode``.
    public func registerLiveActivity(
        attributes activityAttributes: String, pushToStartToken: [UInt8]?, seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void
    ) -> Bool {
        guard hasPushToStart else { return false }
        record(
            .registerPushToStart(
                attributes: activityAttributes, pushToStartToken: pushToStartToken.map { DeviceTokenRequest(token: $0).hexToken }, seq: seq))
        completion(liveActivityResultCode, activityAttributes, seq)
        return true
    }
}
