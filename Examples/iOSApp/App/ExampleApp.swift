import PushBridge
import PushBridgeUIKit
import SwiftUI
import UIKit

/// The entry point: the SwiftUI app on iOS 14 and later, a UIKit scene-based app on iOS 13 (the
/// package's oldest iOS), with the same app delegate and scene delegate.
@main
enum Main {
    static func main() {
        if #available(iOS 14, *) {
            ExampleApp.main()
        } else {
            _ = UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate.self))
        }
    }
}

/// The app: SwiftUI, with an app delegate for UIKit's launch and remote-notification callbacks
/// (`@UIApplicationDelegateAdaptor`, Apple's documented way for a SwiftUI app to receive them)
/// and a scene delegate for the notification that connects a scene.
@available(iOS 14, *)
@MainActor
struct ExampleApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate

    init() { AppDelegate.swiftUIOwnsTheWindows = true }

    var body: some Scene {
        WindowGroup { InboxView(navigation: appDelegate.push.navigation) }
    }
}

/// The app delegate: builds the client before launch ends and forwards every UIKit callback to
/// `PushAppIntegration`, which answers each completion handler exactly once.
final class AppDelegate: NSObject, UIApplicationDelegate {
    /// Whether SwiftUI's `WindowGroup` makes the windows (iOS 14+) or the scene delegate does.
    static var swiftUIOwnsTheWindows = false

    let push = Push()

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        // Before launch ends: with plain APNs this makes PushBridge the notification center's
        // delegate, so the tap that launched the app is not lost. A scene app's options are nil.
        PushAppIntegration.application(application, didFinishLaunchingWithOptions: launchOptions, client: push.client)
        push.listen()
        if push.consent.isAccepted { push.startAndRegister(launchOptions: launchOptions) }
        push.calls.register()
        return true
    }

    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        // The scene-based variant: a scene delegate receives the response that launched the app.
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        PushAppIntegration.applicationDidBecomeActive(application, client: push.client)
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        PushAppIntegration.application(application, didRegisterForRemoteNotificationsWithDeviceToken: deviceToken, client: push.client)
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        PushAppIntegration.application(application, didFailToRegisterForRemoteNotificationsWithError: error, client: push.client)
    }

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        PushAppIntegration.application(application, didReceiveRemoteNotification: userInfo, fetchCompletionHandler: completionHandler, client: push.client)
    }
}

/// The scene delegate: hands the scene's connection options (the response of a cold-start tap,
/// and Getui's click receipt) to the client, and on iOS 13 makes the window.
final class SceneDelegate: NSObject, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let appDelegate = UIApplication.shared.delegate as? AppDelegate else { return }
        PushAppIntegration.scene(scene, willConnectTo: session, options: connectionOptions, client: appDelegate.push.client)
        if !AppDelegate.swiftUIOwnsTheWindows, let windowScene = scene as? UIWindowScene {
            let window = UIWindow(windowScene: windowScene)
            window.rootViewController = UIHostingController(rootView: InboxView(navigation: appDelegate.push.navigation))
            window.makeKeyAndVisible()
            self.window = window
        }
    }
}

/// The inbox, and where a notification the user opened leads.
struct InboxView: View {
    @ObservedObject var navigation: Navigation

    var body: some View {
        NavigationView {
            VStack {
                switch navigation.screen {
                case .comment(let id): Text("Comment \(id)")
                case .inbox: Text("Inbox")
                case .settings: Text("Notification settings")
                }
                if let pending = navigation.pendingConfirmation {
                    Button("Open \(pending.title)?") { navigation.confirm() }
                }
            }
        }
    }
}
