import PushBridge
import Testing

/// `PushAppDelegate`'s `didBecomeActive(_:)` and `willResignActive(_:)` run once per change of the
/// app's state, whichever delegate UIKit tells: these fail if a hook would run twice for one
/// activation, or never in a scene app.
@Suite("The app's activation hooks: once per activation, with scenes or without")
struct AppActivationTests {
    /// Which reports changed the app's state (`true`: the hook runs), in order.
    static func runs(_ reports: [(inout AppActivation) -> Bool]) -> [Bool] {
        var activation = AppActivation()
        return reports.map { $0(&activation) }
    }

    @Test("an app without scenes: each activation and resignation once")
    func classicApp() {
        let runs = Self.runs([
            { $0.applicationDidBecomeActive() }, { $0.applicationDidBecomeActive() },
            { $0.applicationWillResignActive() }, { $0.applicationWillResignActive() },
            { $0.applicationDidBecomeActive() },
        ])
        #expect(runs == [true, false, true, false, true])
    }

    @Test("a scene app: the first active scene activates the app, the last to resign resigns it")
    func sceneApp() {
        let runs = Self.runs([
            { $0.sceneDidBecomeActive() }, { $0.sceneDidBecomeActive() },  // a second window on iPad
            { $0.sceneWillResignActive() }, { $0.sceneWillResignActive() },
            { $0.sceneWillResignActive() },  // never below zero
            { $0.sceneDidBecomeActive() },
        ])
        #expect(runs == [true, false, false, true, false, true])
    }

    @Test("both delegates told of one activation: the hook runs once")
    func bothDelegates() {
        let runs = Self.runs([
            { $0.sceneDidBecomeActive() }, { $0.applicationDidBecomeActive() },
            { $0.applicationWillResignActive() }, { $0.sceneWillResignActive() },
        ])
        #expect(runs == [true, false, true, false])
    }
}
