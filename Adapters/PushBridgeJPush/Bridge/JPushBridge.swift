import PushBridge

/// The JPush SDK calls the adapter makes, mirrored one to one (`JPUSHService`, JPush iOS SDK 5.x).
///
/// JPush is a closed-source binary that cannot be linked here, so ``JPushProvider`` talks to it
/// through this protocol: on a device, `JPUSHServiceBridge` (see `JPUSHServiceBridge.swift`)
/// forwards each requirement to the real class; in tests, ``MockJPushBridge`` records them.
/// Values cross as `Sendable` types: `userInfo` dictionaries as `JSONObject`.
public protocol JPushBridge: Sendable {
    /// `setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:`.
    func setup(launchOptions: JSONObject?, appKey: String, channel: String, apsForProduction: Bool, advertisingIdentifier: String?)
    /// `registerForRemoteNotificationConfig:delegate:` (the delegate is the adapter's shim).
    func registerForRemoteNotificationConfig(_ entity: JPushRegisterEntity)
    /// `registerDeviceToken:`.
    func registerDeviceToken(_ token: [UInt8])
    /// `handleRemoteNotification:` — reports a push receipt to JPush's statistics.
    func handleRemoteNotification(_ userInfo: JSONObject)
    /// `registrationID` — valid after `kJPFNetworkDidLoginNotification`.
    var registrationID: String? { get }

    /// `setAlias:completion:seq:`; the completion gets `(iResCode, iAlias, seq)`.
    func setAlias(_ alias: String, seq: Int, completion: @escaping @Sendable (_ resCode: Int, _ alias: String?, _ seq: Int) -> Void)
    /// `deleteAlias:seq:`.
    func deleteAlias(seq: Int, completion: @escaping @Sendable (_ resCode: Int, _ alias: String?, _ seq: Int) -> Void)
    /// `getAlias:seq:`.
    func getAlias(seq: Int, completion: @escaping @Sendable (_ resCode: Int, _ alias: String?, _ seq: Int) -> Void)
    /// `addTags:completion:seq:`, `setTags:completion:seq:`, `deleteTags:completion:seq:`: the
    /// completion gets `(iResCode, iTags, seq)`.
    func tags(_ operation: JPushTagOperation, _ tags: Set<String>, seq: Int, completion: @escaping @Sendable (_ resCode: Int, _ tags: Set<String>?, _ seq: Int) -> Void)
    /// `cleanTags:seq:`.
    func cleanTags(seq: Int, completion: @escaping @Sendable (_ resCode: Int, _ tags: Set<String>?, _ seq: Int) -> Void)
    /// `getAllTags:seq:`.
    func getAllTags(seq: Int, completion: @escaping @Sendable (_ resCode: Int, _ tags: Set<String>?, _ seq: Int) -> Void)
    /// `validTag:completion:seq:`; the completion gets `(iResCode, iTags, seq, isBind)`.
    func validTag(_ tag: String, seq: Int, completion: @escaping @Sendable (_ resCode: Int, _ tags: Set<String>?, _ seq: Int, _ isBind: Bool) -> Void)
    /// `setBadge:` — syncs the server-side badge; returns whether the value was accepted.
    func setBadge(_ value: Int) -> Bool
    /// `resetBadge`.
    func resetBadge()
}

/// Which of JPush's three tag-changing calls.
public enum JPushTagOperation: String, Sendable, Hashable, CaseIterable {
    /// `addTags:completion:seq:`.
    case add
    /// `setTags:completion:seq:`.
    case set
    /// `deleteTags:completion:seq:`.
    case delete
}

/// `JPUSHRegisterEntity`: the authorization options and categories JPush registers with.
public struct JPushRegisterEntity: Sendable, Hashable {
    /// The kind of category object the device's iOS takes.
    public enum CategoryKind: String, Sendable, Hashable {
        /// `UIUserNotificationCategory` (iOS 8–9).
        case userNotificationCategory
        /// `UNNotificationCategory` (iOS 10+).
        case notificationCategory
    }

    /// `types`: `JPAuthorizationOptions` bits.
    public var types: Int
    /// The category identifiers; `nil` when none may be registered (before iOS 8).
    public var categories: [String]?
    /// What kind of category objects the real bridge builds from the identifiers.
    public var categoryKind: CategoryKind?

    /// Builds the entity for `request`, checking each option and the categories against the
    /// device's iOS version.
    ///
    /// - Throws: `PushError` (`PushError/Code/unsupported`) naming each option or the
    ///   categories the version lacks; an option is never dropped silently.
    public init(_ request: PushRegistrationRequest) throws(PushError) {
        try request.checkOptionsAvailable(field: "types")
        types = request.options.rawValue
        if request.iosVersion < IOSVersion(8) {
            guard request.categories.isEmpty else {
                throw PushError(.unsupported, field: "categories", "iOS \(request.iosVersion) has no notification categories (iOS 8+): they must be nil")
            }
            categories = nil
            categoryKind = nil
        } else {
            categories = request.categories
            categoryKind = request.iosVersion < IOSVersion(10) ? .userNotificationCategory : .notificationCategory
        }
    }
}
