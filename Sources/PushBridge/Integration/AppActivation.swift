import PushBridgeCore
import PushBridgeProviderKit

/// Whether the app is active, from whichever delegate UIKit tells: the app delegate in an app
/// without scenes, each scene's delegate in a scene or SwiftUI app, where UIKit calls no
/// `applicationDidBecomeActive(_:)` ("In iOS 13 and later, use UISceneDelegate objects to respond
/// to life-cycle events in a scene-based app", Apple, `applicationDidBecomeActive(_:)`).
/// `PushAppDelegate` runs the app's `didBecomeActive(_:)` and `willResignActive(_:)` hooks when
/// this says the app's state changed: once per activation, with scenes or without.
///
/// ```swift
/// var activation = AppActivation()
/// if activation.sceneDidBecomeActive() { didBecomeActive(application) }  // the first active scene
/// ```
package struct AppActivation: Sendable, Equatable {
    /// Whether the app is active, as the hooks last heard.
    package private(set) var isActive = false
    /// How many scenes are active.
    package private(set) var activeScenes = 0

    /// Not active, no scene active.
    package init() {}

    /// `applicationDidBecomeActive(_:)`: whether the app became active now.
    package mutating func applicationDidBecomeActive() -> Bool { change(to: true) }

    /// `applicationWillResignActive(_:)`: whether the app stops being active now.
    package mutating func applicationWillResignActive() -> Bool { change(to: false) }

    /// A scene's `sceneDidBecomeActive(_:)`: whether the app became active now (its first active scene).
    package mutating func sceneDidBecomeActive() -> Bool {
        activeScenes += 1
        return change(to: true)
    }

    /// A scene's `sceneWillResignActive(_:)`: whether the app stops being active now (its last
    /// active scene resigns).
    package mutating func sceneWillResignActive() -> Bool {
        activeScenes = max(0, activeScenes - 1)
        return activeScenes == 0 && change(to: false)
    }

    private mutating func change(to active: Bool) -> Bool {
        guard isActive != active else { return false }
        isActive = active
        return true
    }
}
