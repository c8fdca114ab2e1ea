import Foundation
import PushBridge
import PushBridgeAPNs
import PushBridgeGetui
import PushBridgeJPush
import PushBridgeUIKit
import UIKit
import UserNotifications

/// Everything push in the app: the client the configuration file picks, the user's privacy
/// consent, start and registration, and the loops that turn events into screens.
@MainActor
final class Push {
    let client: PushClient
    let navigation = Navigation()
    let consent = PrivacyPolicyConsent()
    let calls: Calls
    let liveActivities: LiveActivities

    init() {
        client = Self.makeClient(configurationFile: Bundle.main.url(forResource: "push", withExtension: "json"))
        calls = Calls(client: client)
        liveActivities = LiveActivities(client: client)
        // Foreground notifications: shown as a banner, kept in the list, with their sound.
        client.setPresentationHandler { _ in [.banner, .list, .sound] }
        // `content-available` pushes: refresh the inbox; iOS gets the answer exactly once.
        client.setBackgroundWorkHandler { notification in await Inbox.refresh(for: notification) ? .newData : .noData }
    }

    // MARK: The client

    /// The adapters this app links; the configuration picks one (`"provider": "apns"`, `"jpush"` or
    /// `"getui"`): switching providers is an edit of `push.json`.
    static let factories: PushProviderFactories = {
        var factories = PushProviderFactories()
        factories.register(.apns) { _ in APNsProvider(bridge: SystemAPNsBridge()) }
        factories.register(.jpush) { configuration in
            JPushProvider(
                settings: try configuration.require(\.jpush, "jpush"), bridge: try JPUSHServiceBridge(categories: Categories.all),
                applicationState: JPUSHServiceBridge.currentApplicationState)
        }
        factories.register(.getui) { configuration in
            GetuiProvider(
                settings: try configuration.require(\.getui, "getui"), bridge: try GeTuiSdkBridge(),
                applicationState: GeTuiSdkBridge.currentApplicationState)
        }
        return factories
    }()

    /// The client the configuration file names; a missing or malformed file, or an SDK the app
    /// lacks, is reported and leaves the app running without push rather than crashing it.
    static func makeClient(configurationFile: URL?) -> PushClient {
        do {
            guard let configurationFile else { throw PushError(.invalidConfiguration, field: "push.json", "not in the app's bundle") }
            let bytes = try Array(Data(contentsOf: configurationFile))
            let configuration = try PushConfiguration(jsonBytes: bytes, providers: [JPushDefinition(), GetuiDefinition()])
            return try PushClient(configuration: configuration, factories: factories)
        } catch {
            print("push is off: \(error)")  // PushError's description masks every secret
            return PushClient(provider: NoOpProvider())
        }
    }

    // MARK: Consent, start, register

    /// After the user accepted the privacy policy (on every launch, or when they accept it):
    /// JPush and Getui may not be called before (`setPrivacyConsent` throws nothing for APNs).
    func startAndRegister(launchOptions: [UIApplication.LaunchOptionsKey: Any]?) {
        let ios = IOSVersion.running ?? IOSVersion(13)
        let payload = launchOptions?[.remoteNotification] as? [AnyHashable: Any]
        let launchNotification = payload.flatMap { try? PushNotification(userInfo: $0) }
        UNUserNotificationCenter.current().setNotificationCategories(Categories.all)
        do {
            try client.setPrivacyConsent(.granted)
            try client.start(
                PushStartRequest(
                    iosVersion: ios, launchNotification: launchNotification, launchOptionsKey: launchNotification == nil ? nil : .remoteNotification))
            try client.register(PushRegistrationRequest(iosVersion: ios, options: [.alert, .badge, .sound], categories: [Categories.comment.identifier]))
        } catch {
            print("push did not start: \(error)")
        }
    }

    /// The user accepted the privacy policy on the first launch.
    func privacyPolicyAccepted() {
        consent.isAccepted = true
        startAndRegister(launchOptions: nil)
    }

    // MARK: Events

    /// Starts the loops over the client's events; held events (the tap that launched the app)
    /// arrive first, each exactly once.
    func listen() {
        let client = client
        Task { @MainActor [navigation] in
            for await event in client.events() { Self.handle(event, navigation: navigation) }
        }
        Task {
            for await event in client.channelEvents() { await Server.report(event) }
        }
    }

    /// One event, every kind named: a new kind is a compile error here, not a silent drop.
    static func handle(_ event: PushEvent, navigation: Navigation) {
        switch event {
        case .opened(let opened):
            navigation.open(Routes.router.resolve(opened.notification), reply: opened.textInput)
        case .received(let received):
            Inbox.store(received.notification)
        case .dismissed(let dismissed):
            Inbox.markRead(dismissed.notification)
        case .message(let message):
            Inbox.storeMessage(id: message.id, from: message.transport)
        case .registered(let registration):
            Task { await Server.register(registration.identifier.revealed, provider: registration.provider) }
        case .registrationFailed(let failure):
            print("registration with \(failure.provider) failed: \(failure.error)")
        case .providerState(let state):
            print("\(state.provider) is \(state.state)")
        case .settingsRequested:
            navigation.screen = .settings
        }
    }
}

/// The notification categories the app registers: a comment with a reply action.
enum Categories {
    static var comment: UNNotificationCategory {
        UNNotificationCategory(
            identifier: "comment",
            actions: [UNTextInputNotificationAction(identifier: "reply", title: "Reply", options: [], textInputButtonTitle: "Send", textInputPlaceholder: "")],
            intentIdentifiers: [], options: [.customDismissAction])
    }
    static var all: Set<UNNotificationCategory> { [comment] }
}

/// Whether the user accepted the privacy policy, kept across launches.
@MainActor
final class PrivacyPolicyConsent {
    private let key = "privacyPolicyAccepted"
    var isAccepted: Bool {
        get { UserDefaults.standard.bool(forKey: key) }
        set { UserDefaults.standard.set(newValue, forKey: key) }
    }
}
