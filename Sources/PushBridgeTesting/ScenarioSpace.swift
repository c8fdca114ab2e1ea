import PushBridge
import PushBridgeModel

/// Enumerates dispatch-model scenarios: every combination of the chosen versions, app states,
/// implemented callbacks, payload kinds, user actions and presentation options — and, for iOS 13
/// to 26, device settings, life cycles, service-extension outcomes and readings of disputed
/// behaviours (``modern``).
///
/// PushBridge's own tests run the whole space through the model and the normaliser to prove the
/// event guarantees; app teams can do the same for their handler.
///
/// ```swift
/// for scenario in ScenarioSpace() {
///     let result = try ScenarioSimulator.run(scenario)
///     // assert something about result.events
/// }
/// ```
public struct ScenarioSpace: Sequence, Sendable {
    /// The kinds of notification the space covers.
    public enum PayloadKind: String, Sendable, CaseIterable {
        /// A visible alert.
        case alert
        /// A visible alert with `content-available`.
        case alertContentAvailable
        /// A silent push: `content-available` only.
        case silent
        /// A local notification.
        case local
        /// A visible alert with `interruption-level: passive` (iOS 15+).
        case passiveAlert
        /// A visible alert with `interruption-level: time-sensitive` (iOS 15+).
        case timeSensitiveAlert
        /// A visible alert with `mutable-content` (a service extension may run).
        case mutableAlert

        /// The kinds the published experiments cover: the default space's.
        public static let classic: [PayloadKind] = [.alert, .alertContentAvailable, .silent, .local]

        /// The notification of this kind, identified by `id`.
        public func notification(id: String) -> ScenarioNotification {
            switch self {
            case .alert: .remote(["aps": ["alert": "Hello", "sound": "default"]], id: id)
            case .alertContentAvailable: .remote(["aps": ["alert": "Hello", "content-available": 1]], id: id)
            case .silent: .remote(["aps": ["content-available": 1]], id: id)
            case .local: .local(["aps": ["alert": "Reminder"]], id: id)
            case .passiveAlert: .remote(["aps": ["alert": "Weekly digest", "interruption-level": "passive"]], id: id)
            case .timeSensitiveAlert: .remote(["aps": ["alert": "Your ride is here", "interruption-level": "time-sensitive"]], id: id)
            case .mutableAlert: .remote(["aps": ["alert": "Photo", "mutable-content": 1]], id: id)
            }
        }
    }

    /// The iOS versions: each threshold of the model, and just below it.
    public var versions: [IOSVersion]
    /// The app states at arrival.
    public var states: [ArrivalState]
    /// The callbacks whose every subset is tried (1 is always implemented).
    public var callbacks: [SystemCallback]
    /// The payload kinds.
    public var payloads: [PayloadKind]
    /// The user's actions.
    public var actions: [UserAction]
    /// What willPresent answers.
    public var presentations: [PresentationOptions]
    /// When the notification-center delegate is set.
    public var centerDelegates: [CenterDelegateTiming]
    /// Whether the category has a custom dismiss action.
    public var customDismissActions: [Bool]
    /// What the user has set on the device.
    public var settings: [DeviceSettings]
    /// How the app is built.
    public var lifecycles: [AppLifecycle]
    /// What the app's service extension does.
    public var serviceExtensions: [ServiceExtensionOutcome]
    /// The readings of the disputed behaviours.
    public var disputed: [DisputedBehaviours]

    /// The default space: versions 3.0, 6.1, 7.0, 8.0, 9.3.2, 10.0, 12.3.1, 13.7, 14.0 and 17.0;
    /// all four states; every subset of 2, 3, 4, 5, L, A and AL; the classic payload kinds;
    /// six user actions; four presentations; the default delegate timing; dismiss with the custom
    /// action; the typical device, app delegate, no service extension, the documented readings.
    public init(
        versions: [IOSVersion] = [
            IOSVersion(3), IOSVersion(6, 1), IOSVersion(7), IOSVersion(8), IOSVersion(9, 3, 2), IOSVersion(10),
            IOSVersion(12, 3, 1), IOSVersion(13, 7), IOSVersion(14), IOSVersion(17),
        ],
        states: [ArrivalState] = ArrivalState.allCases,
        callbacks: [SystemCallback] = SystemCallback.allCases.filter { $0 != .didFinishLaunching && $0 != .sceneWillConnect },
        payloads: [PayloadKind] = PayloadKind.classic,
        actions: [UserAction] = [
            .none, .tap, .dismiss, .openAppIcon, .action(id: "reply", foreground: true), .action(id: "archive", foreground: false),
        ],
        presentations: [PresentationOptions] = [[], [.alert], [.banner, .sound], [.list]],
        centerDelegates: [CenterDelegateTiming] = [.beforeLaunchEnds],
        customDismissActions: [Bool] = [true],
        settings: [DeviceSettings] = [.typical],
        lifecycles: [AppLifecycle] = [.appDelegate],
        serviceExtensions: [ServiceExtensionOutcome] = [.none],
        disputed: [DisputedBehaviours] = [.documented]
    ) {
        self.versions = versions
        self.states = states
        self.callbacks = callbacks
        self.payloads = payloads
        self.actions = actions
        self.presentations = presentations
        self.centerDelegates = centerDelegates
        self.customDismissActions = customDismissActions
        self.settings = settings
        self.lifecycles = lifecycles
        self.serviceExtensions = serviceExtensions
        self.disputed = disputed
    }

    /// The space of iOS 13 to 26: versions 13.7, 15.0, 17.0 and 26.0; all four states; every
    /// subset of 3, 4 and 5; every payload kind; eight user actions (text input and clearing a
    /// group among them); willPresent answering banner, list and sound; every delegate timing; six device settings
    /// (typical, provisional, denied, Background App Refresh off, Low Power Mode, a Focus); both
    /// life cycles; no extension or a filtering one; the documented readings and every
    /// disputed knob flipped.
    public static var modern: ScenarioSpace {
        ScenarioSpace(
            versions: [IOSVersion(13, 7), IOSVersion(15), IOSVersion(17), IOSVersion(26)],
            callbacks: [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse],
            payloads: PayloadKind.allCases,
            actions: [
                .none, .tap, .dismiss, .openAppIcon, .action(id: "reply", foreground: true), .action(id: "archive", foreground: false),
                .textInput(id: "reply", foreground: false, text: "On my way"), .clearGroup,
            ],
            presentations: [[.banner, .list, .sound]],
            centerDelegates: CenterDelegateTiming.allCases,
            settings: [
                .typical, DeviceSettings(authorization: .provisional), DeviceSettings(authorization: .denied),
                DeviceSettings(backgroundAppRefresh: false), DeviceSettings(lowPowerMode: true), DeviceSettings(focus: true),
            ],
            lifecycles: AppLifecycle.allCases,
            serviceExtensions: [.none, .filters],
            disputed: [
                .documented,
                DisputedBehaviours(silentPushWakesForceQuitApp: true, foregroundDisplayWithoutDelegate: .asSent, method2InBackground: true),
            ])
    }

    /// How many scenarios the space holds.
    public var count: Int {
        versions.count * states.count * (1 << callbacks.count) * payloads.count * actions.count * presentations.count
            * centerDelegates.count * customDismissActions.count * settings.count * lifecycles.count * serviceExtensions.count
            * disputed.count
    }

    /// Iterates the space without materialising it.
    ///
    /// The scenarios it yields share what they have in common (each subset of callbacks, each
    /// payload, the background modes): built once per iteration rather than once per scenario, so
    /// iterating allocates little and the scenarios it yields, kept together, take little memory.
    public struct Iterator: IteratorProtocol {
        private let space: ScenarioSpace
        private var index = 0
        private let subsets: [Set<SystemCallback>]
        private let notifications: [ScenarioNotification]
        private let backgroundModes: Set<String> = [DispatchScenario.remoteNotificationMode]

        fileprivate init(_ space: ScenarioSpace) {
            self.space = space
            subsets = (0..<(1 << space.callbacks.count)).map(space.callbacks(inSubset:))
            notifications = space.payloads.map { $0.notification(id: "") }
        }

        /// The next scenario, or `nil` after the last.
        public mutating func next() -> DispatchScenario? {
            guard index < space.count else { return nil }
            defer { index += 1 }
            let position = space.position(of: index)
            var notification = notifications[position.payload]
            notification.id = ScenarioSpace.identifier(of: index)
            return space.scenario(at: position, implementing: subsets[position.subset], notification: notification, backgroundModes: backgroundModes)
        }
    }

    /// An iterator over every scenario.
    public func makeIterator() -> Iterator { Iterator(self) }

    /// The scenario at `index` (0 ..< `count`), decoded in mixed radix.
    public func scenario(at index: Int) -> DispatchScenario {
        let position = position(of: index)
        return scenario(
            at: position, implementing: callbacks(inSubset: position.subset),
            notification: payloads[position.payload].notification(id: Self.identifier(of: index)),
            backgroundModes: [DispatchScenario.remoteNotificationMode])
    }

    /// Where a scenario's index points along each dimension of the space.
    private struct Position {
        var subset: Int
        var payload: Int
        var version: Int
        var state: Int
        var centerDelegate: Int
        var customDismissAction: Int
        var presentation: Int
        var action: Int
        var settings: Int
        var lifecycle: Int
        var serviceExtension: Int
        var disputed: Int
    }

    /// The index decoded in mixed radix: the subset of callbacks varies fastest.
    private func position(of index: Int) -> Position {
        var rest = index
        func pick(_ count: Int) -> Int {
            defer { rest /= count }
            return rest % count
        }
        return Position(
            subset: pick(1 << callbacks.count), payload: pick(payloads.count), version: pick(versions.count), state: pick(states.count),
            centerDelegate: pick(centerDelegates.count), customDismissAction: pick(customDismissActions.count),
            presentation: pick(presentations.count), action: pick(actions.count), settings: pick(settings.count),
            lifecycle: pick(lifecycles.count), serviceExtension: pick(serviceExtensions.count), disputed: pick(disputed.count))
    }

    /// The callbacks whose bits are set in `subset`.
    private func callbacks(inSubset subset: Int) -> Set<SystemCallback> {
        Set(callbacks.enumerated().filter { subset & (1 << $0.offset) != 0 }.map(\.element))
    }

    /// The identifier the scenario at `index` gives its notification.
    private static func identifier(of index: Int) -> String { "s-\(index)" }

    private func scenario(
        at position: Position, implementing implemented: Set<SystemCallback>, notification: ScenarioNotification, backgroundModes: Set<String>
    ) -> DispatchScenario {
        DispatchScenario(
            ios: versions[position.version], state: states[position.state], implements: implemented,
            centerDelegate: centerDelegates[position.centerDelegate], backgroundModes: backgroundModes, notification: notification,
            customDismissAction: customDismissActions[position.customDismissAction], presentation: presentations[position.presentation],
            user: actions[position.action], lifecycle: lifecycles[position.lifecycle], settings: settings[position.settings],
            serviceExtension: serviceExtensions[position.serviceExtension], disputed: disputed[position.disputed])
    }
}
