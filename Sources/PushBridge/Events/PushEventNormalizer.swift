/// Turns the callbacks iOS makes, in the order it makes them, into ``PushEvent``s: exactly one
/// per delivery and per user action, nothing lost, right kind and origin.
///
/// The rules (events guarantee 3):
///
/// | call | state | event |
/// |---|---|---|
/// | 2, 3 or L | `active` | `received` (`foreground`); `opened` (`foreground`) after 4 presented it: the tap on a foreground banner of an app without 5 |
/// | 3 | `background` | `received` (`background`) |
/// | 2, 3 or L | `inactive` | `opened` (`background`, or `coldStart` after a launch for it) |
/// | 4 | any | `received` (`foreground`) |
/// | 5, A or AL | any | `opened` with its action, or `dismissed` for the dismiss action |
/// | 1 with a notification key | `inactive` | `opened` (`coldStart`), merged with the 3, L, 5 or A that follows: the later call's action wins |
/// | 1 with a notification key | `background` | merged with the 3 (`received`, `background`) or 5 that follows |
///
/// Which calls are one delivery (<doc:OneDeliveryOneEvent> has the rule, its bounds, and the
/// cases it cannot tell apart): iOS hands the launch options and methods 2 and 3 the `userInfo`
/// only, and methods 4 and 5 a request identifier made anew for each delivery. A provider message
/// ID names a delivery wherever it is seen; a request identifier names one delivery; calls that
/// carry `userInfo` only are tied together — and to a 4 or 5 — by the payload's fingerprint, under
/// these bounds: a repeat of the same path counts as the same delivery only right after it and
/// within ``defaultCorrelationInterval``; a 4 joins the 3 that announced it within that interval;
/// a delivery has one arrival and one response, so a second of either is a new delivery.
///
/// A launch's event waits for the call that may follow it, so one cold start is one event; it is
/// emitted by that call, by the next unrelated call, or by ``flush(emit:)`` (the app calls it
/// when launch ends: `applicationDidBecomeActive`; the simulator after the last call). When only
/// 1 is called (an app implementing only 2), the launch options alone still yield `opened`; when
/// the 5 or 3 comes after that flush, it is the same tap and yields nothing more.
///
/// A delivery yields at most one arrival event (`received`) and one response event (`opened` or
/// `dismissed`), so 3 then 4 for one foreground push is one `received`, while a `received`
/// followed by a tap still yields both events. A provider's own-channel message
/// (``consume(message:emit:)``) whose APNs copy the app was already told of yields nothing.
/// Within ``defaultDedupeWindow`` events.
///
/// A value type with no locks: the client facade runs it under its own lock.
///
/// ```swift
/// var normalizer = PushEventNormalizer()
/// var events: [PushEvent] = []
/// for (time, call) in timedCalls {
///     normalizer.consume(call, at: time) { events.append($0) }
/// }
/// normalizer.flush { events.append($0) }
/// ```
public struct PushEventNormalizer: Sendable {
    /// How many recent events deduplication remembers by default: 1,024.
    public static let defaultDedupeWindow = 1_024
    /// How close in time, by default, two calls must be for the normaliser to take them as one
    /// delivery when only their payload ties them: 1 second *(inference: a hooked or forwarded
    /// call is synchronous, and no source gives the delay between a 3 and its 4; see
    /// <doc:OneDeliveryOneEvent>)*.
    public static let defaultCorrelationInterval = 1.0
    /// How long after a cold start's event was emitted from the launch options alone its own
    /// 5 or 3 may still come and be recognised as the same tap: 10 seconds *(inference: the
    /// response reaches the delegate while the app finishes launching)*.
    static let launchResponseWindow = 10.0

    /// A notification's identity with its hash computed once, so the window hashes each
    /// identity string a single time per event.
    private struct IdentityKey: Hashable, Sendable {
        let id: String
        let hash: Int

        init(_ id: String, hash: Int) {
            self.id = id
            self.hash = hash
        }

        init(_ id: String) {
            self.id = id
            hash = id.hashValue
        }

        /// A notification's identity, with the hash it computed when it was read.
        init(_ notification: borrowing PushNotification) {
            id = notification.id
            hash = notification.idHash
        }

        static func == (lhs: IdentityKey, rhs: IdentityKey) -> Bool { lhs.hash == rhs.hash && lhs.id == rhs.id }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// What an event tells of its delivery: a delivery has one arrival, one response (the
    /// user's tap, action or dismissal) and, on a provider's channel, one message.
    private enum Share: Int, Sendable {
        case arrival = 1
        case response = 2
        case message = 3
    }

    private struct EventKey: Hashable, Sendable {
        var identity: IdentityKey
        var share: Share

        /// The identity's hash with the share mixed in: no second pass over the ID.
        var windowHash: Int { identity.hash ^ (share.rawValue &* Self.mixer) }

        /// An odd 64-bit constant (the golden ratio's fraction) spreading the tag over every bit.
        private static let mixer = Int(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)
    }

    /// A launch that carried a notification (named as its delivery), waiting for the call that
    /// completes it: the launch options' notification, or a scene app's connection response
    /// (with the user's action).
    private struct PendingLaunch: Sendable {
        var notification: PushNotification
        var state: ApplicationState
        var action: ResponseAction = .default
        var textInput: String?
        /// Whether the process was already running, launched into the background earlier: a
        /// scene app's first scene connecting, whose response is a running app's, not a cold start.
        var wasRunning = false
    }

    /// A cold start already emitted from the launch options alone (its notification named as
    /// its delivery): its 5 or 3 may still come.
    private struct FlushedLaunch: Sendable {
        var notification: PushNotification
        var time: Double
    }

    /// A 2 or 3 `active` whose meaning the next call decides: the tap on a banner 4 presented, or
    /// the arrival of an identical new notification (then 4 follows at once).
    private struct DeferredCall: Sendable {
        var callback: SystemCallback
        var notification: PushNotification
        var presentedID: String
        var time: Double
    }

    /// The events emitted lately, by (identity, share). It also answers whether the app was told
    /// of a notification: a provider's own-channel copy of one is not delivered again.
    private var recent: DedupeWindow<EventKey>
    /// Deliveries known by their payload's fingerprint (the latest one per fingerprint).
    private var byFingerprint: RecentTable<UInt64, DeliveryRecord>
    /// Request identifiers tied to a delivery first seen on a `userInfo`-only path.
    private var aliases: RecentTable<String, String>
    private var pendingLaunch: PendingLaunch?
    private var flushedLaunch: FlushedLaunch?
    /// When the app was launched, not for a background push, with nothing in the launch options
    /// and no call has come since — the response that follows at once is the cold start's: a
    /// scene app whose scene connected without `notificationResponse` (onmyway133/blog#884), or
    /// an app launched by an action button, whose launch options never carry the notification
    /// (urbanairship/ios-library#260, iOS 13.6.1; `inactive` for a foreground action,
    /// `background` for a background one).
    private var bareLaunchTime: Double?
    /// Whether the last launch was into the background and no scene has connected since.
    private var launchedIntoBackground = false
    private var deferred: DeferredCall?
    private var previous: PreviousCall?
    /// Deliveries whose payload was seen before in another delivery: each is named with a number.
    private var repeatedDeliveries = 0
    private var now = 0.0
    private var diagnostics: [PushDiagnostic] = []
    /// The correlation interval in force (``defaultCorrelationInterval`` unless set).
    public let correlationInterval: Double

    /// A normaliser remembering the last `dedupeWindow` events for deduplication, tying calls
    /// that only their payload names when they are at most `correlationInterval` seconds apart.
    public init(
        dedupeWindow: Int = PushEventNormalizer.defaultDedupeWindow,
        correlationInterval: Double = PushEventNormalizer.defaultCorrelationInterval
    ) {
        recent = DedupeWindow(capacity: dedupeWindow)
        byFingerprint = RecentTable(capacity: dedupeWindow)
        aliases = RecentTable(capacity: dedupeWindow)
        self.correlationInterval = max(0, correlationInterval)
    }

    /// How many entries the normaliser's bounded tables hold now (recent events, deliveries
    /// known by payload, tied identifiers); never more than three times the dedupe window.
    package var rememberedCount: Int { recent.count + byFingerprint.count + aliases.count }

    /// Whether a launch's event is waiting for the call that may follow it.
    public var hasPendingLaunch: Bool { pendingLaunch != nil }

    /// Whether a foreground call waits for the next call to decide whether it was a tap or an
    /// arrival (at most ``correlationInterval``; ``resolveDeferredCall(emit:)`` decides it).
    public var hasDeferredCall: Bool { deferred != nil }

    /// The diagnostics reported since the last call, oldest first; the list is emptied.
    public mutating func takeDiagnostics() -> [PushDiagnostic] {
        guard !diagnostics.isEmpty else { return [] }
        defer { diagnostics = [] }
        return diagnostics
    }

    /// Feeds one callback made at `time` (seconds on any monotonic clock; `nil`: at the same
    /// instant as the previous call); calls `emit` for each event it completes, in order. `emit`
    /// owns each event it is given: storing it costs no copy.
    public mutating func consume(_ invocation: CallbackInvocation, at time: Double? = nil, emit: (consuming PushEvent) -> Void) {
        _ = consumeCall(invocation, clock: { time }, emit: emit)
    }

    /// ``consume(_:at:emit:)`` reading the time from `clock` only when the call's delivery
    /// depends on it (a call without a message ID or request identifier, a launch, a pending
    /// decision), and returning the identity of the delivery the call belonged to (`nil` for a
    /// call without a notification, or deferred): the client answers a repeated call's
    /// completion handler with the first one's.
    package mutating func consumeCall(
        _ invocation: CallbackInvocation, clock: () -> Double?, emit: (consuming PushEvent) -> Void
    ) -> String? {
        if dependsOnTime(invocation), let time = clock(), time > now { now = time }
        if deferred != nil { resolveDeferredCall(before: invocation, emit: emit) }
        if invocation.callback == .didFinishLaunching || invocation.callback == .sceneWillConnect {
            // A scene app iOS launched into the background has no scene until the user brings it
            // up: the response its first scene connects with is a running app's — the delivery
            // its 3 already named, `background`, merged with the 5 that follows (Apple,
            // `UIScene.ConnectionOptions.notificationResponse`; WordPress-iOS#25643).
            let wasRunning = invocation.callback == .sceneWillConnect && launchedIntoBackground
            launchedIntoBackground = invocation.callback == .didFinishLaunching && invocation.state == .background
            flush(emit: emit)
            if wasRunning, let notification = invocation.notification {
                guard let id = resolveDelivery(invocation, notification, emit: emit) else { return nil }
                pendingLaunch = PendingLaunch(
                    notification: notification.identified(as: id), state: invocation.state, action: invocation.action ?? .default,
                    textInput: invocation.textInput, wasRunning: true)
                return id
            }
            previous = nil
            // A scene app's launch options carry no notification: its scene's connection does.
            guard invocation.launchOptionsKey != nil || invocation.callback == .sceneWillConnect, let notification = invocation.notification
            else {
                if invocation.callback == .didFinishLaunching, invocation.state != .active { bareLaunchTime = now }
                return nil
            }
            bareLaunchTime = nil
            let launch = notification.identified(as: newDeliveryID(for: notification))
            if notification.providerMessageID == nil { setRecord(DeliveryRecord(deliveryID: launch.id), for: notification.fingerprint) }
            pendingLaunch = PendingLaunch(
                notification: launch, state: invocation.state, action: invocation.action ?? .default, textInput: invocation.textInput)
            return launch.id
        }
        guard let notification = invocation.notification else { return nil }
        let deliveryID: String
        var launchedForIt = false
        if let launchTime = bareLaunchTime {
            bareLaunchTime = nil
            launchedForIt = isUserResponse(invocation) && invocation.state != .active && now - launchTime <= Self.launchResponseWindow
        }
        if let launch = takeLaunch(for: notification, emit: emit) {
            deliveryID = launch.notification.id
            launchedForIt = !launch.wasRunning
            bindIdentifier(of: notification, to: deliveryID)
            remember(notification, invocation.callback, invocation.state, as: deliveryID)
        } else if isUserResponse(invocation), let launch = flushedLaunch {
            flushedLaunch = nil
            if Self.sameDelivery(launch.notification, notification), now - launch.time <= Self.launchResponseWindow {
                // The cold start's own response, after its event was emitted from the launch options.
                bindIdentifier(of: notification, to: launch.notification.id)
                remember(notification, invocation.callback, invocation.state, as: launch.notification.id)
                return launch.notification.id
            }
            guard let id = resolveDelivery(invocation, notification, emit: emit) else { return nil }
            deliveryID = id
        } else {
            guard let id = resolveDelivery(invocation, notification, emit: emit) else { return nil }
            deliveryID = id
        }
        classify(invocation, (consume notification).identified(as: deliveryID), launchedForIt: launchedForIt, emit: emit)
        return deliveryID
    }

    /// Whether deciding `invocation`'s delivery may read the time: every rule bounded by the
    /// correlation interval or the launch response window is reached only through these.
    private func dependsOnTime(_ invocation: CallbackInvocation) -> Bool {
        if deferred != nil || pendingLaunch != nil || flushedLaunch != nil || bareLaunchTime != nil || invocation.callback == .didFinishLaunching
            || invocation.callback == .sceneWillConnect
        {
            return true
        }
        guard let notification = invocation.notification, notification.providerMessageID == nil else { return false }
        return notification.requestIdentifier == nil || (invocation.callback == .willPresent && byFingerprint.count > 0)
    }

    /// Feeds one callback and returns the events it completes.
    public mutating func consume(_ invocation: CallbackInvocation, at time: Double? = nil) -> [PushEvent] {
        var events: [PushEvent] = []
        consume(invocation, at: time) { events.append($0) }
        return events
    }

    /// Feeds a provider's own-channel message (JPush custom message, Getui passthrough); calls
    /// `emit` unless the same message was already delivered, or the app was already told of its
    /// APNs copy (same ID).
    public mutating func consume(message: PushEvent.Message, emit: (consuming PushEvent) -> Void) {
        let identity = IdentityKey(message.id)
        guard !wasToldOf(identity) else { return }
        deliver(.message(message), identity, .message, emit)
    }

    /// Emits what waits for a call that did not come: a deferred foreground call (the tap on the
    /// banner it matched), then a launch's event — `opened` (`coldStart`) for a launch by the
    /// user, `received` (`background`) for a launch into the background.
    public mutating func flush(emit: (consuming PushEvent) -> Void) {
        resolveDeferredCall(emit: emit)
        guard let launch = pendingLaunch else { return }
        pendingLaunch = nil
        let notification = launch.notification
        let identity = IdentityKey(notification)
        switch launch.state {
        case .inactive, .active:
            flushedLaunch = FlushedLaunch(notification: notification, time: now)
            let origin: PushOrigin = launch.wasRunning ? .background : .coldStart
            switch launch.action {
            case .dismiss:
                deliver(.dismissed(.init(notification: notification)), identity, .response, emit)
            case .default:
                deliver(.opened(.init(notification: notification, origin: origin, action: .default, textInput: launch.textInput)), identity, .response, emit)
            case .custom(let id):
                deliver(.opened(.init(notification: notification, origin: origin, action: .custom(id), textInput: launch.textInput)), identity, .response, emit)
            }
        case .background:
            deliver(.received(.init(notification: notification, origin: .background)), identity, .arrival, emit)
        }
    }

    /// Launch has ended (the app became active): a response after this is not the one that
    /// launched the app, which iOS hands over before the app becomes active *(inference: apps
    /// tell a cold start by `applicationState` being `inactive` in the response)*. Without it, a
    /// tap seconds after a launch from the icon would be taken for a cold start.
    public mutating func launchEnded() {
        bareLaunchTime = nil
    }

    /// Emits a pending launch's event and returns what was pending.
    public mutating func flush() -> [PushEvent] {
        var events: [PushEvent] = []
        flush { events.append($0) }
        return events
    }

    /// Decides a deferred foreground call now that no `willPresent` followed it: it was the tap
    /// on the banner it matched (`opened`, `foreground`).
    public mutating func resolveDeferredCall(emit: (consuming PushEvent) -> Void) {
        resolveDeferredCall(before: nil, emit: emit)
    }

    // MARK: Which delivery

    /// Whether two notifications are one delivery's: the same provider message ID, or (without
    /// one) the same payload and no two different request identifiers.
    private static func sameDelivery(_ lhs: PushNotification, _ rhs: PushNotification) -> Bool {
        if let id = lhs.providerMessageID { return id == rhs.providerMessageID }
        if let left = lhs.requestIdentifier, let right = rhs.requestIdentifier, left != right { return false }
        return rhs.providerMessageID == nil && lhs.fingerprint == rhs.fingerprint
    }

    /// The delivery a call (not a launch, not its follow-up) belongs to; `nil` when the call is
    /// deferred until the next one.
    private mutating func resolveDelivery(
        _ invocation: CallbackInvocation, _ notification: PushNotification, emit: (consuming PushEvent) -> Void
    ) -> String? {
        if let messageID = notification.providerMessageID {
            remember(notification, invocation.callback, invocation.state, as: messageID)
            return messageID
        }
        let fingerprint = notification.fingerprint
        if let identifier = notification.requestIdentifier {
            let id = identifiedDelivery(invocation, notification, identifier)
            remember(notification, invocation.callback, invocation.state, as: id)
            return id
        }
        // `userInfo` only: the previous call's delivery when this repeats its path.
        if let previous, previous.fingerprint == fingerprint, previous.callback == invocation.callback,
            previous.state == invocation.state, now - previous.time <= correlationInterval
        {
            diagnostics.append(PushDiagnostic(
                code: .identicalCallsMerged, notificationID: previous.deliveryID,
                message: "\(invocation.callback.rawValue) was called twice with the same payload, "
                    + "\(Int(((now - previous.time) * 1000).rounded())) ms apart and nothing between: taken as one delivery handed over twice "
                    + "(two deliveries need a message ID in the payload to be told apart this close)"))
            remember(notification, invocation.callback, invocation.state, as: previous.deliveryID)
            return previous.deliveryID
        }
        let candidate = record(for: fingerprint)
        if let record = candidate, !told(record, .response) {
            let share = share(of: invocation, presented: record.presented)
            if share == .response, invocation.state == .active, notification.content.contentAvailable {
                // The tap on the presented banner, or an identical notification arriving (then 4 follows).
                deferred = DeferredCall(callback: invocation.callback, notification: notification, presentedID: record.deliveryID, time: now)
                previous = nil
                return nil
            }
            if !told(record, share) {
                remember(notification, invocation.callback, invocation.state, as: record.deliveryID)
                return record.deliveryID
            }
        }
        let id = newDeliveryID(for: notification, seenBefore: candidate != nil)
        setRecord(DeliveryRecord(deliveryID: id, deliveryHash: id == notification.id ? notification.idHash : nil), for: fingerprint)
        remember(notification, invocation.callback, invocation.state, as: id)
        return id
    }

    /// The delivery of a call carrying a request identifier: the one it was tied to; else the
    /// `userInfo`-only arrival a 4 follows, or the `userInfo`-only arrival a 5 responds to;
    /// else its own.
    private mutating func identifiedDelivery(
        _ invocation: CallbackInvocation, _ notification: PushNotification, _ identifier: String
    ) -> String {
        if let tied = tiedDelivery(of: identifier) { return tied }
        let fingerprint = notification.fingerprint
        // Only these can join a delivery known by its payload; the lookup is skipped otherwise.
        let mayJoin: Bool
        switch invocation.callback {
        case .willPresent: mayJoin = announcesArrival(previous, of: fingerprint)
        case .didReceiveResponse, .handleActionForRemote, .handleActionForLocal, .sceneWillConnect: mayJoin = byFingerprint.count > 0
        default: mayJoin = false
        }
        if mayJoin, var record = self.record(for: fingerprint), !record.hasRequestIdentifier {
            let joins: Bool
            switch invocation.callback {
            case .willPresent: joins = record.deliveryID == previous?.deliveryID
            default: joins = !told(record, .response)
            }
            if joins {
                record.hasRequestIdentifier = true
                if invocation.callback == .willPresent { record.presented = true }
                setRecord(record, for: fingerprint)
                if record.deliveryID != identifier { tie(identifier, to: record.deliveryID) }
                return record.deliveryID
            }
        }
        if invocation.callback == .willPresent {
            setRecord(
                DeliveryRecord(deliveryID: identifier, deliveryHash: notification.idHash, presented: true, hasRequestIdentifier: true),
                for: fingerprint)
        }
        return identifier
    }

    /// The delivery known by `fingerprint`, if any.
    private func record(for fingerprint: UInt64) -> DeliveryRecord? {
        byFingerprint.value(for: fingerprint, hash: Self.tableHash(fingerprint))
    }

    private mutating func setRecord(_ record: DeliveryRecord, for fingerprint: UInt64) {
        byFingerprint.set(record, for: fingerprint, hash: Self.tableHash(fingerprint))
    }

    /// The delivery a request identifier was tied to, if any.
    private func tiedDelivery(of identifier: String) -> String? {
        aliases.count > 0 ? aliases.value(for: identifier, hash: identifier.hashValue) : nil
    }

    private mutating func tie(_ identifier: String, to deliveryID: String) {
        aliases.set(deliveryID, for: identifier, hash: identifier.hashValue)
    }

    /// A fingerprint spread over every bit with a per-process seed: the tables index by its low
    /// bits, and a payload's FNV-1a hash is not keyed, so crafted payloads could otherwise pile
    /// onto one slot (MurmurHash3's 64-bit finaliser).
    private static func tableHash(_ fingerprint: UInt64) -> Int {
        var x = fingerprint ^ fingerprintSeed
        x = (x ^ (x >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        x = (x ^ (x >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return Int(truncatingIfNeeded: x ^ (x >> 33))
    }

    private static let fingerprintSeed = UInt64.random(in: .min ... .max)

    /// Ties the request identifier a call carries (if any) to `deliveryID`.
    private mutating func bindIdentifier(of notification: PushNotification, to deliveryID: String) {
        guard notification.providerMessageID == nil, let identifier = notification.requestIdentifier, identifier != deliveryID else { return }
        tie(identifier, to: deliveryID)
    }

    /// Whether `call` — the call right before a 4 — announced the arrival of a notification with
    /// `fingerprint`: a 2 or 3 `active` within the correlation interval (the 3 of a
    /// `content-available` alert on iOS 10+, which 4 follows; seed 004, iOS 10, 1.1 and 1.2).
    private func announcesArrival(_ call: PreviousCall?, of fingerprint: UInt64) -> Bool {
        guard let call, call.fingerprint == fingerprint, call.state == .active, now - call.time <= correlationInterval else { return false }
        return call.callback == .didReceiveRemoteNotification || call.callback == .didReceiveRemoteNotificationFetch
    }

    /// Notes a `userInfo`-only call as the previous one; any other call breaks the "right after"
    /// of a repeat and of an announced arrival.
    private mutating func remember(
        _ notification: PushNotification, _ callback: SystemCallback, _ state: ApplicationState, as deliveryID: String
    ) {
        guard notification.requestIdentifier == nil, notification.providerMessageID == nil else {
            if previous != nil { previous = nil }
            return
        }
        previous = PreviousCall(fingerprint: notification.fingerprint, callback: callback, state: state, time: now, deliveryID: deliveryID)
    }

    /// A new delivery's identity: the message ID, the request identifier, or the payload's
    /// (`payload-…`; numbered `payload-…-2`, `-3`, … for later deliveries of the same payload).
    private mutating func newDeliveryID(for notification: PushNotification, seenBefore: Bool? = nil) -> String {
        if let id = notification.providerMessageID ?? notification.requestIdentifier { return id }
        // Without either, the notification's own identity is its payload's (`payload-…`).
        guard seenBefore ?? (record(for: notification.fingerprint) != nil) else { return notification.id }
        repeatedDeliveries += 1
        return "\(notification.id)-\(repeatedDeliveries + 1)"
    }

    /// Decides a deferred foreground call: the arrival of a new identical notification when the
    /// call about to be consumed is its `willPresent` (same payload, a new request identifier,
    /// within the interval); else the tap on the banner it matched.
    private mutating func resolveDeferredCall(before next: CallbackInvocation?, emit: (consuming PushEvent) -> Void) {
        guard let call = deferred else { return }
        deferred = nil
        let fingerprint = call.notification.fingerprint
        if let next, next.callback == .willPresent, let note = next.notification, note.providerMessageID == nil,
            note.fingerprint == fingerprint, let identifier = note.requestIdentifier, tiedDelivery(of: identifier) == nil,
            now - call.time <= correlationInterval
        {
            let id = newDeliveryID(for: call.notification, seenBefore: true)
            setRecord(DeliveryRecord(deliveryID: id), for: fingerprint)
            diagnostics.append(PushDiagnostic(
                code: .foregroundCallResolved, notificationID: id,
                message: "\(call.callback.rawValue) (active) matched a banner still on screen, then willPresent "
                    + "followed: the arrival of an identical notification"))
            let notification = call.notification.identified(as: id)
            deliver(.received(.init(notification: notification, origin: .foreground)), IdentityKey(notification), .arrival, emit)
            remember(call.notification, call.callback, .active, as: id)
        } else {
            diagnostics.append(PushDiagnostic(
                code: .foregroundCallResolved, notificationID: call.presentedID,
                message: "\(call.callback.rawValue) (active) matched a banner still on screen and no willPresent "
                    + "followed: the tap on that banner"))
            let notification = call.notification.identified(as: call.presentedID)
            deliver(
                .opened(.init(notification: notification, origin: .foreground, action: .default)), IdentityKey(notification), .response,
                emit)
            previous = nil
        }
    }

    // MARK: Which event

    /// Emits the event `invocation` carries for its delivery (`notification` is named after it).
    private mutating func classify(
        _ invocation: CallbackInvocation, _ notification: consuming PushNotification, launchedForIt: Bool,
        emit: (consuming PushEvent) -> Void
    ) {
        let identity = IdentityKey(notification)
        let presented = isPresented(notification)
        switch invocation.callback {
        case .didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch, .didReceiveLocalNotification:
            switch invocation.state {
            case .active where presented:
                deliver(.opened(.init(notification: consume notification, origin: .foreground, action: .default)), identity, .response, emit)
            case .active:
                deliver(.received(.init(notification: consume notification, origin: .foreground)), identity, .arrival, emit)
            case .background:
                deliver(.received(.init(notification: consume notification, origin: .background)), identity, .arrival, emit)
            case .inactive:
                let origin: PushOrigin = launchedForIt ? .coldStart : .background
                deliver(.opened(.init(notification: consume notification, origin: origin, action: .default)), identity, .response, emit)
            }
        case .willPresent:
            deliver(.received(.init(notification: consume notification, origin: .foreground)), identity, .arrival, emit)
        case .didReceiveResponse, .handleActionForRemote, .handleActionForLocal:
            let origin: PushOrigin = launchedForIt ? .coldStart : (invocation.state == .active ? .foreground : .background)
            switch invocation.action ?? .default {
            case .dismiss:
                deliver(.dismissed(.init(notification: consume notification)), identity, .response, emit)
            case .default:
                deliver(
                    .opened(.init(notification: consume notification, origin: origin, action: .default, textInput: invocation.textInput)),
                    identity, .response, emit)
            case .custom(let id):
                deliver(
                    .opened(.init(notification: consume notification, origin: origin, action: .custom(id), textInput: invocation.textInput)),
                    identity, .response, emit)
            }
        case .didFinishLaunching, .sceneWillConnect:
            break
        }
    }

    /// Whether 4 presented this notification's delivery (a 2 or 3 `active` for it is its tap).
    private func isPresented(_ notification: borrowing PushNotification) -> Bool {
        guard byFingerprint.count > 0, let record = self.record(for: notification.fingerprint), record.deliveryID == notification.id else { return false }
        return record.presented
    }

    /// What a call tells of its delivery.
    private func share(of invocation: CallbackInvocation, presented: Bool) -> Share {
        switch invocation.callback {
        case .didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch, .didReceiveLocalNotification:
            switch invocation.state {
            case .active: presented ? .response : .arrival
            case .background: .arrival
            case .inactive: .response
            }
        case .willPresent, .didFinishLaunching: .arrival
        case .didReceiveResponse, .handleActionForRemote, .handleActionForLocal, .sceneWillConnect: .response
        }
    }

    /// Whether a call carries the user's tap or action (not a dismiss, not an arrival).
    private func isUserResponse(_ invocation: CallbackInvocation) -> Bool {
        switch invocation.callback {
        case .didReceiveResponse, .handleActionForRemote, .handleActionForLocal, .sceneWillConnect: invocation.action != .dismiss
        case .didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch, .didReceiveLocalNotification: invocation.state == .inactive
        case .willPresent, .didFinishLaunching: false
        }
    }

    /// The pending launch, if it was for `notification`'s delivery (the call completes it); a
    /// launch for another notification is flushed first.
    private mutating func takeLaunch(for notification: PushNotification, emit: (consuming PushEvent) -> Void) -> PendingLaunch? {
        guard let launch = pendingLaunch else { return nil }
        guard Self.sameDelivery(launch.notification, notification) else {
            flush(emit: emit)
            return nil
        }
        pendingLaunch = nil
        return launch
    }

    /// Whether the window holds an event of `share` for `record`'s delivery.
    private func told(_ record: DeliveryRecord, _ share: Share) -> Bool {
        let key = EventKey(identity: IdentityKey(record.deliveryID, hash: record.deliveryHash), share: share)
        return recent.contains(key, hash: key.windowHash)
    }

    /// What tells the app of a notification: its arrival or the user's response to it.
    private static let toldShares: [Share] = [.arrival, .response]

    /// Whether the window holds an arrival or a response of `identity`.
    private func wasToldOf(_ identity: IdentityKey) -> Bool {
        for share in Self.toldShares {
            let key = EventKey(identity: identity, share: share)
            if recent.contains(key, hash: key.windowHash) { return true }
        }
        return false
    }

    /// Emits `event` (about `identity`) unless the window already holds an event of its share.
    ///
    /// The event is moved along to `emit`, not copied: no reference count is touched on its way.
    private mutating func deliver(_ event: consuming PushEvent, _ identity: IdentityKey, _ share: Share, _ emit: (consuming PushEvent) -> Void) {
        let key = EventKey(identity: identity, share: share)
        guard recent.insert(key, hash: key.windowHash) else { return }
        emit(event)
    }
}
