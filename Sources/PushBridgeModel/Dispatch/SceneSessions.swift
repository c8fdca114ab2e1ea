import PushBridge

/// One of a scene app's scene sessions when the user acts: its identifier, its state and its
/// activation conditions (UIKit `UISceneActivationConditions`, iOS 13+).
public struct SceneSession: Sendable, Hashable {
    /// The identifier the scenario and the trace name the session by.
    public var id: String
    /// Where the session's scene is.
    public var state: SceneState
    /// `canActivateForTargetContentIdentifierPredicate`: the scene can show the content. UIKit's
    /// default is "any" (`UISceneActivationConditions.h`: "default is [NSPredicate
    /// predicateWithValue:YES]").
    public var canActivate: TargetContentPatterns
    /// `prefersToActivateForTargetContentIdentifierPredicate`: the scene is the better one for the
    /// content. UIKit's default is "none" (`UISceneActivationConditions.h`: "default is
    /// [NSPredicate predicateWithValue:NO]").
    public var prefersToActivate: TargetContentPatterns

    /// A session from its parts; the conditions default to UIKit's.
    public init(id: String, state: SceneState, canActivate: TargetContentPatterns = .any, prefersToActivate: TargetContentPatterns = .none) {
        self.id = id
        self.state = state
        self.canActivate = canActivate
        self.prefersToActivate = prefersToActivate
    }
}

/// Where a scene session's scene is (`UIScene.ActivationState`, and a session whose scene the
/// system disconnected).
public enum SceneState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// On screen and receiving events.
    case foregroundActive
    /// On screen, not receiving events.
    case foregroundInactive
    /// Connected, off screen.
    case background
    /// The session persists but its scene is disconnected: activating it connects the scene again.
    case unattached

    /// Whether the scene is connected (it needs no `scene(_:willConnectTo:options:)` to show).
    public var isConnected: Bool { self != .unattached }

    /// The scenario value.
    public var description: String { rawValue }
}

/// A simple form of an activation predicate: target-content-id patterns, each `*` (any value,
/// even none: `NSPredicate(value: true)`), `PREFIX*` (`self BEGINSWITH 'PREFIX'`, or `LIKE` with a
/// trailing wildcard) or an exact value (`self == 'VALUE'`). No pattern: the predicate is false.
public struct TargetContentPatterns: Sendable, Hashable {
    /// The patterns, any of which matches.
    public var patterns: [String]

    /// Patterns from a list.
    public init(_ patterns: [String]) { self.patterns = patterns }

    /// `*`: every target-content-id, and a notification without one.
    public static let any = TargetContentPatterns(["*"])
    /// No pattern: nothing matches.
    public static let none = TargetContentPatterns([])

    /// Whether the predicate holds for `target` (`nil`: the notification has no target-content-id;
    /// only `*` holds for it *(inference: a comparison with nil is false in `NSPredicate`)*).
    public func matches(_ target: String?) -> Bool {
        patterns.contains { pattern in
            if pattern == "*" { return true }
            guard let target else { return false }
            if pattern.hasSuffix("*") { return target.hasPrefix(pattern.dropLast()) }
            return target == pattern
        }
    }
}

/// Which scene a tap (or a foreground action) brings forward or connects, and why.
public struct SceneActivation: Sendable, Hashable {
    /// Why the scene was chosen.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// Its `prefersToActivate` conditions match the target-content-id.
        case prefers
        /// No scene prefers it; its `canActivate` conditions match.
        case can
        /// No scene's conditions match and the app has one scene: the system uses it.
        case onlyScene
        /// No scene's conditions match and the app supports multiple scenes: a new session.
        case newSession
    }

    /// The chosen session's identifier; `nil` for a new session.
    public var id: String?
    /// Why it was chosen.
    public var reason: Reason
    /// Whether the scene connects for the action (`scene(_:willConnectTo:options:)` with the
    /// response): a new session, an unattached one, or any on a launch.
    public var connects: Bool

    /// The activation from its parts.
    public init(id: String?, reason: Reason, connects: Bool) {
        self.id = id
        self.reason = reason
        self.connects = connects
    }

    /// The scene iOS activates for a notification with `target` among `sessions`.
    ///
    /// Apple, `UISceneActivationConditions`: "UIKit routes the event to the scene best suited to
    /// handle it … by evaluating the target content identifier of the event against the
    /// predicates in each scene's `UISceneActivationConditions`"; `prefersToActivate…`: "the set
    /// of conditions for which UIKit chooses to activate this scene over others";
    /// `canActivate…`: "conditions for which UIKit can activate the scene if a better alternative
    /// doesn't exist"; "Every event must match at least one scene". Apple,
    /// `UNNotificationContent.targetContentIdentifier`: "the value your app uses to determine
    /// which scene to display to handle the notification", from the payload's
    /// `aps.target-content-id` (parse-community/parse-server-push-adapter#155, 2020: it
    /// "can later be used to target what app window should be brought forward when the
    /// notification is tapped"; WWDC 2019 session 259).
    ///
    /// Among several that match equally, the model takes the one most in view — foreground
    /// active, then foreground inactive, then background, then unattached — and, at a tie, the
    /// first listed *(inference: Apple does not document the tie-break)*. When none matches, an
    /// app that supports multiple scenes (`UIApplicationSupportsMultipleScenes`) gets a new
    /// session *(inference from "must match at least one scene": no existing one can show it)*;
    /// an app with one scene gets that scene *(inference: it has no other)*.
    public static func choose(
        among sessions: [SceneSession], target: String?, supportsMultipleScenes: Bool, launching: Bool
    ) -> SceneActivation {
        func best(_ holds: (SceneSession) -> Bool) -> SceneSession? {
            var chosen: SceneSession?
            for session in sessions where holds(session) {
                if let current = chosen, rank(current.state) <= rank(session.state) { continue }
                chosen = session
            }
            return chosen
        }
        if let session = best({ $0.prefersToActivate.matches(target) }) {
            return SceneActivation(id: session.id, reason: .prefers, connects: launching || !session.state.isConnected)
        }
        if let session = best({ $0.canActivate.matches(target) }) {
            return SceneActivation(id: session.id, reason: .can, connects: launching || !session.state.isConnected)
        }
        if supportsMultipleScenes { return SceneActivation(id: nil, reason: .newSession, connects: true) }
        let session = best({ _ in true })
        return SceneActivation(id: session?.id, reason: .onlyScene, connects: launching || session.map { !$0.state.isConnected } ?? true)
    }

    /// How far in view a state is: lower is chosen first.
    private static func rank(_ state: SceneState) -> Int {
        switch state {
        case .foregroundActive: 0
        case .foregroundInactive: 1
        case .background: 2
        case .unattached: 3
        }
    }
}
