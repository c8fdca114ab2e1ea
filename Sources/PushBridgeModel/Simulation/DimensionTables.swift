import PushBridge

/// Tables of the dispatch model along the dimensions iOS 13 to 26 added, computed for a typical
/// modern app: one table per dimension (authorization, lifecycle, Background App Refresh and Low
/// Power Mode, interruption level, the center delegate's timing), each row one value of the
/// dimension, each column one situation, each cell what the model computes.
///
/// The app of every table implements 3, 4 and 5, answers `willPresent` with banner, list and
/// sound, and has the `remote-notification` background mode; the device runs iOS 17.0 unless a
/// table says otherwise.
///
/// ```swift
/// for table in DimensionTables.tables() { print(table.title, table.rows.count) }
/// ```
public enum DimensionTables {
    /// A dimension `pushbridge matrix --by` can show.
    public enum Dimension: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// ``NotificationAuthorization``: authorized, provisional, denied.
        case authorization
        /// ``AppLifecycle``: the app delegate alone or scenes.
        case lifecycle
        /// Background App Refresh and Low Power Mode.
        case backgroundRefresh
        /// `aps.interruption-level` with a Focus and the scheduled summary.
        case interruptionLevel
        /// When the app sets the notification-center delegate.
        case centerDelegate

        /// The option's value.
        public var description: String { rawValue }
    }

    /// One situation of a table: a column.
    public struct Column: Sendable, Hashable {
        /// Its heading.
        public var title: String
        /// The scenario it stands for, before the row's value is applied.
        public var scenario: DispatchScenario
    }

    /// One value of the dimension: a row, with a cell per column.
    public struct Row: Sendable, Equatable {
        /// The value, as a scenario writes it.
        public var label: String
        /// What the model computed for each column.
        public var cells: [DispatchTrace]
    }

    /// A dimension's table.
    public struct Table: Sendable, Equatable {
        /// Which dimension.
        public var dimension: Dimension
        /// Its heading.
        public var title: String
        /// What the rows vary and what every column shares.
        public var note: String
        /// The situations.
        public var columns: [Column]
        /// One row per value.
        public var rows: [Row]
    }

    /// The typical modern app's handlers.
    public static let modernHandlers: Set<SystemCallback> = [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse]
    /// A visible push.
    public static let alertPayload: JSONObject = ["aps": ["alert": ["title": "New message", "body": "Hello"], "sound": "default"]]
    /// A background (silent) push.
    public static let silentPayload: JSONObject = ["aps": ["content-available": 1]]

    /// Every dimension's table, in the order of ``Dimension``.
    public static func tables() -> [Table] { Dimension.allCases.map(table) }

    /// One dimension's table.
    public static func table(_ dimension: Dimension) -> Table {
        switch dimension {
        case .authorization:
            let columns = [
                column("foreground", .foreground, alertPayload, user: .tap),
                column("background, tapped", .background, alertPayload, user: .tap),
                column("closed, tapped", .notRunning, alertPayload, user: .tap),
                column("silent push, background", .background, silentPayload),
            ]
            return Table(
                dimension: dimension, title: "By authorization",
                note:
                    "iOS 17.0; a visible push unless the column says silent. Provisional: delivered quietly to the list; denied: nothing shown, background pushes still delivered.",
                columns: columns,
                // An App Clip's ephemeral authorization alerts as `authorized`: no row of its own.
                rows: NotificationAuthorization.allCases.filter { $0 != .ephemeral }.map { value in
                    row(value.rawValue, columns) { $0.settings.authorization = value }
                })
        case .lifecycle:
            let columns = [
                column("closed, tapped", .notRunning, alertPayload, user: .tap),
                column("closed, foreground action", .notRunning, alertPayload, user: .action(id: "reply", foreground: true)),
                column("closed, background action", .notRunning, alertPayload, user: .action(id: "like", foreground: false)),
                column("silent push, not running", .notRunning, silentPayload),
            ]
            return Table(
                dimension: dimension, title: "By lifecycle",
                note:
                    "iOS 17.0. A scene app's launch options carry no notification; its scene connects with the response when the user's action brings it on screen.",
                columns: columns,
                rows: AppLifecycle.allCases.map { value in row(value.rawValue, columns) { $0.lifecycle = value } })
        case .backgroundRefresh:
            let columns = [
                column("silent push, background, then opened", .background, silentPayload, user: .openAppIcon),
                column("silent push, not running, then opened", .notRunning, silentPayload, user: .openAppIcon),
                column("silent push, foreground", .foreground, silentPayload),
            ]
            let settings: [(String, DeviceSettings)] = [
                ("on", DeviceSettings()), ("off", DeviceSettings(backgroundAppRefresh: false)),
                ("Low Power Mode", DeviceSettings(lowPowerMode: true)),
            ]
            return Table(
                dimension: dimension, title: "By Background App Refresh and Low Power Mode",
                note:
                    "iOS 17.0. Off (or Low Power Mode): no background wake; iOS holds the newest push and hands it to 3 when the user opens the app.",
                columns: columns,
                rows: settings.map { label, value in row(label, columns) { $0.settings = value } })
        case .interruptionLevel:
            let levels = ["active", "passive", "time-sensitive", "critical"]
            let columns = [
                column("background, no Focus", .background, alertPayload),
                column("background, Focus", .background, alertPayload) { $0.settings.focus = true },
                column("background, scheduled summary", .background, alertPayload) { $0.settings.scheduledSummary = true },
                column("foreground, Focus", .foreground, alertPayload) { $0.settings.focus = true },
            ]
            return Table(
                dimension: dimension, title: "By interruption level",
                note:
                    "iOS 17.0, aps.interruption-level as the row says. A Focus and the summary hold back active and passive notifications (to the list); time-sensitive (when allowed) and critical break through.",
                columns: columns,
                rows: levels.map { level in
                    row(level, columns) { scenario in
                        var payload = scenario.notification.payload
                        if case .object(var aps) = payload["aps"] {
                            aps["interruption-level"] = .string(level)
                            payload["aps"] = .object(aps)
                        }
                        scenario.notification.payload = payload
                    }
                })
        case .centerDelegate:
            let columns = [
                column("foreground", .foreground, alertPayload),
                column("closed, tapped", .notRunning, alertPayload, user: .tap),
                column("closed, foreground action", .notRunning, alertPayload, user: .action(id: "reply", foreground: true)),
                column("background, tapped", .background, alertPayload, user: .tap),
            ]
            return Table(
                dimension: dimension, title: "By when the center delegate is set",
                note:
                    "iOS 17.0, app delegate life cycle. A delegate set after launch misses the response that launched the app; with none, responses reach no delegate.",
                columns: columns,
                rows: CenterDelegateTiming.allCases.map { value in row(value.rawValue, columns) { $0.centerDelegate = value } })
        }
    }

    private static func column(
        _ title: String, _ state: ArrivalState, _ payload: JSONObject, user: UserAction = .none, adjust: (inout DispatchScenario) -> Void = { _ in }
    ) -> Column {
        var scenario = DispatchScenario(
            ios: IOSVersion(17), state: state, implements: modernHandlers, notification: .remote(payload),
            presentation: [.banner, .list, .sound], user: user)
        adjust(&scenario)
        return Column(title: title, scenario: scenario)
    }

    private static func row(_ label: String, _ columns: [Column], apply: (inout DispatchScenario) -> Void) -> Row {
        Row(
            label: label,
            cells: columns.map { column in
                var scenario = column.scenario
                apply(&scenario)
                return DispatchModel.trace(for: scenario)
            })
    }

    /// One cell as the tables write it: `banner; arrival: 3 → 4; action: 5` (plus why a
    /// response was lost, and the launch options key of a launch).
    public static func cellText(_ trace: DispatchTrace) -> String {
        func labels(_ calls: [SystemCall]) -> String {
            guard !calls.isEmpty else { return "—" }
            return calls.map { call in
                var label = call.callback.seedLabel
                if call.callback == .didFinishLaunching { label += " (\(call.launchOptionsKey?.rawValue ?? "no key"))" }
                return label
            }.joined(separator: " → ")
        }
        var text = "\(trace.display); arrival: \(labels(trace.arrivalCalls))"
        if trace.actionDelivered != nil || !trace.actionCalls.isEmpty { text += "; action: \(labels(trace.actionCalls))" }
        if let lost = trace.lostResponse { text += "; response lost (\(lost))" }
        return text
    }
}
