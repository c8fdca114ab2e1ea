import PushBridge
import PushBridgeAPNs
import PushBridgeFCM
import PushBridgeGetui
import PushBridgeJPush
import PushBridgePushKit
import PushBridgeUIKit
import UIKit
import UserNotifications

/// The app delegate: PushBridge's `PushAppDelegate`, which makes the client from `push.json`,
/// forwards every UIKit callback (none can be lost to an override), starts push with the user's
/// consent and names the scene delegate. Switching providers is an edit of `push.json`.
final class AppDelegate: PushAppDelegate {
    /// Whether SwiftUI's `WindowGroup` makes the windows (iOS 14+) or the scene delegate does.
    static var swiftUIOwnsTheWindows = false

    let navigation = Navigation()
    let consent = PrivacyPolicyConsent()
    private(set) lazy var calls = Calls(client: push)
    private(set) lazy var liveActivities = LiveActivities(client: push)

    override var pushAdapters: [PushAdapter] { [.apns, .jpush, .getui, .fcm] }
    /// No provider starts, and no prompt appears, before the user accepts the privacy policy.
    override var privacyConsent: PrivacyConsent { consent.isAccepted ? .granted : .denied }
    /// Declared once: set on the notification center and registered with whichever provider runs.
    override var notificationCategories: Set<UNNotificationCategory> { Categories.all }
    override var sceneDelegateClass: PushSceneDelegate.Type { SceneDelegate.self }

    /// Runs once push has the launch; the handlers are in place before iOS hands over a
    /// notification (it does so after launch returns).
    override func didFinishLaunching(_ application: UIApplication, launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // Foreground notifications: shown as a banner, kept in the list, with their sound.
        push.setPresentationHandler { _ in [.banner, .list, .sound] }
        // `content-available` pushes: refresh the inbox; iOS gets the answer exactly once.
        push.setBackgroundWorkHandler { notification in await Inbox.refresh(for: notification) ? .newData : .noData }
        let push = push
        Task { for await event in push.pushKitEvents() { await Server.report(event) } }
        calls.register()
        _ = liveActivities
        return true
    }

    /// The user accepted the privacy policy on the first launch: push starts now.
    func privacyPolicyAccepted() {
        consent.isAccepted = true
        push.start(consent: .granted)
    }

    /// The user withdrew consent in the app's settings: push is off for every provider.
    func privacyPolicyWithdrawn() {
        consent.isAccepted = false
        push.start(consent: .denied)
    }

    /// Each time the app is active (in this scene app too): the user has seen everything, so the
    /// icon's badge — and the provider's server-side count — are cleared.
    override func didBecomeActive(_ application: UIApplication) {
        let push = push
        Task { try? await push.setBadge(0) }
    }

    /// One event, every kind named: a new kind is a compile error here, not a silent drop.
    override func handle(_ event: PushEvent) {
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
            print("push is off with \(failure.provider): \(failure.error)")  // masked: no secret is printed
        case .providerState(let state):
            print("\(state.provider) is \(state.state)")
        case .settingsRequested:
            navigation.screen = .settings
        case .authorizationChanged(let status):
            print("notifications are now \(status)")
        }
    }
}

/// The notification categories the app registers: a comment with a reply action.
enum Categories {
    static var comment: UNNotificationCategory {
        UNNotificationCategory(
            identifier: "comment",
            actions: [
                UNTextInputNotificationAction(
                    identifier: "reply", title: "Reply", options: [], textInputButtonTitle: "Send", textInputPlaceholder: "")
            ],
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
