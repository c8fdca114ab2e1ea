import PushBridge

/// What iOS hands each callback of one delivery, path by path — the feeding every simulation
/// uses, so that a simulation is never kinder than a device.
///
/// - The launch options and methods 2 and 3 (and the iOS 8–9 methods L, A and AL) carry the
///   `userInfo` only: the payload, no identifier (`UIApplicationDelegate`'s signatures).
/// - Methods 4 and 5 carry a `UNNotification`: its request's identifier and the content. For a
///   remote notification the identifier is the `apns-collapse-id` when the sender set one, else
///   one the system assigns (Apple, `UNNotificationRequest.identifier`: "If your app doesn't
///   set a value, the system automatically assigns an identifier"); the simulation makes a new
///   one per delivery *(inference: Apple does not document its format or whether two
///   deliveries can share it)*. For a local notification it is the identifier the app scheduled.
///
/// ```swift
/// let handover = try DeliveryHandover(payload: ["aps": ["alert": "Hi"]], source: .remote)
/// handover.notification(for: .didReceiveRemoteNotificationFetch).requestIdentifier // nil
/// handover.notification(for: .willPresent).requestIdentifier // "5F3C1D2A-…"
/// ```
public struct DeliveryHandover: Sendable {
    /// The payload (`userInfo`).
    public let payload: JSONObject
    /// Remote or local.
    public let source: NotificationSource
    /// The identifier methods 4 and 5 carry for this delivery.
    public let requestIdentifier: String
    private let userInfoOnly: PushNotification
    private let withIdentifier: PushNotification

    /// The handover of one delivery of `payload`.
    ///
    /// - Parameters:
    ///   - payload: The payload (`userInfo`).
    ///   - source: Remote or local.
    ///   - requestIdentifier: The identifier of 4 and 5: the app's own for a local notification
    ///     (required to be stable), the collapse ID for a remote one that has it; `nil` for a new
    ///     system-assigned one.
    /// - Throws: `PushError` when the payload cannot be read as a notification.
    public init(payload: JSONObject, source: NotificationSource, requestIdentifier: String? = nil) throws(PushError) {
        self.payload = payload
        self.source = source
        let identifier = requestIdentifier ?? Self.newRequestIdentifier()
        self.requestIdentifier = identifier
        userInfoOnly = try PushNotification(payload: payload, identifier: nil, source: source)
        withIdentifier = try PushNotification(payload: payload, identifier: identifier, source: source)
    }

    /// What `callback` carries of this delivery: the notification with its request identifier
    /// for 4 and 5, the `userInfo` alone for every other path (the launch options included).
    public func notification(for callback: SystemCallback) -> PushNotification {
        switch callback {
        case .willPresent, .didReceiveResponse, .sceneWillConnect: withIdentifier
        case .didFinishLaunching, .didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch, .didReceiveLocalNotification,
            .handleActionForRemote, .handleActionForLocal:
            userInfoOnly
        }
    }

    /// A new identifier in the form iOS shows (`8-4-4-4-12` upper-case hex), different for every
    /// delivery in the process and the same sequence in every run (a simulation is reproducible).
    public static func newRequestIdentifier() -> String {
        var state = counter.withLock { value -> UInt64 in
            value &+= 1
            return value
        }
        func next() -> UInt64 {
            // SplitMix64.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let hex = hexDigits(next()) + hexDigits(next())
        let chars = Array(hex)
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(chars[$0]) }
        return parts.joined(separator: "-")
    }

    private static let counter = Locked<UInt64>(0)

    private static func hexDigits(_ value: UInt64) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
