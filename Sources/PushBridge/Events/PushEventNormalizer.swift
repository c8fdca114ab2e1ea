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
/// A launch's event waits for the call that may follow it, so one cold start is one event; it is
/// emitted by that call, by the next unrelated call, or by ``flush(emit:)`` (the app calls it
/// when launch ends: `applicationDidBecomeActive`; the simulator after the last call). When only
/// 1 is called (an app implementing only 2), the launch options alone still yield `opened`; when
/// the 5 or 3 comes after that flush, it is the same tap and yields nothing more.
///
/// Repeats are dropped on (id, kind, origin) within a window of the last ``defaultDedupeWindow``
/// events, so 3 then 4 for one foreground push is one `received`, while a `received` followed by
/// a tap still yields both events. A provider's own-channel message (``consume(message:emit:)``)
/// whose APNs copy the app was already told of yields nothing.
///
/// A value type with no locks: the client facade runs it under its own lock.
///
/// ```swift
/// var normalizer = PushEventNormalizer()
/// var events: [PushEvent] = []
/// for call in trace.calls {
///     normalizer.consume(CallbackInvocation(call, notification: note)) { events.append($0) }
/// }
/// normalizer.flush { events.append($0) }
/// ```
public struct PushEventNormalizer: Sendable {
    /// How many recent events deduplication remembers by default: 1,024.
    public static let defaultDedupeWindow = 1_024

    /// A notification's identity with its hash computed once, so the three windows hash each
    /// identity string a single time per event.
    private struct IdentityKey: Hashable, Sendable {
        let id: String
        let hash: Int

        init(_ id: String) {
            self.id = id
            hash = id.hashValue
        }

        /// A notification's identity, with the hash it computed when it was read.
        init(_ notification: PushNotification) {
            id = notification.id
            hash = notification.idHash
        }

        static func == (lhs: IdentityKey, rhs: IdentityKey) -> Bool { lhs.hash == rhs.hash && lhs.id == rhs.id }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    private struct EventKey: Hashable, Sendable {
        var identity: IdentityKey
        var kind: PushEvent.Kind
        var origin: PushOrigin?

        /// The identity's hash with the kind and origin mixed in: no second pass over the ID.
        var windowHash: Int {
            let originTag: Int
            switch origin {
            case nil: originTag = 0
            case .foreground: originTag = 1
            case .background: originTag = 2
            case .coldStart: originTag = 3
            }
            let kindTag: Int
            switch kind {
            case .received: kindTag = 1
            case .opened: kindTag = 2
            case .dismissed: kindTag = 3
            case .message: kindTag = 4
            case .registered: kindTag = 5
            case .registrationFailed: kindTag = 6
            case .providerState: kindTag = 7
            }
            return identity.hash ^ ((kindTag &* 4 &+ originTag) &* Self.mixer)
        }

        /// An odd 64-bit constant (the golden ratio's fraction) spreading the tag over every bit.
        private static let mixer = Int(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)
    }

    /// A launch that carried a notification, waiting for the call that completes it.
    private struct PendingLaunch: Sendable {
        var notification: PushNotification
        var state: ApplicationState
    }

    /// The events emitted lately, by (identity, kind, origin). It also answers whether the app
    /// was told of a notification (`received` or `opened`): a provider's own-channel copy of one
    /// (a Getui passthrough redelivered offline) is not delivered again.
    private var recent: DedupeWindow<EventKey>
    /// Notifications 4 presented in the foreground: a later 2 or 3 `active` for one is its tap.
    private var presented: DedupeWindow<IdentityKey>
    /// Cold starts already emitted from the launch options alone (flushed before their 5 or 3
    /// came): the late call is the same tap, not a second one.
    private var flushedLaunches: DedupeWindow<IdentityKey>
    private var pendingLaunch: PendingLaunch?

    /// A normaliser remembering the last `dedupeWindow` events for deduplication.
    public init(dedupeWindow: Int = PushEventNormalizer.defaultDedupeWindow) {
        recent = DedupeWindow(capacity: dedupeWindow)
        presented = DedupeWindow(capacity: dedupeWindow)
        flushedLaunches = DedupeWindow(capacity: dedupeWindow)
    }

    /// How many entries the normaliser's bounded windows hold now (recent events, presented and
    /// notifications, flushed launches); never more than three times the dedupe window.
    package var rememberedCount: Int { recent.count + presented.count + flushedLaunches.count }

    /// Whether a launch's event is waiting for the call that may follow it.
    public var hasPendingLaunch: Bool { pendingLaunch != nil }

    /// Feeds one callback; calls `emit` for each event it completes, in order. `emit` owns each
    /// event it is given: storing it costs no copy.
    public mutating func consume(_ invocation: CallbackInvocation, emit: (consuming PushEvent) -> Void) {
        if invocation.callback == .didFinishLaunching {
            flush(emit: emit)
            if invocation.launchOptionsKey != nil, let notification = invocation.notification {
                pendingLaunch = PendingLaunch(notification: notification, state: invocation.state)
            }
            return
        }
        guard let notification = invocation.notification else { return }
        let identity = IdentityKey(notification)
        let launch = takeLaunch(for: notification, emit: emit)
        let launchedForIt = launch != nil
        if !launchedForIt, isUserResponse(invocation), flushedLaunches.contains(identity, hash: identity.hash) { return }
        switch invocation.callback {
        case .didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch, .didReceiveLocalNotification:
            switch invocation.state {
            case .active where presented.contains(identity, hash: identity.hash):
                deliver(.opened(.init(notification: consume notification, origin: .foreground, action: .default)), identity, emit)
            case .active: deliver(.received(.init(notification: consume notification, origin: .foreground)), identity, emit)
            case .background: deliver(.received(.init(notification: consume notification, origin: .background)), identity, emit)
            case .inactive:
                let origin: PushOrigin = launchedForIt ? .coldStart : .background
                deliver(.opened(.init(notification: consume notification, origin: origin, action: .default)), identity, emit)
            }
        case .willPresent:
            _ = presented.insert(identity, hash: identity.hash)
            deliver(.received(.init(notification: consume notification, origin: .foreground)), identity, emit)
        case .didReceiveResponse, .handleActionForRemote, .handleActionForLocal:
            let origin: PushOrigin = launchedForIt ? .coldStart : (invocation.state == .active ? .foreground : .background)
            switch invocation.action ?? .default {
            case .dismiss:
                deliver(.dismissed(.init(notification: consume notification)), identity, emit)
            case .default:
                deliver(.opened(.init(notification: consume notification, origin: origin, action: .default, textInput: invocation.textInput)), identity, emit)
            case .custom(let id):
                deliver(.opened(.init(notification: consume notification, origin: origin, action: .custom(id), textInput: invocation.textInput)), identity, emit)
            }
        case .didFinishLaunching:
            break
        }
    }

    /// Feeds one callback and returns the events it completes.
    public mutating func consume(_ invocation: CallbackInvocation) -> [PushEvent] {
        var events: [PushEvent] = []
        consume(invocation) { events.append($0) }
        return events
    }

    /// Feeds a provider's own-channel message (JPush custom message, Getui passthrough); calls
    /// `emit` unless the same message was already delivered, or the app was already told of its
    /// APNs copy (same ID).
    public mutating func consume(message: PushEvent.Message, emit: (consuming PushEvent) -> Void) {
        let identity = IdentityKey(message.id)
        guard !wasToldOf(identity) else { return }
        deliver(.message(message), identity, emit)
    }

    /// Emits the event of a launch whose follow-up call never came: `opened` (`coldStart`) for a
    /// launch by the user, `received` (`background`) for a launch into the background.
    public mutating func flush(emit: (consuming PushEvent) -> Void) {
        guard let launch = pendingLaunch else { return }
        pendingLaunch = nil
        let identity = IdentityKey(launch.notification)
        switch launch.state {
        case .inactive, .active:
            _ = flushedLaunches.insert(identity, hash: identity.hash)
            deliver(.opened(.init(notification: launch.notification, origin: .coldStart, action: .default)), identity, emit)
        case .background:
            deliver(.received(.init(notification: launch.notification, origin: .background)), identity, emit)
        }
    }

    /// Emits a pending launch's event and returns what was pending.
    public mutating func flush() -> [PushEvent] {
        var events: [PushEvent] = []
        flush { events.append($0) }
        return events
    }

    /// Whether a call carries the user's tap or action (not a dismiss, not an arrival).
    private func isUserResponse(_ invocation: CallbackInvocation) -> Bool {
        switch invocation.callback {
        case .didReceiveResponse, .handleActionForRemote, .handleActionForLocal: invocation.action != .dismiss
        case .didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch, .didReceiveLocalNotification: invocation.state == .inactive
        case .willPresent, .didFinishLaunching: false
        }
    }

    /// The pending launch, if it was for `notification` (the call completes it); a launch for
    /// another notification is flushed first.
    private mutating func takeLaunch(for notification: PushNotification, emit: (consuming PushEvent) -> Void) -> PendingLaunch? {
        guard let launch = pendingLaunch else { return nil }
        guard launch.notification.id == notification.id else {
            flush(emit: emit)
            return nil
        }
        pendingLaunch = nil
        return launch
    }

    /// Every (kind, origin) of an event that tells the app of a notification.
    private static let toldKinds: [(PushEvent.Kind, PushOrigin)] = [
        (.received, .foreground), (.received, .background), (.opened, .foreground), (.opened, .background), (.opened, .coldStart),
    ]

    /// Whether the window holds a `received` or an `opened` event of `identity`.
    private func wasToldOf(_ identity: IdentityKey) -> Bool {
        Self.toldKinds.contains { kind, origin in
            let key = EventKey(identity: identity, kind: kind, origin: origin)
            return recent.contains(key, hash: key.windowHash)
        }
    }

    /// Emits `event` (about `identity`) unless the window already holds its (id, kind, origin).
    ///
    /// The event is moved along to `emit`, not copied: no reference count is touched on its way.
    private mutating func deliver(_ event: consuming PushEvent, _ identity: IdentityKey, _ emit: (consuming PushEvent) -> Void) {
        let key = EventKey(identity: identity, kind: event.kind, origin: event.origin)
        guard recent.insert(key, hash: key.windowHash) else { return }
        emit(event)
    }
}
