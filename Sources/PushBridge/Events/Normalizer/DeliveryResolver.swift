import PushBridgeCore
import PushBridgeProviderKit

/// Which delivery a call belongs to (<doc:OneDeliveryOneEvent>): by the provider's message ID,
/// by the request identifier methods 4 and 5 carry, or — for the calls that carry `userInfo`
/// only — by the payload's fingerprint, within the correlation interval.
struct DeliveryResolver: Sendable {
    /// Deliveries known by their payload's fingerprint (the latest one per fingerprint).
    private var byFingerprint: RecentTable<UInt64, KnownDelivery>
    /// Request identifiers tied to a delivery first seen on a `userInfo`-only path.
    private var aliases: RecentTable<String, String>
    /// The previous `userInfo`-only call, while nothing else has come since.
    private(set) var previous: PreviousCall?
    /// Deliveries whose payload was seen before in another delivery: each is named with a number.
    private var repeatedDeliveries = 0
    /// How close in time two calls tied only by their payload must be.
    let correlationInterval: Double

    /// A resolver remembering `capacity` deliveries by payload and as many tied identifiers.
    init(capacity: Int, correlationInterval: Double) {
        byFingerprint = RecentTable(capacity: capacity)
        aliases = RecentTable(capacity: capacity)
        self.correlationInterval = correlationInterval
    }

    /// How many entries its bounded tables hold now.
    var count: Int { byFingerprint.count + aliases.count }

    /// Whether any delivery is known by its payload: most lookups are skipped when none is.
    var knowsPayloads: Bool { byFingerprint.count > 0 }

    /// Whether two notifications are one delivery's: the same provider message ID, or (without
    /// one) the same payload and no two different request identifiers.
    static func sameDelivery(_ lhs: PushNotification, _ rhs: PushNotification) -> Bool {
        if let id = lhs.providerMessageID { return id == rhs.providerMessageID }
        if let left = lhs.requestIdentifier, let right = rhs.requestIdentifier, left != right { return false }
        return rhs.providerMessageID == nil && lhs.fingerprint == rhs.fingerprint
    }

    /// The delivery a call (not a launch, not its follow-up) belongs to, at `now`; `ledger`
    /// tells which shares of a known delivery the app was already told of. `nil`, with `deferred`
    /// set, for a foreground call the next call decides (``DeferredCall``).
    mutating func resolve(
        _ invocation: CallbackInvocation, _ notification: PushNotification, now: Double, ledger: borrowing EventLedger,
        deferred: inout DeferredCall?, diagnostics: inout [PushDiagnostic]
    ) -> String? {
        if let messageID = notification.providerMessageID {
            remember(notification, invocation.callback, invocation.state, as: messageID, now: now)
            return messageID
        }
        let fingerprint = notification.fingerprint
        if let identifier = notification.requestIdentifier {
            let id = identifiedDelivery(invocation, notification, identifier, now: now, ledger: ledger)
            remember(notification, invocation.callback, invocation.state, as: id, now: now)
            return id
        }
        // `userInfo` only: the previous call's delivery when this repeats its path.
        if let previous, previous.fingerprint == fingerprint, previous.callback == invocation.callback,
            previous.state == invocation.state, now - previous.time <= correlationInterval
        {
            diagnostics.append(
                PushDiagnostic(
                    code: .identicalCallsMerged, notificationID: previous.deliveryID,
                    message: "\(invocation.callback.rawValue) was called twice with the same payload, "
                        + "\(Int(((now - previous.time) * 1000).rounded())) ms apart and nothing between: taken as one delivery handed over twice "
                        + "(two deliveries need a message ID in the payload to be told apart this close)"))
            remember(notification, invocation.callback, invocation.state, as: previous.deliveryID, now: now)
            return previous.deliveryID
        }
        let candidate = record(for: fingerprint)
        if let record = candidate, !ledger.told(record, .response) {
            let share = EventClassifier.share(of: invocation, presented: record.presented)
            if share == .response, invocation.state == .active, notification.content.contentAvailable {
                // The tap on the presented banner, or an identical notification arriving (then 4 follows).
                previous = nil
                deferred = DeferredCall(callback: invocation.callback, notification: notification, presentedID: record.deliveryID, time: now)
                return nil
            }
            if !ledger.told(record, share) {
                remember(notification, invocation.callback, invocation.state, as: record.deliveryID, now: now)
                return record.deliveryID
            }
        }
        let id = newDeliveryID(for: notification, seenBefore: candidate != nil)
        setRecord(KnownDelivery(deliveryID: id, deliveryHash: id == notification.id ? notification.idHash : nil), for: fingerprint)
        remember(notification, invocation.callback, invocation.state, as: id, now: now)
        return id
    }

    /// The delivery of a call carrying a request identifier: the one it was tied to; else the
    /// `userInfo`-only arrival a 4 follows, or the `userInfo`-only arrival a 5 responds to;
    /// else its own.
    private mutating func identifiedDelivery(
        _ invocation: CallbackInvocation, _ notification: PushNotification, _ identifier: String, now: Double, ledger: borrowing EventLedger
    ) -> String {
        if let tied = tiedDelivery(of: identifier) { return tied }
        let fingerprint = notification.fingerprint
        // Only these can join a delivery known by its payload; the lookup is skipped otherwise.
        let mayJoin =
            invocation.callback == .willPresent
            ? announcesArrival(previous, of: fingerprint, now: now) : invocation.callback.carriesResponse && knowsPayloads
        if mayJoin, var record = self.record(for: fingerprint), !record.hasRequestIdentifier {
            let joins = invocation.callback == .willPresent ? record.deliveryID == previous?.deliveryID : !ledger.told(record, .response)
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
                KnownDelivery(deliveryID: identifier, deliveryHash: notification.idHash, presented: true, hasRequestIdentifier: true),
                for: fingerprint)
        }
        return identifier
    }

    /// The delivery of a launch that carried `notification`: a new one, known by its payload
    /// when no message ID names it.
    mutating func launchDelivery(for notification: PushNotification) -> String {
        let id = newDeliveryID(for: notification)
        if notification.providerMessageID == nil { setRecord(KnownDelivery(deliveryID: id), for: notification.fingerprint) }
        return id
    }

    /// A new delivery of an identical notification, arriving while the banner of `fingerprint`'s
    /// delivery is on screen (a deferred foreground call's arrival).
    mutating func repeatedArrival(of notification: PushNotification) -> String {
        let id = newDeliveryID(for: notification, seenBefore: true)
        setRecord(KnownDelivery(deliveryID: id), for: notification.fingerprint)
        return id
    }

    /// Whether 4 presented this notification's delivery (a 2 or 3 `active` for it is its tap).
    func isPresented(_ notification: borrowing PushNotification) -> Bool {
        guard knowsPayloads, let record = self.record(for: notification.fingerprint), record.deliveryID == notification.id else { return false }
        return record.presented
    }

    /// The delivery a request identifier was tied to, if any.
    func tiedDelivery(of identifier: String) -> String? {
        aliases.count > 0 ? aliases.value(for: identifier, hash: identifier.hashValue) : nil
    }

    /// Ties the request identifier a call carries (if any) to `deliveryID`.
    mutating func bindIdentifier(of notification: PushNotification, to deliveryID: String) {
        guard notification.providerMessageID == nil, let identifier = notification.requestIdentifier, identifier != deliveryID else { return }
        tie(identifier, to: deliveryID)
    }

    /// Notes a `userInfo`-only call as the previous one; any other call breaks the "right after"
    /// of a repeat and of an announced arrival.
    mutating func remember(
        _ notification: PushNotification, _ callback: SystemCallback, _ state: ApplicationState, as deliveryID: String, now: Double
    ) {
        guard notification.requestIdentifier == nil, notification.providerMessageID == nil else {
            if previous != nil { previous = nil }
            return
        }
        previous = PreviousCall(fingerprint: notification.fingerprint, callback: callback, state: state, time: now, deliveryID: deliveryID)
    }

    /// Forgets the previous call: what comes next is not "right after" it.
    mutating func forgetPrevious() {
        previous = nil
    }

    // MARK: The tables

    /// The delivery known by `fingerprint`, if any.
    private func record(for fingerprint: UInt64) -> KnownDelivery? {
        byFingerprint.value(for: fingerprint, hash: Self.tableHash(fingerprint))
    }

    private mutating func setRecord(_ record: KnownDelivery, for fingerprint: UInt64) {
        byFingerprint.set(record, for: fingerprint, hash: Self.tableHash(fingerprint))
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

    /// Whether `call` — the call right before a 4 — announced the arrival of a notification with
    /// `fingerprint`: a 2 or 3 `active` within the correlation interval (the 3 of a
    /// `content-available` alert on iOS 10+, which 4 follows; a published JPush experiment on
    /// iOS 10.2, its cases 1.1 and 1.2).
    private func announcesArrival(_ call: PreviousCall?, of fingerprint: UInt64, now: Double) -> Bool {
        guard let call, call.fingerprint == fingerprint, call.state == .active, now - call.time <= correlationInterval else { return false }
        return call.callback == .didReceiveRemoteNotification || call.callback == .didReceiveRemoteNotificationFetch
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
}
