import Foundation
import PushBridge
import PushBridgeModel
import PushBridgeValidation

/// A simulated iPhone running your app: deliver notifications in any app state, tap, dismiss,
/// press actions, open the app from its icon, kill and relaunch it, advance time — and observe
/// the `PushEvent`s the real app would get, on any machine.
///
/// The device asks the dispatch model what iOS would call, hands the calls to a provider's
/// simulation (`SystemSimulator` for plain APNs, or an adapter's simulator such as JPush's or
/// Getui's), and runs them into a real `PushClient` — one per app process, so a kill loses what
/// a real kill loses. Your app's push code runs as on iOS: give the device your `PushApp`
/// (`running:`) and each launch runs its launch routine, `PushApp.launch(_:categories:)` — what
/// `PushAppDelegate` runs — on the main actor: its `handle(_:)` gets the events, its
/// `presentation(for:)` decides what a foreground notification shows (``presented(_:)``), its consent and authorization options start push, and iOS and
/// the provider's SDK answer the registration as `registration:` says. Or hand the device bare
/// launch code (`onLaunch`, run with each new process's client).
///
/// Each callback is handed what iOS hands that path (`DeliveryHandover`): the launch options and
/// methods 2 and 3 the `userInfo` only; 4 and 5 a request identifier new for each delivery. Time
/// passes between your actions as it does between a person's (`secondsBetweenActions`, on the
/// clock the client reads); watchdogs and deadlines fire only when you `advance(by:)`.
///
/// ```swift
/// let device = SimulatedDevice(ios: IOSVersion(12), app: SimulatedApp(implements: [.didReceiveResponse, .willPresent]))
/// let note = try device.deliver(.remote(["aps": ["alert": "New comment"], "type": "comment", "id": "7"]))
/// try device.tap(note)                               // a cold start: the app is launched
/// let client = try #require(device.client)
/// let events = await client.events().first(1)       // [.opened(coldStart, default)]
/// ```
public final class SimulatedDevice: Sendable {
    /// The device's iOS version.
    public let ios: IOSVersion
    /// What the app implements.
    public let app: SimulatedApp
    /// What the user has set on the device (authorization, Background App Refresh, Low Power
    /// Mode, Focus, the scheduled summary, time-sensitive notifications).
    public let settings: DeviceSettings
    /// The reading taken where the sources disagree.
    public let disputed: DisputedBehaviours
    /// The provider whose SDK delivers the calls.
    public let provider: any ProviderSimulator
    /// The device's clock: advance it to make watchdogs and deadlines fire.
    public let scheduler: ManualScheduler
    /// How much time passes on the device's wall clock between two of your actions (a delivery,
    /// a tap, …), without firing watchdogs: 60 s by default.
    public let secondsBetweenActions: Double
    /// How the app's registration ends once its launch starts push (with a `PushApp`).
    public let registration: SimulatedRegistration
    private let options: PushClientOptions
    private let onLaunch: @Sendable (PushClient) -> Void
    /// The app's push code, launched with each process (`nil`: `onLaunch` alone).
    private let pushApp: (any PushApp)?
    private let state = Locked(DeviceState())
    /// What PushKit remembers of the app's VoIP compliance (see `SimulatedDevice+VoIP.swift`).
    let voip = Locked(VoIPRecord())

    /// A device with the app installed and not running.
    ///
    /// - Parameters:
    ///   - ios: The iOS version.
    ///   - app: What the app implements.
    ///   - settings: What the user has set on the device (the typical device by default).
    ///   - disputed: The reading taken where the sources disagree (the documented one by default).
    ///   - provider: The provider's simulation (plain APNs by default).
    ///   - options: The options of each process's client.
    ///   - secondsBetweenActions: How much time passes between two of your actions.
    ///   - onLaunch: The app's launch code, run with each new process's client before any callback.
    public convenience init(
        ios: IOSVersion, app: SimulatedApp, settings: DeviceSettings = .typical, disputed: DisputedBehaviours = .documented,
        provider: any ProviderSimulator = SystemSimulator(), options: PushClientOptions = PushClientOptions(),
        secondsBetweenActions: Double = 60, onLaunch: @escaping @Sendable (PushClient) -> Void = { _ in }
    ) {
        self.init(
            ios: ios, app: app, settings: settings, disputed: disputed, provider: provider, options: options,
            secondsBetweenActions: secondsBetweenActions, onLaunch: onLaunch, pushApp: nil, registration: .unanswered)
    }

    /// A device with the app whose push code is `pushApp` installed and not running.
    ///
    /// Each launch makes the process's client over the simulated provider's adapter (its mock
    /// SDK standing in for the one `pushApp.pushAdapters` links), hands it the launch, and runs
    /// `pushApp.launch(_:categories:)` on the main actor, as `PushAppDelegate` does on iOS: the
    /// app's handler, presentation answer, consent, authorization options and `didStart(_:)` run
    /// unchanged. Once it has started push, iOS and the SDK answer the registration with
    /// `registration` (a `registered` or `registrationFailed` event, and their callbacks in
    /// ``calls``). The app answers a foreground notification on the main actor, after `deliver`
    /// returns: ``presented(_:)`` waits for its answer and says what iOS showed.
    ///
    /// ```swift
    /// let app = await ChatPush()
    /// let device = SimulatedDevice(ios: IOSVersion(17), provider: JPushSimulator(), running: app)
    /// try device.tap(try device.deliver(.remote(["aps": ["alert": "Hi"], "type": "comment", "id": "7"])))
    /// await device.finish()                  // every event handled by the app
    /// ```
    ///
    /// - Parameters:
    ///   - ios: The iOS version.
    ///   - app: How the app is built (its callbacks, background modes, lifecycle, who owns the
    ///     notification center's delegate); its `presentation` is not read: `pushApp` answers.
    ///   - settings: What the user has set on the device.
    ///   - disputed: The reading taken where the sources disagree.
    ///   - provider: The provider's simulation (plain APNs by default).
    ///   - options: The options of each process's client.
    ///   - secondsBetweenActions: How much time passes between two of your actions.
    ///   - registration: How iOS and the provider's SDK answer the registration the app's start
    ///     asks for (registered by default).
    ///   - pushApp: The app's push code.
    public convenience init(
        ios: IOSVersion, app: SimulatedApp = SimulatedApp(), settings: DeviceSettings = .typical, disputed: DisputedBehaviours = .documented,
        provider: any ProviderSimulator = SystemSimulator(), options: PushClientOptions = PushClientOptions(),
        secondsBetweenActions: Double = 60, registration: SimulatedRegistration = .succeeds, running pushApp: any PushApp
    ) {
        self.init(
            ios: ios, app: app, settings: settings, disputed: disputed, provider: provider, options: options,
            secondsBetweenActions: secondsBetweenActions, onLaunch: { _ in }, pushApp: pushApp, registration: registration)
    }

    private init(
        ios: IOSVersion, app: SimulatedApp, settings: DeviceSettings, disputed: DisputedBehaviours, provider: any ProviderSimulator,
        options: PushClientOptions, secondsBetweenActions: Double, onLaunch: @escaping @Sendable (PushClient) -> Void, pushApp: (any PushApp)?,
        registration: SimulatedRegistration
    ) {
        self.ios = ios
        self.app = app
        self.settings = settings
        self.disputed = disputed
        self.provider = provider
        self.options = options
        self.onLaunch = onLaunch
        self.pushApp = pushApp
        self.registration = registration
        self.secondsBetweenActions = max(0, secondsBetweenActions)
        scheduler = ManualScheduler()
    }

    /// Where the app is now.
    public var appState: ArrivalState { state.withLock { $0.appState } }
    /// The running process's client; `nil` when the app is not running.
    public var client: PushClient? { state.withLock { $0.process?.client } }
    /// Every callback the app has seen, across launches, as its provider's SDK named them.
    public var calls: [TraceCall] { state.withLock { $0.calls } }
    /// How many times the app was launched.
    public var launchCount: Int { state.withLock { $0.launches } }
    /// For each method 4 and 5 iOS made, in order, how many times the completion handler it
    /// passed ran: exactly once each is the rule (advance time first for the watchdogs).
    public var systemCompletionCounts: [Int] { state.withLock { $0.systemCompletions } }

    // MARK: Notifications

    /// Sends a notification to the device: a remote or local notification, or a provider-channel
    /// message (held by the provider until the app is in the foreground; its APNs copy, if any,
    /// is delivered as a remote notification right after it, as `pushbridge simulate` has it).
    /// For the other order, deliver the copy with `.remote` first, then the message alone: the
    /// app gets one arrival either way.
    ///
    /// - Parameters:
    ///   - notification: The notification.
    ///   - pushType: The `apns-push-type` it is sent with (`nil`: an alert or background push,
    ///     as its payload says); a type that never reaches the notification delegates makes no call.
    /// - Returns: The notification as the device shows it: tap it, dismiss it, press its actions.
    @discardableResult
    public func deliver(_ notification: ScenarioNotification, pushType: PayloadValidator.PushType? = nil) throws(PushError) -> DeliveredNotification {
        if let transport = notification.source.channel {
            guard transport == provider.id, let channel = provider.definition.channel(notification.source) else {
                throw PushError(.invalidScenario, field: "notification.source", "\(notification.source) needs the \(transport) provider's simulation")
            }
            scheduler.elapse(secondsBetweenActions)
            let foreground = state.withLock { $0.appState == .foreground && $0.process != nil }
            let delivery = ChannelDelivery(phase: .arrival, transport: transport, offline: !foreground && channel.flagsHeldMessagesOffline)
            if foreground {
                try replay(delivery, notification.payload)
            } else {
                state.withLock { $0.heldMessages.append((delivery, notification.payload)) }
            }
            guard let copy = notification.apnsCopy else { return DeliveredNotification(number: 0, display: .none) }
            return try deliver(.remote(copy, id: notification.id))
        }
        let scenario = DispatchScenario(
            ios: ios, state: appState, implements: app.implements, centerDelegate: app.centerDelegate,
            backgroundModes: app.backgroundModes, notification: notification, customDismissAction: app.customDismissAction,
            presentation: app.presentation, lifecycle: app.lifecycle, pushType: pushType, settings: settings,
            serviceExtension: app.serviceExtension, disputed: disputed)
        let handover = try DeliveryHandover(
            payload: notification.payload, source: notification.source,
            requestIdentifier: notification.source == .local ? notification.id : nil)
        answerRegistration()
        scheduler.elapse(secondsBetweenActions)
        let arrival = DispatchModel.arrival(scenario)
        let answer = PresentationAnswer()
        replay(arrival.calls, handover, answer: answer)
        if arrival.app == .background || arrival.app == .backgroundWithoutScene, scenario.state.isTerminated {
            state.withLock { $0.appState = .background }
        }
        if arrival.held { state.withLock { $0.heldBackgroundPush = handover } }
        // What the app answered willPresent with decides what iOS shows (the model's rule). A
        // `PushApp` answers on the main actor, later: `presented(_:)` waits for it (blocking here
        // could starve the threads the answer needs).
        let asked = pushApp != nil && arrival.calls.contains { $0.callback == .willPresent }
        let presented = asked ? answer.value : nil
        let shown = presented.map { Self.presenting(scenario, with: $0) } ?? (scenario: scenario, display: arrival.display)
        return state.withLock { state in
            let number = state.nextNumber
            state.nextNumber += 1
            if shown.display.isActionable {
                state.displayed[number] = Displayed(scenario: shown.scenario, display: shown.display, handover: handover)
            }
            if asked, presented == nil { state.pendingAnswers[number] = (scenario, answer) }
            return DeliveredNotification(
                number: number, display: shown.display, requestIdentifier: handover.requestIdentifier,
                presentation: presented.map { _ in shown.scenario.presentation })
        }
    }

    /// `notification` as iOS shows it once the app's push code has answered its
    /// `willPresentNotification` on the main actor: its ``DeliveredNotification/presentation`` is
    /// the app's answer, its `display` what the device's iOS makes of it. The notification
    /// unchanged when iOS asked nothing (it did not arrive in the foreground), the device runs
    /// bare `onLaunch` code, or no answer came within 5 seconds.
    ///
    /// ```swift
    /// let note = await device.presented(try device.deliver(.remote(["aps": ["alert": "Hi"]])))
    /// note.presentation   // [.banner, .list, .sound]: the app's answer
    /// ```
    public func presented(_ notification: DeliveredNotification) async -> DeliveredNotification {
        guard let (scenario, answer) = state.withLock({ $0.pendingAnswers[notification.number] }) else { return notification }
        var waited = 0.0
        while answer.value == nil, waited < Self.answerWait {
            try? await Task.sleep(nanoseconds: 1_000_000)
            waited += 0.001
        }
        guard let options = answer.value else { return notification }
        let shown = Self.presenting(scenario, with: options)
        return state.withLock { state in
            state.pendingAnswers[notification.number] = nil
            if var displayed = state.displayed[notification.number] {
                displayed.scenario = shown.scenario
                displayed.display = shown.display
                state.displayed[notification.number] = shown.display.isActionable ? displayed : nil
            }
            return DeliveredNotification(
                number: notification.number, display: shown.display, requestIdentifier: notification.requestIdentifier,
                presentation: shown.scenario.presentation)
        }
    }

    /// How long ``presented(_:)`` waits for the app's answer to `willPresentNotification`, in
    /// seconds of real time (the client's own watchdog runs on the device's clock, which waits
    /// for you).
    static let answerWait = 5.0

    /// The scenario with the app's answer as iOS gets it — converted for the device's version, as
    /// PushBridge hands it over (`banner` and `list` are `alert` before iOS 14) — and what iOS
    /// shows for it.
    private static func presenting(_ scenario: DispatchScenario, with options: PresentationOptions) -> (
        scenario: DispatchScenario, display: NotificationDisplay
    ) {
        var answered = scenario
        answered.presentation = PresentationAdapter.systemOptions(options, on: scenario.ios)
        return (answered, DispatchModel.arrival(answered).display)
    }

    /// Taps a displayed notification. Returns whether a callback carried the tap to the app.
    @discardableResult
    public func tap(_ notification: DeliveredNotification) throws(PushError) -> Bool {
        try act(.tap, on: notification)
    }

    /// Explicitly dismisses a displayed notification.
    @discardableResult
    public func dismiss(_ notification: DeliveredNotification) throws(PushError) -> Bool {
        try act(.dismiss, on: notification)
    }

    /// Presses a custom action button on a displayed notification; `text` is what the user typed
    /// into a text-input action.
    @discardableResult
    public func press(action id: String, foreground: Bool, text: String? = nil, on notification: DeliveredNotification) throws(PushError) -> Bool {
        try act(text.map { .textInput(id: id, foreground: foreground, text: $0) } ?? .action(id: id, foreground: foreground), on: notification)
    }

    /// Clears the notification's whole group in Notification Center: iOS delivers no response
    /// (see `UserAction.clearGroup`); the notification is gone.
    public func clearGroup(of notification: DeliveredNotification) throws(PushError) {
        _ = try act(.clearGroup, on: notification)
    }

    /// Does what `user` says with `notification`: taps, dismisses, presses an action, clears its
    /// group, or (`openAppIcon`) ignores it and opens the app from its icon. Returns whether a
    /// callback carried the response to the app.
    @discardableResult
    public func perform(_ user: UserAction, on notification: DeliveredNotification) throws(PushError) -> Bool {
        switch user {
        case .none: return false
        case .openAppIcon:
            openFromIcon()
            return false
        case .tap, .dismiss, .action, .textInput, .clearGroup:
            return try act(user, on: notification)
        }
    }

    // MARK: The app's lifecycle

    /// Opens the app from its icon: launches it if it is not running, brings it to the foreground.
    public func openFromIcon() {
        answerRegistration()
        scheduler.elapse(secondsBetweenActions)
        switch appState {
        case .foreground:
            return
        case .background:
            comeToForeground()
        case .notRunning, .forceQuit:
            replay([SystemCall(phase: .action, callback: .didFinishLaunching, state: .inactive)], nil)
            comeToForeground()
        }
    }

    /// Sends the app to the background (the user goes home).
    public func sendToBackground() {
        state.withLock { if $0.appState == .foreground { $0.appState = .background } }
    }

    /// The system terminates the app: its process, client and held events are gone.
    public func terminate() {
        end(as: .notRunning)
    }

    /// Terminates the app (``terminate()``) and waits until its push code has handled every event
    /// its processes published: then read what the app did.
    public func finish() async {
        terminate()
        for loop in state.withLock({ $0.eventLoops }) { await loop.value }
    }

    /// The user swipes the app away: iOS will not launch it for remote notifications.
    public func forceQuit() {
        end(as: .forceQuit)
    }

    /// Moves the device's clock forward, firing due watchdogs and deadlines.
    public func advance(by seconds: Double) {
        answerRegistration()
        scheduler.advance(by: seconds)
    }

    // MARK: Internals

    private func act(_ user: UserAction, on notification: DeliveredNotification) throws(PushError) -> Bool {
        answerRegistration()
        guard let shown = state.withLock({ $0.displayed.removeValue(forKey: notification.number) }) else {
            throw PushError(.invalidScenario, field: "notification", "#\(notification.number) is not displayed (already acted on, or never shown)")
        }
        let before = appState
        // Whether the app's UI ever came up is the device's to know; what it means (a scene to
        // connect, for a scene app) is the model's.
        let neverShown = !state.withLock { $0.sceneConnected }
        let running: RunningApp =
            before == .foreground ? .foreground : before == .background ? (neverShown ? .backgroundWithoutScene : .background) : .terminated
        let response = DispatchModel.userAction(user, scenario: shown.scenario, display: shown.display, app: running)
        scheduler.elapse(secondsBetweenActions)
        // The response hands the app the held push itself: it is not delivered a second time.
        state.withLock { state in
            if state.heldBackgroundPush?.requestIdentifier == shown.handover.requestIdentifier { state.heldBackgroundPush = nil }
        }
        replay(response.calls, shown.handover)
        switch user {
        case .tap:
            comeToForeground()
        case .action(_, let foreground) where foreground, .textInput(_, let foreground, _) where foreground:
            comeToForeground()
        case .action, .textInput, .dismiss:
            if before.isTerminated, !response.calls.isEmpty { state.withLock { $0.appState = .background } }
        case .none, .openAppIcon, .clearGroup:
            break
        }
        return response.delivered ?? false
    }

    /// Replays iOS's calls into the current process, launching one when the first call is a
    /// launch; each call is handed what iOS hands its path.
    private func replay(_ calls: [SystemCall], _ handover: DeliveryHandover?, answer: PresentationAnswer? = nil) {
        for call in calls {
            if call.callback == .didFinishLaunching { startProcess(as: call.state == .background ? .background : .foreground) }
            guard let process = state.withLock({ $0.process }) else { continue }
            let notification = call.carriesNotification ? handover?.notification(for: call.callback) : nil
            if let notification, call.callback == .willPresent || call.callback == .didReceiveResponse {
                replayToCenter(call, notification, process, answer: answer)
                continue
            }
            let seen = process.session.replay(call, notification: notification, to: process.client)
            state.withLock { $0.calls += seen }
            // The launch has been handed over: the app's launch routine runs, as PushAppDelegate's.
            if call.callback == .didFinishLaunching { launchApp(process.client) }
        }
    }

    /// Runs the push app's launch routine on the process's client, on the main actor, and answers
    /// the registration it asked for.
    private func launchApp(_ client: PushClient) {
        guard let pushApp else { return }
        let loop = Self.onMainActor { pushApp.launch(client) }
        state.withLock { $0.eventLoops.append(loop) }
        answerRegistration()
    }

    /// Runs `body` on the main actor, as iOS runs the app's callbacks on the main thread: at once
    /// when called there, otherwise waiting for the main queue.
    static func onMainActor<Value: Sendable>(_ body: @MainActor () -> Value) -> Value {
        if isOnMainQueue { return MainActor.assumeIsolated(body) }
        return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
    }

    /// Whether the caller runs on the main queue (the main actor's executor): on the main thread,
    /// or — on Linux, where `dispatchMain()` parks the main thread — on the worker draining it.
    static var isOnMainQueue: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueue.key) == true }

    /// The key that marks the main queue, set once. `@unchecked Sendable`: the key is an identity
    /// Dispatch only compares (Sendable in swift-corelibs-libdispatch, not in Apple's overlay).
    private struct MainQueueMark: @unchecked Sendable {
        let key = DispatchSpecificKey<Bool>()
    }

    private static let mainQueue: MainQueueMark = {
        let mark = MainQueueMark()
        DispatchQueue.main.setSpecific(key: mark.key, value: true)
        return mark
    }()

    /// iOS and the provider's SDK answer the registration the app's start asked for, once per
    /// process (a start the app makes later, once the user consents, is answered at your next
    /// action).
    private func answerRegistration() {
        guard pushApp != nil, let process = state.withLock({ $0.process }), !process.registrationAnswered, process.client.startedPush else { return }
        let first = state.withLock { state -> Bool in
            guard state.process?.client === process.client, state.process?.registrationAnswered == false else { return false }
            state.process?.registrationAnswered = true
            return true
        }
        guard first else { return }
        let seen = process.session.completeRegistration(registration, client: process.client)
        state.withLock { $0.calls += seen }
    }

    /// Methods 4 and 5 go to whoever holds the center's delegate, with a completion handler
    /// whose calls are counted (and, for 4, whose options `answer` keeps).
    private func replayToCenter(_ call: SystemCall, _ notification: PushNotification, _ process: Process, answer: PresentationAnswer?) {
        let index = state.withLock { state -> Int in
            state.systemCompletions.append(0)
            return state.systemCompletions.count - 1
        }
        let counted: @Sendable () -> Void = { [state] in state.withLock { $0.systemCompletions[index] += 1 } }
        let delivered: Bool
        if call.callback == .willPresent {
            delivered = process.center.willPresent(notification) { options in
                answer?.set(options)
                counted()
            }
        } else {
            delivered = process.center.didReceive(notification, action: call.action ?? .default, textInput: call.textInput, state: call.state) {
                counted()
            }
        }
        guard delivered else { return }
        if !process.center.sdkHoldsDelegate { state.withLock { $0.calls.append(TraceCall(call)) } }
    }

    private func replay(_ delivery: ChannelDelivery, _ message: JSONObject) throws(PushError) {
        guard let session = state.withLock({ $0.process?.session }) else { return }
        let seen = try session.replay(delivery, message: message)
        state.withLock { $0.calls += seen }
    }

    /// Starts a process (the app launched into `appState`), as iOS does for a call or a push.
    func startProcess(as appState: ArrivalState) {
        let template = DispatchScenario(
            ios: ios, state: appState, implements: app.implements, centerDelegate: app.centerDelegate,
            backgroundModes: app.backgroundModes, notification: .remote(["aps": [:]]), customDismissAction: app.customDismissAction,
            presentation: app.presentation, lifecycle: app.lifecycle, settings: settings, serviceExtension: app.serviceExtension,
            disputed: disputed)
        let session: any ProviderSimulationSession
        do {
            session = try provider.makeSession(scenario: template)
        } catch {
            // The simulators in this package never fail here; plain iOS keeps the device usable.
            guard let system = try? SystemSimulator().makeSession(scenario: template) else { return }
            session = system
        }
        let client = unlistedProviderClient() ?? PushClient(provider: session.provider, options: options, scheduler: scheduler)
        if app.centerDelegate == .beforeLaunchEnds { client.notificationCenterDelegateSet() }
        onLaunch(client)
        let center = SimulatedNotificationCenter(relay: NotificationCenterRelay(client: client), sdk: sdkDelegate(session, client))
        center.arrange(app.notificationCenter, order: app.installOrder)
        state.withLock { state in
            state.process = Process(client: client, session: session, center: center)
            state.appState = appState
            state.launches += 1
            state.sceneConnected = appState == .foreground
        }
    }

    /// For a push app that does not list the simulated provider's adapter, the client its
    /// configuration file makes on a device: push off, and a `registrationFailed` event naming the
    /// provider and what to add (`PushClient(configurationJSON:adapters:)`'s own check); `nil` when
    /// it lists it, or runs bare `onLaunch` code.
    private func unlistedProviderClient() -> PushClient? {
        guard let pushApp else { return nil }
        let adapters = Self.onMainActor { pushApp.pushAdapters }
        guard !adapters.contains(where: { $0.id == provider.id }) else { return nil }
        return PushClient(configurationJSON: Array(#"{"provider": "\#(provider.id.rawValue)"}"#.utf8), adapters: adapters, options: options)
    }

    /// The provider's SDK's own delegate, as the center calls it: the session's SDK path, its
    /// calls recorded as the app saw them.
    private func sdkDelegate(_ session: any ProviderSimulationSession, _ client: PushClient) -> SimulatedNotificationCenter.SDKDelegate? {
        guard session.provider.centerDelegateOwner.isSDK else { return nil }
        return SimulatedNotificationCenter.SDKDelegate(
            willPresent: { [state] note, completion in
                let call = SystemCall(phase: .arrival, callback: .willPresent, state: .active)
                let seen = session.replayToSDK(call, notification: note, to: client, completion: .presentation(completion))
                state.withLock { $0.calls += seen }
            },
            didReceiveWithText: { [state] note, action, textInput, appState, completion in
                let call = SystemCall(phase: .action, callback: .didReceiveResponse, state: appState, action: action, textInput: textInput)
                let seen = session.replayToSDK(call, notification: note, to: client, completion: .response(completion))
                state.withLock { $0.calls += seen }
            })
    }

    private func comeToForeground() {
        let (client, held) = state.withLock { state -> (PushClient?, [(ChannelDelivery, JSONObject)]) in
            state.appState = .foreground
            state.sceneConnected = true
            defer { state.heldMessages.removeAll() }
            return (state.process?.client, state.heldMessages)
        }
        // A delegate set after launch is set by the time the app is on screen.
        if app.centerDelegate == .afterLaunch { client?.notificationCenterDelegateSet() }
        client?.applicationDidBecomeActive()
        // A background push iOS held is handed over now that the user brought the app up ("If
        // the user launches the app, the system immediately delivers the held notification",
        // Apple, "Pushing background updates to your App"), by the model's call.
        if let heldPush = state.withLock({ state -> DeliveryHandover? in
            defer { state.heldBackgroundPush = nil }
            return state.heldBackgroundPush
        }) {
            replay([DispatchModel.heldPushDelivery], heldPush)
        }
        for (delivery, message) in held {
            var online = delivery
            online.phase = .action
            try? replay(online, message)
        }
    }

    /// Ends the process: iOS terminated it (`notRunning`) or the user swiped it away.
    func end(as appState: ArrivalState) {
        let process = state.withLock { state -> Process? in
            defer {
                state.process = nil
                state.appState = appState
                // "If something force quits or kills the app, the system discards the held
                // notification" (Apple, "Pushing background updates to your App").
                state.heldBackgroundPush = nil
            }
            return state.process
        }
        // The process is gone: its client's streams end, even if the app's code kept the client.
        if pushApp != nil { process?.client.endProcess() }
        withExtendedLifetime(process) {}
    }
}

/// The options the app answered one `willPresentNotification` with: the first answer is kept.
final class PresentationAnswer: Sendable {
    private let options = Locked<PresentationOptions?>(nil)

    /// Keeps the first answer.
    func set(_ value: PresentationOptions) {
        options.withLock { options in
            if options == nil { options = value }
        }
    }

    /// The answer, if it came.
    var value: PresentationOptions? { options.withLock { $0 } }
}
