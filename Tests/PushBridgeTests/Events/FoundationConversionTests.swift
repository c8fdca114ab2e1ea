import Foundation
import PushBridge
import Testing

/// `userInfo` dictionaries become `JSONValue`s once, at the edge, keeping Bool, integer and double apart.
@Suite struct FoundationConversionTests {
    @Test func jsonSerializationOutputKeepsItsTypes() throws {
        let text =
            #"{"aps":{"alert":{"title":"T","body":"B"},"badge":3,"content-available":1},"flag":true,"off":false,"ratio":0.5,"list":[1,"x",null]}"#
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [AnyHashable: Any])
        let value = try JSONValue(foundation: object)
        #expect(value == (try JSONValue(parsing: text)))
        #expect(value["flag"] == .bool(true))
        #expect(value["off"] == .bool(false))
        #expect(value["aps"]?["badge"] == .integer(3))
        #expect(value["ratio"] == .double(0.5))
    }

    @Test func swiftValuesConvert() throws {
        let userInfo: [AnyHashable: Any] = ["aps": ["alert": "Hi", "badge": 2] as [String: Any], "on": true, "n": 7, "d": 1.25]
        let note = try PushNotification(userInfo: userInfo, identifier: "u-1")
        #expect(note.content.body == "Hi")
        #expect(note.content.badge == 2)
        #expect(note.customKeys["on"] == .bool(true))
        #expect(note.customKeys["n"] == .integer(7))
        #expect(note.customKeys["d"] == .double(1.25))
        #expect(note.id == "u-1")
    }

    /// Each case builds its `userInfo` when it runs (`Any` values cannot be test arguments).
    static let badCases: [(name: String, field: String)] = [
        ("date", "payload.when"), ("data", "payload.blob"), ("intKey", "payload"), ("apsString", "aps"), ("noAps", "aps"),
    ]

    static func userInfo(_ name: String) -> [AnyHashable: Any] {
        switch name {
        case "date": ["aps": ["alert": "x"], "when": Date()]
        case "data": ["aps": ["alert": "x"], "blob": Data([1, 2])]
        case "intKey": ["aps": ["alert": "x"], 5: "five"]
        case "apsString": ["aps": "not an object"]
        default: ["noAps": 1]
        }
    }

    @Test(arguments: badCases)
    func badUserInfoIsAnErrorNamingTheKey(badCase: (name: String, field: String)) {
        #expect {
            _ = try PushNotification(userInfo: Self.userInfo(badCase.name))
        } throws: { error in
            (error as? PushError)?.field == badCase.field
        }
    }

    @Test func nestingBeyondTheLimitIsAnError() {
        var value: Any = "leaf"
        for _ in 0..<100 { value = ["k": value] }
        #expect(throws: PushError.self) { _ = try JSONValue(foundation: value) }
    }

    /// The conversion's default depth is the parser's: a payload the parser reads converts, one
    /// level more does not, whichever way it came in.
    @Test func theDefaultDepthIsTheParsers() throws {
        let limit = JSONParser.Limits.default.maxDepth
        func nested(_ levels: Int) -> Any {
            var value: Any = "leaf"
            for _ in 0..<levels { value = ["k": value] }
            return value
        }
        func text(_ levels: Int) -> String { String(repeating: #"{"k":"#, count: levels) + #""leaf""# + String(repeating: "}", count: levels) }
        _ = try JSONValue(foundation: nested(limit))
        _ = try JSONParser.parse(text(limit))
        #expect(throws: PushError.self) { _ = try JSONValue(foundation: nested(limit + 1)) }
        #expect(throws: JSONParseError.self) { _ = try JSONParser.parse(text(limit + 1)) }
    }
}

/// JSON values back to Foundation, for the SDK calls that take dictionaries.
@Suite struct FoundationRoundTripTests {
    @Test func aPayloadSurvivesTheRoundTrip() throws {
        let value = try JSONValue(parsing: #"{"aps":{"alert":"x","badge":2},"on":true,"n":null,"list":[1,2.5,"s"],"deep":{"a":{"b":[]}}}"#)
        let object = try #require(value.objectValue)
        #expect(try JSONValue(foundation: object.foundationDictionary) == value)
    }
}
