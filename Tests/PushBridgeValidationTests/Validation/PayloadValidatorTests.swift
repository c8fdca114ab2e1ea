import PushBridge
import PushBridgeGetui
import PushBridgeJPush
import PushBridgeValidation
import Testing

/// Payload validation: sizes in UTF-8 bytes at their exact limits, strict aps types, every problem named.
@Suite struct PayloadValidatorTests {
    private func validate(_ text: String, _ type: PayloadValidator.PushType = .alert, provider: any PushProviderDefinition = APNsDefinition()) throws
        -> PayloadValidator.Report
    {
        try PayloadValidator.validate(Array(text.utf8), pushType: type, provider: provider)
    }

    /// A payload whose compact JSON is exactly `size` bytes, its body made of `filler` characters
    /// (multi-byte ones where `filler` is) topped up with ASCII.
    private func payload(size: Int, filler: Character) -> String {
        let empty = #"{"aps":{"alert":""}}"#.utf8.count
        let fillerBytes = String(filler).utf8.count
        let count = (size - empty) / fillerBytes
        let body = String(repeating: filler, count: count) + String(repeating: "a", count: size - empty - count * fillerBytes)
        let text = #"{"aps":{"alert":"\#(body)"}}"#
        precondition(text.utf8.count == size)
        return text
    }

    @Test(arguments: [
        (PayloadValidator.PushType.alert, Character("a")), (.alert, "张"), (.alert, "😀"), (.alert, "é"),
        (.voip, "a"), (.voip, "张"), (.background, "😀"),
    ])
    func sizeLimitsAreExactInUTF8Bytes(type: PayloadValidator.PushType, filler: Character) throws {
        let atLimit = try validate(payload(size: type.maxBytes, filler: filler), type)
        #expect(atLimit.size == type.maxBytes)
        #expect(!atLimit.problems.contains { $0.field == "payload" })
        let over = try validate(payload(size: type.maxBytes + 1, filler: filler), type)
        #expect(over.problems.contains { $0.field == "payload" })
    }

    @Test func theSizeIsOfTheCompactPayloadWithoutTheSimulatorBundle() throws {
        let pretty = """
            {
              "Simulator Target Bundle": "com.example.app",
              "aps": { "alert": "Hi" }
            }
            """
        let report = try validate(pretty)
        #expect(report.isValid)
        #expect(report.size == #"{"aps":{"alert":"Hi"}}"#.utf8.count)
        #expect(report.simulatorTargetBundle == "com.example.app")
        #expect(report.payload["Simulator Target Bundle"] == nil)
    }

    /// Payloads APNs delivers but iOS reads only in part: each finding a warning (the payload is
    /// valid), naming its key path.
    static let warned: [(json: String, fields: [String])] = [
        (#"{}"#, ["aps"]),
        (#"{"aps": []}"#, ["aps"]),
        (#"{"aps": {"alert": 5}}"#, ["aps.alert"]),
        (#"{"aps": {"alert": {"title": 1, "loc-args": ["a", 2], "titel": "x"}}}"#, ["aps.alert.title", "aps.alert.loc-args", "aps.alert.titel"]),
        (#"{"aps": {"badge": -1}}"#, ["aps.badge"]),
        (#"{"aps": {"badge": 1.5}}"#, ["aps.badge"]),
        (#"{"aps": {"badge": "3"}}"#, ["aps.badge"]),
        (#"{"aps": {"content-available": true}}"#, ["aps.content-available", "aps"]),
        (#"{"aps": {"content-available": "1"}}"#, ["aps.content-available", "aps"]),
        (#"{"aps": {"content-available": 0}}"#, ["aps"]),
        (#"{"aps": {"mutable-content": 2}}"#, ["aps.mutable-content", "aps"]),
        (#"{"aps": {"sound": 1}}"#, ["aps.sound"]),
        (#"{"aps": {"sound": {"critical": 2, "volume": 1.5}}}"#, ["aps.sound.critical", "aps.sound.volume", "aps.sound.name"]),
        (#"{"aps": {"interruption-level": "urgent"}}"#, ["aps.interruption-level", "aps"]),
        (#"{"aps": {"relevance-score": 1.1}}"#, ["aps.relevance-score", "aps"]),
        (#"{"aps": {"relevance-score": -0.1}}"#, ["aps.relevance-score", "aps"]),
        (#"{"aps": {"thread-id": 7, "category": []}}"#, ["aps.thread-id", "aps.category", "aps"]),
        (#"{"aps": {"alert": "x", "type": "comment"}}"#, ["aps.type"]),
        (#"{"aps": {"alert": "x", "body": "misplaced"}}"#, ["aps.body"]),
        (#"{"aps": {"alert": {"body": "x", "badge": 1}}}"#, ["aps.alert.badge"]),
        (#"{"aps": {"alert": "x"}, "Simulator Target Bundle": 1}"#, ["Simulator Target Bundle"]),
    ]

    @Test(arguments: warned)
    func everyWarningNamesItsKeyPathAndLeavesThePayloadValid(json: String, fields: [String]) throws {
        let report = try validate(json)
        #expect(report.warnings.map { $0.field ?? "" } == fields)
        #expect(report.isValid, "APNs delivers it: \(report.problems)")
    }

    @Test func aBackgroundPushNeedsContentAvailableAndShouldBeSilent() throws {
        #expect(try validate(#"{"aps": {"content-available": 1}}"#, .background).warnings.isEmpty)
        // A background push that alerts does not match its type: APNs may drop it (iOS 13+).
        let loud = try validate(#"{"aps": {"content-available": 1, "alert": "x", "badge": 1, "sound": "a"}}"#, .background)
        #expect(!loud.isValid)
        #expect(loud.problems.map { $0.field ?? "" } == ["apns-push-type"])
        #expect(try validate(#"{"aps": {}}"#, .background).problems.map { $0.field ?? "" } == ["aps.content-available"])
    }

    /// A badge or sound beside content-available, sent as background: APNs delivers it and wakes
    /// the app (Apple Developer Forums thread 745345, issue 46): valid, with a warning naming the
    /// push type. An alert sent as background stays an error (net-core-push-notifications#9).
    @Test(arguments: [#"{"aps": {"content-available": 1, "badge": 3}}"#, #"{"aps": {"content-available": 1, "sound": "default"}}"#])
    func aBadgeOrSoundBesideContentAvailableIsAWarningNotAnError(json: String) throws {
        let report = try validate(json, .background)
        #expect(report.isValid, "\(report.problems)")
        #expect(report.warnings.map { $0.field ?? "" } == ["apns-push-type"])
        let alerted = try validate(#"{"aps": {"content-available": 1, "badge": 3, "alert": "x"}}"#, .background)
        #expect(alerted.problems.map { $0.field ?? "" } == ["apns-push-type"])
    }

    @Test(arguments: [
        #"{"aps": {"alert": "x"}, "aps": {}}"#,
        #"{"aps": {"alert": "\ud800"}}"#,
        #"{"aps": {"alert": "x"}} trailing"#,
        String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
        "",
        "\u{FF}\u{FE}",
        "[1, 2]",
    ])
    func unreadableInputIsAMalformedJSONError(text: String) {
        #expect {
            _ = try validate(text)
        } throws: { error in
            (error as? PushError)?.code == .malformedJSON
        }
    }

    @Test func validPayloadsOfEveryDocumentedKey() throws {
        let full = #"""
            {"aps": {"alert": {"title": "T", "subtitle": "S", "body": "B", "loc-key": "K", "loc-args": ["a"]},
             "badge": 0, "sound": {"critical": 1, "name": "alarm.caf", "volume": 0.5}, "thread-id": "t", "category": "c",
             "content-available": 1, "mutable-content": 1, "interruption-level": "time-sensitive", "relevance-score": 1,
             "target-content-id": "x", "filter-criteria": "work"}, "custom": {"any": ["thing", 1, true, null]}}
            """#
        let report = try validate(full)
        #expect(report.isValid, "\(report.problems)")
        #expect(report.warnings.isEmpty, "\(report.warnings)")
    }

    @Test func providerKeysAreCheckedAsWarnings() throws {
        #expect(try validate(#"{"aps": {"alert": "x"}, "_j_msgid": 123}"#, provider: JPushDefinition()).warnings.isEmpty)
        #expect(try validate(#"{"aps": {"alert": "x"}, "_j_msgid": [1]}"#, provider: JPushDefinition()).warnings.map(\.field) == ["_j_msgid"])
        #expect(try validate(#"{"aps": {"alert": "x"}, "_gmid_": "t:m:1"}"#, provider: GetuiDefinition()).warnings.isEmpty)
        #expect(try validate(#"{"aps": {"alert": "x"}, "_gmid_": "nocolon"}"#, provider: GetuiDefinition()).warnings.map(\.field) == ["_gmid_"])
    }
}
