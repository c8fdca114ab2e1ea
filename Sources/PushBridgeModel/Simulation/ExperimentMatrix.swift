import PushBridge

/// The eight tables of a published on-device call-order experiment (iOS 9.3.2 and 12.3.1),
/// computed by the dispatch model.
///
/// The article implemented a set of handlers, sent `{"aps":{"alert":"Testing.. (0)","badge":1,
/// "sound":"default"}}` to a phone in the foreground, in the background and closed (force-quit),
/// tapped the banner where there was one, and wrote down what was shown and which methods ran.
/// `tables(versions:)` asks the model the same questions, so its cells can be read beside the
/// article's.
///
/// ```swift
/// for table in ExperimentMatrix.tables() { print(table.title, table.rows.count) }
/// ```
public enum ExperimentMatrix {
    /// One handler set the article tested.
    public struct Experiment: Sendable, Hashable {
        /// The article's table number, 1–8.
        public var number: Int
        /// What the table tested, e.g. `only method 2`.
        public var title: String
        /// The handlers implemented (besides 1).
        public var implements: [SystemCallback]
        /// What `willPresent` answered.
        public var presentation: PresentationOptions
    }

    /// One table: an experiment evaluated on each chosen iOS version.
    public struct Table: Sendable, Equatable {
        /// The handler set.
        public var experiment: Experiment
        /// One row per iOS version.
        public var rows: [Row]
    }

    /// One iOS version's row: a cell per app state.
    public struct Row: Sendable, Equatable {
        /// The iOS version.
        public var ios: IOSVersion
        /// The cells for `columns`, in that order.
        public var cells: [Cell]
    }

    /// What happened in one app state: what was shown, what ran on arrival and on the tap.
    public struct Cell: Sendable, Equatable {
        /// The app state of the column.
        public var state: ArrivalState
        /// What the model computed.
        public var trace: DispatchTrace
    }

    /// The article's columns: foreground, background, closed.
    public static let columns: [ArrivalState] = [.foreground, .background, .forceQuit]

    /// The iOS versions of the article's two phones.
    public static let articleVersions = [IOSVersion(9, 3, 2), IOSVersion(12, 3, 1)]

    /// The article's payload.
    public static let payload: JSONObject = ["aps": ["alert": "Testing.. (0)", "badge": 1, "sound": "default"]]

    /// The article's eight handler sets, in its order.
    public static let experiments: [Experiment] = [
        Experiment(number: 1, title: "only method 2", implements: [.didReceiveRemoteNotification], presentation: []),
        Experiment(number: 2, title: "only method 3", implements: [.didReceiveRemoteNotificationFetch], presentation: []),
        Experiment(
            number: 3, title: "methods 2 and 3",
            implements: [.didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch], presentation: []),
        Experiment(
            number: 4, title: "methods 4 and 5, willPresent answers []",
            implements: [.willPresent, .didReceiveResponse], presentation: []),
        Experiment(
            number: 5, title: "methods 4 and 5, willPresent answers alert",
            implements: [.willPresent, .didReceiveResponse], presentation: [.alert]),
        Experiment(
            number: 6, title: "all methods (2, 3, 4, 5), willPresent answers []",
            implements: [.didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse],
            presentation: []),
        Experiment(
            number: 7, title: "methods 5 and 3",
            implements: [.didReceiveResponse, .didReceiveRemoteNotificationFetch], presentation: []),
        Experiment(
            number: 8, title: "methods 4 and 3, willPresent answers []",
            implements: [.willPresent, .didReceiveRemoteNotificationFetch], presentation: []),
    ]

    /// Every experiment evaluated on `versions`, the user tapping the banner wherever one is shown.
    public static func tables(versions: [IOSVersion] = articleVersions) -> [Table] {
        experiments.map { experiment in
            let rows = versions.map { version in
                Row(
                    ios: version,
                    cells: columns.map { state in
                        let scenario = DispatchScenario(
                            ios: version, state: state, implements: Set(experiment.implements),
                            notification: .remote(payload), presentation: experiment.presentation, user: .tap)
                        return Cell(state: state, trace: DispatchModel.trace(for: scenario))
                    })
            }
            return Table(experiment: experiment, rows: rows)
        }
    }
}
