import PushBridgeGetui
import PushBridgeJPush
import PushBridgeProviderKit
import PushBridgeValidation
import Testing

@testable import PushBridge

/// The event normaliser (`docs/spec/events.md`): call sequences to events, exactly once, the dedupe window and identities.
@Suite struct NormalizerTests {
    static func note(_ id: String = "n-1") -> PushNotification? {
        try? PushNotification(payload: ["aps": ["alert": "x"]], identifier: id)
    }

    static func call(
        _ callback: SystemCallback, _ state: ApplicationState, key: LaunchOptionsKey? = nil, action: ResponseAction? = nil,
        id: String? = "n-1"
    ) -> CallbackInvocation {
        CallbackInvocation(callback: callback, state: state, launchOptionsKey: key, action: action, notification: id.flatMap { note($0) })
    }

    /// `received foreground n-1`, `opened coldStart reply n-1`, `dismissed n-1`.
    static func render(_ event: PushEvent) -> String {
        var parts = [event.kind.rawValue]
        if let origin = event.origin { parts.append(origin.rawValue) }
        if case .opened(let open) = event { parts.append(open.action.description) }
        parts.append(event.id ?? "-")
        return parts.joined(separator: " ")
    }

    /// Feeds `calls` then flushes, returning the events rendered.
    static func run(_ calls: [CallbackInvocation], window: Int = PushEventNormalizer.defaultDedupeWindow) -> [String] {
        let normalizer = PushEventNormalizer(dedupeWindow: window)
        var events: [PushEvent] = []
        for call in calls { events += normalizer.consume(call) }
        events += normalizer.flush()
        return events.map(render)
    }

    struct CallSequence: Sendable, CustomTestStringConvertible {
        var name: String
        var calls: [CallbackInvocation]
        var events: [String]
        var testDescription: String { name }

        init(_ name: String, _ calls: [CallbackInvocation], _ events: [String]) {
            self.name = name
            self.calls = calls
            self.events = events
        }
    }

    /// Guarantee 3, rule by rule.
    static let kindAndOrigin: [CallSequence] = [
        CallSequence("2 active → received foreground", [call(.didReceiveRemoteNotification, .active)], ["received foreground n-1"]),
        CallSequence("3 active → received foreground", [call(.didReceiveRemoteNotificationFetch, .active)], ["received foreground n-1"]),
        CallSequence("3 background → received background", [call(.didReceiveRemoteNotificationFetch, .background)], ["received background n-1"]),
        CallSequence("2 inactive → opened background", [call(.didReceiveRemoteNotification, .inactive)], ["opened background default n-1"]),
        CallSequence("3 inactive → opened background", [call(.didReceiveRemoteNotificationFetch, .inactive)], ["opened background default n-1"]),
        CallSequence("L active → received foreground", [call(.didReceiveLocalNotification, .active)], ["received foreground n-1"]),
        CallSequence("L inactive → opened background", [call(.didReceiveLocalNotification, .inactive)], ["opened background default n-1"]),
        CallSequence("4 → received foreground", [call(.willPresent, .active)], ["received foreground n-1"]),
        CallSequence(
            "5 default, inactive → opened background", [call(.didReceiveResponse, .inactive, action: .default)], ["opened background default n-1"]),
        CallSequence(
            "5 default, active → opened foreground", [call(.didReceiveResponse, .active, action: .default)], ["opened foreground default n-1"]),
        CallSequence(
            "5 custom, background → opened with the action", [call(.didReceiveResponse, .background, action: .custom("like"))],
            ["opened background like n-1"]),
        CallSequence("5 dismiss → dismissed", [call(.didReceiveResponse, .background, action: .dismiss)], ["dismissed n-1"]),
        CallSequence(
            "A custom → opened with the action", [call(.handleActionForRemote, .inactive, action: .custom("open"))], ["opened background open n-1"]),
        CallSequence(
            "1 inactive with the key → opened coldStart", [call(.didFinishLaunching, .inactive, key: .remoteNotification)],
            ["opened coldStart default n-1"]),
        CallSequence(
            "1 inactive with the local key → opened coldStart", [call(.didFinishLaunching, .inactive, key: .localNotification)],
            ["opened coldStart default n-1"]),
        CallSequence("1 without a key → nothing", [call(.didFinishLaunching, .inactive, id: nil)], []),
        CallSequence(
            "a call without a notification → nothing",
            [call(.willPresent, .active, id: nil), call(.didReceiveRemoteNotificationFetch, .background, id: nil)], []),
        // A tap on a foreground banner of an app without 5 comes as RH active after 4 (the expected events of docs/spec/events.md).
        CallSequence(
            "4 then 3 active → received, then opened foreground",
            [call(.willPresent, .active), call(.didReceiveRemoteNotificationFetch, .active)],
            ["received foreground n-1", "opened foreground default n-1"]),
        CallSequence(
            "4 then 2 active → received, then opened foreground",
            [call(.willPresent, .active), call(.didReceiveRemoteNotification, .active)],
            ["received foreground n-1", "opened foreground default n-1"]),
    ]

    @Test(arguments: kindAndOrigin)
    func eachCallHasItsKindAndOrigin(sequence: CallSequence) {
        #expect(Self.run(sequence.calls) == sequence.events)
    }

    /// Guarantees 1, 2 and 4: one event per delivery and per action, however many calls carry it.
    static let exactlyOnce: [CallSequence] = [
        CallSequence(
            "3 then 4 in the foreground → one received", [call(.didReceiveRemoteNotificationFetch, .active), call(.willPresent, .active)],
            ["received foreground n-1"]),
        CallSequence(
            "3, 4, then a 5 tap → received then opened",
            [call(.didReceiveRemoteNotificationFetch, .active), call(.willPresent, .active), call(.didReceiveResponse, .active, action: .default)],
            ["received foreground n-1", "opened foreground default n-1"]),
        CallSequence(
            "1 then 5 → one opened coldStart",
            [call(.didFinishLaunching, .inactive, key: .remoteNotification), call(.didReceiveResponse, .inactive, action: .default)],
            ["opened coldStart default n-1"]),
        CallSequence(
            "1 then 3 → one opened coldStart",
            [call(.didFinishLaunching, .inactive, key: .remoteNotification), call(.didReceiveRemoteNotificationFetch, .inactive)],
            ["opened coldStart default n-1"]),
        CallSequence(
            "1 then 5 with a custom action → opened coldStart with the later call's action",
            [call(.didFinishLaunching, .inactive, key: .remoteNotification), call(.didReceiveResponse, .inactive, action: .custom("reply"))],
            ["opened coldStart reply n-1"]),
        CallSequence(
            "1 then A → opened coldStart with A's action",
            [call(.didFinishLaunching, .inactive, key: .remoteNotification), call(.handleActionForRemote, .inactive, action: .custom("open"))],
            ["opened coldStart open n-1"]),
        CallSequence(
            "1 local then L → one opened coldStart",
            [call(.didFinishLaunching, .inactive, key: .localNotification), call(.didReceiveLocalNotification, .inactive)],
            ["opened coldStart default n-1"]),
        CallSequence(
            "1 alone → opened coldStart (after the flush)", [call(.didFinishLaunching, .inactive, key: .remoteNotification)],
            ["opened coldStart default n-1"]),
        CallSequence(
            "1 background then 3 background → one received background",
            [call(.didFinishLaunching, .background, key: .remoteNotification), call(.didReceiveRemoteNotificationFetch, .background)],
            ["received background n-1"]),
        CallSequence(
            "1 background then a dismiss → dismissed only",
            [call(.didFinishLaunching, .background, key: .remoteNotification), call(.didReceiveResponse, .background, action: .dismiss)],
            ["dismissed n-1"]),
        CallSequence(
            "a background launch, then a tap → received background, then opened background",
            [
                call(.didFinishLaunching, .background, key: .remoteNotification), call(.didReceiveRemoteNotificationFetch, .background),
                call(.didReceiveResponse, .inactive, action: .default),
            ],
            ["received background n-1", "opened background default n-1"]),
        CallSequence(
            "received background then a tap → both (never swallowed)",
            [call(.didReceiveRemoteNotificationFetch, .background), call(.didReceiveResponse, .inactive, action: .default)],
            ["received background n-1", "opened background default n-1"]),
        CallSequence(
            "received background then a 3 inactive tap → both",
            [call(.didReceiveRemoteNotificationFetch, .background), call(.didReceiveRemoteNotificationFetch, .inactive)],
            ["received background n-1", "opened background default n-1"]),
        CallSequence(
            "the same response twice → one opened",
            [call(.didReceiveResponse, .inactive, action: .default), call(.didReceiveResponse, .inactive, action: .default)],
            ["opened background default n-1"]),
        CallSequence(
            "the same background delivery twice → one received",
            [call(.didReceiveRemoteNotificationFetch, .background), call(.didReceiveRemoteNotificationFetch, .background)],
            ["received background n-1"]),
        CallSequence(
            "received then dismissed → both",
            [call(.willPresent, .active), call(.didReceiveResponse, .active, action: .dismiss)],
            ["received foreground n-1", "dismissed n-1"]),
        CallSequence(
            "a launch for a, then a tap on b → a's cold start, then b's background tap",
            [
                call(.didFinishLaunching, .inactive, key: .remoteNotification, id: "a"),
                call(.didReceiveResponse, .inactive, action: .default, id: "b"),
            ],
            ["opened coldStart default a", "opened background default b"]),
        CallSequence(
            "a launch for a, then an unrelated launch → a's cold start is flushed first",
            [call(.didFinishLaunching, .inactive, key: .remoteNotification, id: "a"), call(.didFinishLaunching, .inactive, id: nil)],
            ["opened coldStart default a"]),
        CallSequence(
            "two notifications in the foreground → two received",
            [call(.willPresent, .active, id: "a"), call(.willPresent, .active, id: "b")],
            ["received foreground a", "received foreground b"]),
    ]

    @Test(arguments: exactlyOnce)
    func exactlyOnceAndNothingLost(sequence: CallSequence) {
        #expect(Self.run(sequence.calls) == sequence.events)
    }

    @Test func aLaunchWaitsForItsFollowUpAndTheFlushEmitsItOnce() {
        let normalizer = PushEventNormalizer()
        #expect(normalizer.consume(Self.call(.didFinishLaunching, .inactive, key: .remoteNotification)).isEmpty)
        #expect(normalizer.hasPendingLaunch)
        #expect(normalizer.flush().map(Self.render) == ["opened coldStart default n-1"])
        #expect(!normalizer.hasPendingLaunch)
        #expect(normalizer.flush().isEmpty)
    }

    @Test func theLaunchsFollowUpCompletesItWithoutAFlush() {
        let normalizer = PushEventNormalizer()
        _ = normalizer.consume(Self.call(.didFinishLaunching, .inactive, key: .remoteNotification))
        let events = normalizer.consume(Self.call(.didReceiveResponse, .inactive, action: .custom("reply")))
        #expect(events.map(Self.render) == ["opened coldStart reply n-1"])
        #expect(!normalizer.hasPendingLaunch)
        #expect(normalizer.flush().isEmpty)
    }

    @Test func theEventCarriesTheNotificationAndTextInput() throws {
        let normalizer = PushEventNormalizer()
        let note = try #require(Self.note("n-9"))
        let events = normalizer.consume(
            CallbackInvocation(
                callback: .didReceiveResponse, state: .background, action: .custom("reply"), textInput: "on my way", notification: note))
        #expect(events == [.opened(.init(notification: note, origin: .background, action: .custom("reply"), textInput: "on my way"))])
    }

    // MARK: The dedupe window

    @Test func theDedupeWindowRemembersItsCapacityAndForgetsTheOldest() {
        var window = DedupeWindow<Int>(capacity: 3)
        #expect([1, 2, 3].map { window.insert($0) } == [true, true, true])
        #expect(window.count == 3)
        #expect(window.insert(2) == false)  // a repeat inside the window
        #expect(window.insert(4) == true)  // evicts 1, the oldest
        #expect(window.count == 3)
        #expect(!window.contains(1))
        #expect(window.contains(2) && window.contains(3) && window.contains(4))
        #expect(window.insert(1) == true)  // forgotten, so new again; evicts 2
        #expect(!window.contains(2))
        #expect(window.insert(4) == false)
    }

    @Test(arguments: [0, 1, 2, 10])
    func theDedupeWindowNeverHoldsMoreThanItsCapacity(capacity: Int) {
        var window = DedupeWindow<Int>(capacity: capacity)
        for key in 0..<1_000 { _ = window.insert(key) }
        #expect(window.count == max(1, capacity))
        #expect(window.contains(999))
        #expect(!window.contains(999 - max(1, capacity)))
    }

    @Test func aRepeatBeyondTheNormalisersWindowIsDeliveredAgain() {
        let a = Self.call(.willPresent, .active, id: "a")
        let others = ["b", "c"].map { Self.call(.willPresent, .active, id: $0) }
        // Within a window of 3, the repeat of a is dropped; with a window of 2 it has been forgotten.
        #expect(Self.run([a] + others + [a], window: 3) == ["received foreground a", "received foreground b", "received foreground c"])
        #expect(Self.run([a] + others + [a], window: 2).filter { $0 == "received foreground a" }.count == 2)
    }

    @Test func theNormalisersMemoryIsBounded() {
        let normalizer = PushEventNormalizer(dedupeWindow: 8)
        for index in 0..<500 { _ = normalizer.consume(Self.call(.willPresent, .active, id: "n-\(index)")) }
        #expect(normalizer.rememberedCount <= 3 * 8)
    }

    // MARK: Identity

    @Test(arguments: [
        (["aps": [:], "_j_msgid": 123] as JSONObject, "explicit", "123"),
        (["aps": [:], "_j_msgid": 9_223_372_036_854_775_807] as JSONObject, "explicit", "9223372036854775807"),
        (["aps": [:], "_j_msgid": "abc"] as JSONObject, "explicit", "abc"),
        (["aps": [:], "_j_msgid": ""] as JSONObject, "explicit", "explicit"),
        (["aps": [:], "_j_msgid": 1.5] as JSONObject, "explicit", "explicit"),
        (["aps": [:], "_gmid_": "task:msg"] as JSONObject, "explicit", "task:msg"),
        (["aps": [:], "_gmid_": "task:msg:extra"] as JSONObject, "explicit", "task:msg"),
        (["aps": [:], "_gmid_": "nocolon"] as JSONObject, "explicit", "explicit"),
        (["aps": [:], "_gmid_": ":msg"] as JSONObject, "explicit", "explicit"),
        (["aps": [:], "_gmid_": 42] as JSONObject, "explicit", "explicit"),
        (["aps": [:], "_j_msgid": 7, "_gmid_": "t:m"] as JSONObject, "explicit", "7"),
        (["aps": [:]] as JSONObject, "explicit", "explicit"),
    ])
    func identityPrefersTheProvidersMessageIDThenTheIdentifier(payload: JSONObject, identifier: String, expected: String) throws {
        // The message ID as the providers' definitions find it (JPush's first, as a multiplexer asks).
        let definitions: [any PushProviderDefinition] = [JPushDefinition(), GetuiDefinition()]
        let messageID = definitions.lazy.compactMap { $0.messageID(in: payload) }.first
        #expect(NotificationIdentity.derive(payload: payload, identifier: identifier, providerMessageID: messageID) == expected)
        #expect(try PushNotification(payload: payload, identifier: identifier, providerMessageID: messageID).id == expected)
    }

    @Test func getuiIdentityIsTaskIDColonMessageID() {
        #expect(GetuiDefinition.messageID(taskID: "T1", messageID: "M2") == "T1:M2")
        #expect(GetuiDefinition().messageID(in: ["_gmid_": "T1:M2"]) == "T1:M2")
        #expect(GetuiDefinition().messageID(in: ["aps": [:]]) == nil)
    }

    @Test func withoutAnIdentifierThePayloadHashIsTheIdentity() throws {
        let payload: JSONObject = ["aps": ["alert": "x"]]
        #expect(NotificationIdentity.derive(payload: payload, identifier: nil) == NotificationIdentity.payloadHash(payload))
        #expect(NotificationIdentity.derive(payload: payload, identifier: "") == NotificationIdentity.payloadHash(payload))
        #expect(try PushNotification(payload: payload).id == NotificationIdentity.payloadHash(payload))
    }

    @Test func thePayloadHashIsStableAcrossProcessesAndPlatforms() {
        // FNV-1a 64 over the canonical JSON, computed independently.
        #expect(NotificationIdentity.payloadHash([:]) == "payload-08f44b07b5901a25")
        #expect(NotificationIdentity.payloadHash(["aps": ["alert": "x"]]) == "payload-9325f5b4daab213f")
    }

    @Test func thePayloadHashIgnoresKeyOrderButNotContent() throws {
        let a = try #require(JSONValue(parsing: #"{"aps":{"alert":"x","badge":1},"k":[1,2]}"#).objectValue)
        let b = try #require(JSONValue(parsing: #"{"k":[1,2],"aps":{"badge":1,"alert":"x"}}"#).objectValue)
        #expect(NotificationIdentity.payloadHash(a) == NotificationIdentity.payloadHash(b))
        #expect(NotificationIdentity.payloadHash(a) == "payload-36279087cdb96907")
        let variants: [JSONObject] = [
            ["aps": ["alert": "x", "badge": 2], "k": [1, 2]],
            ["aps": ["alert": "x", "badge": 1], "k": [2, 1]],
            ["aps": ["alert": "x", "badge": 1.0], "k": [1, 2]],
            ["aps": ["alert": "x", "badge": true], "k": [1, 2]],
            ["aps": ["alert": "x", "badge": 1], "k": [1, 2], "extra": nil],
        ]
        for variant in variants {
            #expect(NotificationIdentity.payloadHash(variant) != NotificationIdentity.payloadHash(a), "\(variant)")
        }
        let hash = NotificationIdentity.payloadHash(a)
        #expect(hash.hasPrefix("payload-") && hash.count == 24)
        #expect(hash.dropFirst(8).allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }

    @Test func twoCopiesOfOnePayloadWithoutIdentifiersAreOneNotification() throws {
        let first = try PushNotification(json: Array(#"{"aps":{"alert":"x"},"k":1}"#.utf8))
        let second = try PushNotification(json: Array(#"{"k":1,"aps":{"alert":"x"}}"#.utf8))
        let normalizer = PushEventNormalizer()
        var events = normalizer.consume(CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .background, notification: first))
        events += normalizer.consume(CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .background, notification: second))
        #expect(events.count == 1)
    }
}
