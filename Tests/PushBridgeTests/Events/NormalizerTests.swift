import PushBridge
import Testing

@testable import PushBridge

/// The normaliser's rules, one call sequence at a time.
@Suite struct NormalizerTests {
    static func note(_ payload: JSONObject = ["aps": ["alert": "x"]], id: String? = "n") -> PushNotification? {
        try? PushNotification(payload: payload, identifier: id)
    }

    static func call(_ callback: SystemCallback, _ state: ApplicationState, key: LaunchOptionsKey? = nil, action: ResponseAction? = nil,
                     note: PushNotification? = note()) -> CallbackInvocation {
        CallbackInvocation(callback: callback, state: state, launchOptionsKey: key, action: action, notification: note)
    }

    /// A call sequence and the events it yields, as `kind/origin/action`.
    static let sequences: [(name: String, calls: [CallbackInvocation], events: [String])] = [
        ("2 active", [call(.didReceiveRemoteNotification, .active)], ["received/foreground"]),
        ("3 background", [call(.didReceiveRemoteNotificationFetch, .background)], ["received/background"]),
        ("3 inactive", [call(.didReceiveRemoteNotificationFetch, .inactive)], ["opened/background/default"]),
        ("L inactive", [call(.didReceiveLocalNotification, .inactive)], ["opened/background/default"]),
        ("3 then 4", [call(.didReceiveRemoteNotificationFetch, .active), call(.willPresent, .active)], ["received/foreground"]),
        ("4 then tap via 3 active", [call(.willPresent, .active), call(.didReceiveRemoteNotificationFetch, .active)], ["received/foreground", "opened/foreground/default"]),
        ("5 active", [call(.didReceiveResponse, .active, action: .default)], ["opened/foreground/default"]),
        ("5 dismiss", [call(.didReceiveResponse, .background, action: .dismiss)], ["dismissed"]),
        ("1 + 5", [call(.didFinishLaunching, .inactive, key: .remoteNotification), call(.didReceiveResponse, .inactive, action: .default)], ["opened/coldStart/default"]),
        ("1 + 5 custom", [call(.didFinishLaunching, .inactive, key: .remoteNotification), call(.didReceiveResponse, .inactive, action: .custom("reply"))],
         ["opened/coldStart/reply"]),
        ("1 + 3", [call(.didFinishLaunching, .inactive, key: .remoteNotification), call(.didReceiveRemoteNotificationFetch, .inactive)], ["opened/coldStart/default"]),
        ("1 + A", [call(.didFinishLaunching, .inactive, key: .remoteNotification), call(.handleActionForRemote, .inactive, action: .custom("x"))], ["opened/coldStart/x"]),
        ("1 alone", [call(.didFinishLaunching, .inactive, key: .remoteNotification)], ["opened/coldStart/default"]),
        ("1 local alone", [call(.didFinishLaunching, .inactive, key: .localNotification)], ["opened/coldStart/default"]),
        ("1 background + 3", [call(.didFinishLaunching, .background, key: .remoteNotification), call(.didReceiveRemoteNotificationFetch, .background)], ["received/background"]),
        ("1 background + dismiss", [call(.didFinishLaunching, .background, key: .remoteNotification), call(.didReceiveResponse, .background, action: .dismiss)], ["dismissed"]),
        ("1 without key", [call(.didFinishLaunching, .inactive, note: nil)], []),
        ("received then tap", [call(.didReceiveRemoteNotificationFetch, .background), call(.didReceiveResponse, .inactive, action: .default)],
         ["received/background", "opened/background/default"]),
        ("1 for a, then 5 for b", [call(.didFinishLaunching, .inactive, key: .remoteNotification, note: note(id: "a")), call(.didReceiveResponse, .inactive, action: .default, note: note(id: "b"))],
         ["opened/coldStart/default", "opened/background/default"]),
        ("the same response twice", [call(.didReceiveResponse, .inactive, action: .default), call(.didReceiveResponse, .inactive, action: .default)], ["opened/background/default"]),
        ("a callback without a notification", [call(.willPresent, .active, note: nil)], []),
    ]

    @Test(arguments: sequences)
    func sequence(name: String, calls: [CallbackInvocation], events: [String]) {
        var normalizer = PushEventNormalizer()
        var emitted: [PushEvent] = []
        for call in calls { emitted += normalizer.consume(call) }
        emitted += normalizer.flush()
        #expect(emitted.map(Self.render) == events, "\(name)")
    }

    static func render(_ event: PushEvent) -> String {
        switch event {
        case .received(let received): "received/\(received.origin)"
        case .opened(let open): "opened/\(open.origin)/\(open.action)"
        case .dismissed: "dismissed"
        default: "\(event.kind)"
        }
    }

    @Test func theDedupeWindowIsBounded() {
        var window = DedupeWindow<Int>(capacity: 3)
        let firstThree = [1, 2, 3].map { window.insert($0) }
        #expect(firstThree == [true, true, true])
        let repeated = window.insert(1)
        let fourth = window.insert(4)  // forgets 1
        #expect(!repeated && fourth)
        #expect(window.count == 3)
        let oneAgain = window.insert(1)
        let fourAgain = window.insert(4)
        #expect(oneAgain && !fourAgain)
    }

    @Test func aRepeatBeyondTheWindowIsDeliveredAgain() {
        var normalizer = PushEventNormalizer(dedupeWindow: 2)
        let a = Self.call(.willPresent, .active, note: Self.note(id: "a"))
        var count = normalizer.consume(a).count
        for id in ["b", "c"] { _ = normalizer.consume(Self.call(.willPresent, .active, note: Self.note(id: id))) }
        count += normalizer.consume(a).count
        #expect(count == 2)
    }

    @Test(arguments: [
        (["aps": [:], "_j_msgid": 123] as JSONObject, "id", "123"),
        (["aps": [:], "_j_msgid": "abc"] as JSONObject, "id", "abc"),
        (["aps": [:], "_gmid_": "task:msg:extra"] as JSONObject, "id", "task:msg"),
        (["aps": [:], "_gmid_": "nocolon"] as JSONObject, "id", "id"),
        (["aps": [:]] as JSONObject, "id", "id"),
    ])
    func identityPrefersTheProvidersMessageID(payload: JSONObject, identifier: String, expected: String) {
        #expect(NotificationIdentity.derive(payload: payload, identifier: identifier) == expected)
    }

    @Test func thePayloadHashIsStableAndOrderIndependent() throws {
        let a = try #require(JSONValue(parsing: #"{"aps":{"alert":"x","badge":1},"k":[1,2]}"#).objectValue)
        let b = try #require(JSONValue(parsing: #"{"k":[1,2],"aps":{"badge":1,"alert":"x"}}"#).objectValue)
        let hash = NotificationIdentity.derive(payload: a, identifier: nil)
        #expect(hash == NotificationIdentity.derive(payload: b, identifier: nil))
        #expect(hash.hasPrefix("payload-") && hash.count == 24)
        #expect(hash == NotificationIdentity.payloadHash(a))
        #expect(hash != NotificationIdentity.derive(payload: ["aps": ["alert": "y"]], identifier: nil))
    }
}
