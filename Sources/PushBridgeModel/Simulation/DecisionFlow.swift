import PushBridge

/// The decision flow of the dispatch model as a tree a person can read: for each app state and
/// iOS version band, which methods run on arrival and on a tap, depending on which methods the
/// app implements — the flowchart the seed article promises.
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

    /// The app states of the seed article.
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

    /// Every path, computed by the model for the seed article's payload, the user tapping the
    /// banner wherever one is shown and `willPresent` answering `alert`.
    public static func paths() -> [Path] {
        states.flatMap { state in
            bands.map { band in
                Path(state: state.name, versions: band.name, branches: questions.map { question in
                    let scenario = DispatchScenario(
                        ios: band.version, state: state.state, implements: question.implements,
                        notification: .remote(ExperimentMatrix.payload), presentation: [.alert], user: .tap)
                    return Branch(answer: question.answer, outcome: outcome(DispatchModel.trace(for: scenario)))
                })
            }
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
