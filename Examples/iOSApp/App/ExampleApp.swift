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

/// The app: SwiftUI, with PushBridge's app delegate (`@UIApplicationDelegateAdaptor`, Apple's
/// documented way for a SwiftUI app to receive UIKit's callbacks); its scene delegate comes with it.
@available(iOS 14, *)
@MainActor
struct ExampleApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate

    init() { AppDelegate.swiftUIOwnsTheWindows = true }

    var body: some Scene {
        WindowGroup { InboxView(navigation: appDelegate.navigation) }
    }
}

/// The scene delegate: PushBridge's, which hands the scene's connection options (the tap that
/// launched the app, Getui's click receipt) to the client; on iOS 13 it also makes the window.
final class SceneDelegate: PushSceneDelegate {
    override func willConnect(_ scene: UIScene, to session: UISceneSession, options: UIScene.ConnectionOptions) {
        guard !AppDelegate.swiftUIOwnsTheWindows, let windowScene = scene as? UIWindowScene,
            let appDelegate = UIApplication.shared.delegate as? AppDelegate
        else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UIHostingController(rootView: InboxView(navigation: appDelegate.navigation))
        window.makeKeyAndVisible()
        self.window = window
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
