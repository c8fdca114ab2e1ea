import Foundation
import PushBridge
import PushBridgeAPNs
import PushBridgeAPNsTesting
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeJPush
import PushBridgeJPushTesting
import Testing

/// One provider as the README's minimal app meets it, with every adapter linked and this
/// provider's mock SDK standing in for the real one: its `push.json`, the adapters the app lists,
/// and what iOS and the SDK do once the app asked to register or the user tapped.
struct MockedProvider: Sendable, CustomTestStringConvertible {
    let id: PushProviderID
    /// The configuration file naming this provider.
    let configuration: String
    /// `[.apns, .jpush, .getui]`, each with its mock SDK.
    let adapters: [PushAdapter]
    /// How many times the app's registration reached the SDK (or iOS).
    let registrationRequests: @Sendable () -> Int
    /// What follows a registration: iOS's device token (forwarded by the glue), and the SDK's own
    /// identifier where it has one.
    let completeRegistration: @Sendable (PushClient) -> Void
    /// The tap that launched the app, as the owner of the notification center's calls hands it
    /// over (PushBridge's delegate for APNs, the SDK's for JPush and Getui), with the completion
    /// handler the owner passes (Getui's response callback has none: `tapHasCompletion` false).
    let deliverTap: @Sendable (PushClient, JSONObject, _ completion: @escaping @Sendable () -> Void) -> Void

    /// Whether the owner of the tap's callback passes a completion handler.
    var tapHasCompletion = true
    /// Whether anything but the consent's own call reached the SDK (or iOS, for APNs): a start,
    /// a registration, a permission request.
    var startedOrAsked: @Sendable () -> Bool = { false }
    /// Whether the SDK was told to turn push off (JPush `JCollectionAuth:` NO, Getui
    /// `setPushModeForOff:` YES, as its last such call); plain APNs has no SDK to tell.
    var turnedOff: @Sendable () -> Bool = { true }
    /// The server-side badge values the SDK was given, in order (none for plain APNs).
    var serverBadges: @Sendable () -> [Int] = { [] }

    var testDescription: String { id.rawValue }

    static let deviceToken: [UInt8] = Array(repeating: 0xAB, count: 32)

    /// The three providers, each with fresh mocks.
    static var all: [MockedProvider] { [apns(), jpush(), getui()] }

    /// Every adapter, the given mocks behind them.
    static func adapters(
        apns: MockAPNsBridge = MockAPNsBridge(), jpush: MockJPushBridge = MockJPushBridge(), getui: MockGetuiBridge = MockGetuiBridge()
    )
        -> [PushAdapter]
    {
        [.apns(bridge: apns), .jpush(bridge: { jpush }), .getui(bridge: { getui })]
    }

    static func apns() -> MockedProvider {
        let bridge = MockAPNsBridge(grants: true)
        return MockedProvider(
            id: .apns, configuration: #"{"provider": "apns"}"#, adapters: adapters(apns: bridge),
            registrationRequests: { bridge.calls.filter { $0 == .registerForRemoteNotifications }.count },
            completeRegistration: { client in client.didRegisterForRemoteNotifications(deviceToken: deviceToken) },
            deliverTap: { client, payload, completion in
                NotificationCenterRelay(client: client).didReceive(
                    try? PushNotification(payload: payload, identifier: "request-1"), action: .default, state: .inactive, completion: completion)
            }, startedOrAsked: { !bridge.calls.isEmpty })
    }

    static func jpush() -> MockedProvider {
        let bridge = MockJPushBridge(registrationID: "1a0018970a1b2c3d4e5")
        return MockedProvider(
            id: .jpush,
            configuration: #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "channel": "App Store", "production": true}}"#,
            adapters: adapters(jpush: bridge),
            registrationRequests: {
                bridge.calls.filter {
                    if case .register = $0 { return true }
                    return false
                }.count
            },
            completeRegistration: { client in
                client.didRegisterForRemoteNotifications(deviceToken: deviceToken)
                bridge.trigger(.network(.didLogin))
            },
            deliverTap: { _, payload, completion in
                let tap = JPushResponseInfo(notification: JPushNotificationInfo(userInfo: payload, identifier: "request-1"))
                bridge.trigger(.didReceiveResponse(tap, completionHandler: completion))
            },
            startedOrAsked: {
                bridge.calls.contains {
                    if case .collectionAuthorization = $0 { return false }
                    return true
                }
            },
            turnedOff: {
                bridge.calls.last {
                    if case .collectionAuthorization = $0 { return true }
                    return false
                } == .collectionAuthorization(false)
            },
            serverBadges: {
                bridge.calls.compactMap {
                    if case .badge(let value) = $0 { return value }
                    return nil
                }
            })
    }

    static func getui() -> MockedProvider {
        let bridge = MockGetuiBridge()
        return MockedProvider(
            id: .getui, configuration: #"{"provider": "getui", "getui": {"appId": "A1b2C3", "appKey": "K4d5E6", "appSecret": "S7f8G9"}}"#,
            adapters: adapters(getui: bridge),
            registrationRequests: {
                bridge.calls.filter {
                    if case .registerRemoteNotification = $0 { return true }
                    return false
                }.count
            },
            completeRegistration: { client in
                client.didRegisterForRemoteNotifications(deviceToken: deviceToken)
                bridge.trigger(.registerClient("0c7a1e2f3b4d5e6f7a8b9c0d1e2f3a4b"))
            },
            deliverTap: { _, payload, _ in
                let tap = GetuiNotificationInfo(userInfo: payload, identifier: "request-1")
                bridge.trigger(.receiveNotification(tap, response: GetuiResponseInfo(notification: tap), fetchCompletionHandler: nil))
            }, tapHasCompletion: false,
            startedOrAsked: { !bridge.calls.isEmpty },
            turnedOff: {
                bridge.calls.last {
                    if case .pushModeForOff = $0 { return true }
                    return false
                } == .pushModeForOff(true)
            },
            serverBadges: {
                bridge.calls.compactMap {
                    if case .badge(let value) = $0 { return value }
                    return nil
                }
            })
    }
}
