#if canImport(UIKit) && canImport(UserNotifications)
    import PushBridge
    import UIKit

    /// The scene delegate ``PushAppDelegate`` names for each scene: hands the client the scene's
    /// connection options (the tap that launched a scene app, Getui's click receipt) and the
    /// scene's activation. A SwiftUI app needs nothing more; a UIKit scene app that makes its
    /// window subclasses it and does so in ``willConnect(_:to:options:)``.
    ///
    /// ```swift
    /// final class SceneDelegate: PushSceneDelegate {
    ///     override func willConnect(_ scene: UIScene, to session: UISceneSession, options: UIScene.ConnectionOptions) {
    ///         guard let scene = scene as? UIWindowScene else { return }
    ///         window = UIWindow(windowScene: scene)
    ///         window?.rootViewController = InboxViewController()
    ///         window?.makeKeyAndVisible()
    ///     }
    /// }
    /// ```
    ///
    /// As in ``PushAppDelegate``, the forwarding methods are `public`, not `open`.
    @available(iOSApplicationExtension, unavailable)
    @MainActor
    open class PushSceneDelegate: UIResponder, UIWindowSceneDelegate {
        /// The scene's window, for a UIKit app that makes one (SwiftUI makes its own).
        open var window: UIWindow?

        /// A scene delegate (UIKit makes it).
        public override init() {
            super.init()
        }

        /// The app's own code for a scene that connects, run after the client has the options.
        open func willConnect(_ scene: UIScene, to session: UISceneSession, options: UIScene.ConnectionOptions) {}

        /// The app's own code for `sceneDidBecomeActive(_:)`, run after the client's and the app
        /// delegate's ``PushAppDelegate/didBecomeActive(_:)`` (which runs once per activation of
        /// the app, when its first scene becomes active).
        open func didBecomeActive(_ scene: UIScene) {}

        /// The app's own code for `sceneWillResignActive(_:)`, run after the client's and, when it
        /// is the last active scene, the app delegate's ``PushAppDelegate/willResignActive(_:)``.
        open func willResignActive(_ scene: UIScene) {}

        /// Hands the connection options to the app delegate's client, then runs
        /// ``willConnect(_:to:options:)``.
        public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            if let client = PushAppDelegate.current?.push {
                PushAppIntegration.scene(scene, willConnectTo: session, options: connectionOptions, client: client)
            }
            willConnect(scene, to: session, options: connectionOptions)
        }

        /// Tells the client launch has ended and to read the user's authorization again (a scene
        /// app's `applicationDidBecomeActive(_:)` is not called), runs the app delegate's
        /// ``PushAppDelegate/didBecomeActive(_:)`` when this is the app's first active scene, then
        /// ``didBecomeActive(_:)``.
        public func sceneDidBecomeActive(_ scene: UIScene) {
            PushAppDelegate.current?.sceneDidBecomeActive()
            didBecomeActive(scene)
        }

        /// Tells the client the scene may be covered by system UI (a tap in Notification Center
        /// over it is then an `opened`), runs the app delegate's ``PushAppDelegate/willResignActive(_:)``
        /// when no scene stays active, then ``willResignActive(_:)``.
        public func sceneWillResignActive(_ scene: UIScene) {
            PushAppDelegate.current?.sceneWillResignActive()
            willResignActive(scene)
        }
    }
#endif
