import PushBridge

/// The decision flow of the dispatch model as a tree a person can read: for each app state and
/// iOS version band, which methods run on arrival and on a tap, depending on which methods the
/// app implements — the flowchart the published call-order experiment promises.
///
/// Every leaf is computed by ``DispatchModel`` for a representative scenario; only the order of
/// the questions (4 and 5, then 3, then 2 — the priority the experiments found) is fixed here.
public enum DecisionFlow {
    /// A question about the app with its answers.
    public struct Branch: Sendable, Hashable {
        /// The question's answer that leads here, e.g. `implements 4 and 5`.
        public var answer: String
        /// What the model computed: what was shown, the methods called on arrival and on a tap.
        public var outcome: String
    }

    /// The flow for one app state and one iOS version band.
    public struct Path: Sendable, Hashable {
        /// `foreground`, `background` or `closed`.
        public var state: String
        /// `before iOS 7`, `iOS 7 to 9` or `iOS 10 and later`.
        public var versions: String
        /// The branches, in the order the questions are asked.
        public var branches: [Branch]
    }

    /// The app states of the published call-order experiment.
    public static let states: [(name: String, state: ArrivalState)] = [
        ("foreground", .foreground), ("background", .background), ("closed", .forceQuit),
    ]

    /// The version bands, each with the version that stands for it.
    public static let bands: [(name: String, version: IOSVersion)] = [
        ("before iOS 7", IOSVersion(6, 1)), ("iOS 7 to 9", IOSVersion(9, 3, 2)), ("iOS 10 and later", IOSVersion(12, 3, 1)),
    ]

    /// The questions, in order, with the handler set that answers each one first.
    public static let questions: [(answer: String, implements: Set<SystemCallback>)] = [
        ("implements 4 and 5", [.willPresent, .didReceiveResponse, .didReceiveRemoteNotificationFetch, .didReceiveRemoteNotification]),
        ("else implements 3", [.didReceiveRemoteNotificationFetch, .didReceiveRemoteNotification]),
        ("else implements 2", [.didReceiveRemoteNotification]),
        ("else", []),
    ]

    /// Every path, computed by the model for the experiment's payload, the user tapping the
    /// banner wherever one is shown and `willPresent` answering `alert`.
    public static func paths() -> [Path] {
        states.flatMap { state in
            bands.map { band in
                Path(
                    state: state.name, versions: band.name,
                    branches: questions.map { question in
                        let scenario = DispatchScenario(
                            ios: band.version, state: state.state, implements: question.implements,
                            notification: .remote(ExperimentMatrix.payload), presentation: [.alert], user: .tap)
                        return Branch(answer: question.answer, outcome: outcome(DispatchModel.trace(for: scenario)))
                    })
            }
        }
    }

    /// What iOS 13 to 26 ask before the handlers do, for a typical modern app (methods 3, 4 and
    /// 5, the background mode, `willPresent` answering banner, list and sound) on iOS 17.0: each
    /// answer is a setting or a way of building the app, and the notification is the one the
    /// answer concerns (a silent push for Background App Refresh, an action button for the
    /// center delegate's timing).
    public static let settingsQuestions: [(answer: String, adjust: @Sendable (inout DispatchScenario) -> Void)] = [
        ("authorized, typical settings", { _ in }),
        ("provisional", { $0.settings.authorization = .provisional }),
        ("denied", { $0.settings.authorization = .denied }),
        ("a Focus or the summary (active level)", { $0.settings.focus = true }),
        (
            "time-sensitive through a Focus",
            { scenario in
                scenario.settings.focus = true
                scenario.notification.payload = ["aps": ["alert": "Your ride is here", "interruption-level": "time-sensitive"]]
            }
        ),
        (
            "Background App Refresh off (silent push, then the app is opened)",
            { scenario in
                scenario.settings.backgroundAppRefresh = false
                scenario.notification.payload = DimensionTables.silentPayload
                scenario.user = .openAppIcon
            }
        ),
        ("a scene app", { $0.lifecycle = .scenes }),
        (
            "delegate set after launch (foreground action)",
            { scenario in
                scenario.centerDelegate = .afterLaunch
                scenario.user = .action(id: "reply", foreground: true)
            }
        ),
    ]

    /// The app states of the settings flow: a terminated app is `notRunning` (one the user
    /// swiped away is launched for nothing but the user's action, whatever the settings).
    public static let settingsStates: [(name: String, state: ArrivalState)] = [
        ("foreground", .foreground), ("background", .background), ("not running", .notRunning),
    ]

    /// The settings questions for each app state on iOS 17.0, the user tapping the banner
    /// wherever one is shown unless the answer says otherwise.
    public static func settingsPaths() -> [Path] {
        settingsStates.map { state in
            Path(
                state: state.name, versions: "iOS 13 and later",
                branches: settingsQuestions.map { question in
                    var scenario = DispatchScenario(
                        ios: IOSVersion(17), state: state.state,
                        implements: DimensionTables.modernHandlers, notification: .remote(ExperimentMatrix.payload),
                        presentation: [.banner, .list, .sound], user: .tap)
                    question.adjust(&scenario)
                    return Branch(answer: question.answer, outcome: DimensionTables.cellText(DispatchModel.trace(for: scenario)))
                })
        }
    }

    /// `banner; arrival: 4; tap: 5`.
    static func outcome(_ trace: DispatchTrace) -> String {
        func labels(_ calls: [SystemCall]) -> String {
            calls.isEmpty ? "—" : calls.map(\.callback.seedLabel).joined(separator: " → ")
        }
        let tap = trace.display.isActionable ? labels(trace.actionCalls) : "n/a"
        return "\(trace.display); arrival: \(labels(trace.arrivalCalls)); tap: \(tap)"
    }
}
