import PushBridge
import Testing

/// The strict JSON reader: every failure is a precise error, never a trap.
@Suite struct JSONParserTests {
    @Test(arguments: [
        #"{"aps":{"alert":"Hi","badge":1},"list":[1,-2,3.5,true,false,null],"s":"é😀\n\"\\"}"#,
        #"[]"#, #"{}"#, #""text""#, #"0"#, #"-0.5e3"#, #"9223372036854775807"#, #"-9223372036854775808"#,
    ])
    func validDocumentsRoundTrip(text: String) throws {
        let value = try JSONValue(parsing: text)
        for style in [JSONWriter.Style.compact, .pretty, .canonical] {
            #expect(try JSONValue(parsing: JSONWriter.string(from: value, style: style)) == value)
        }
    }

    @Test(arguments: ["\u{2028}", "a\u{2029}b", "\u{01}\u{1F}", "€‒—…", "\u{E000}x", "\"\\/\t\r\n"])
    func theWriterEscapesWhatItMust(text: String) throws {
        let written = JSONWriter.string(from: .string(text))
        #expect(try JSONValue(parsing: written) == .string(text))
        #expect(!written.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
    }

    @Test func typesStayApart() throws {
        let value = try JSONValue(parsing: #"{"t": true, "one": 1, "oneDouble": 1.0, "s": "1"}"#)
        #expect(value["t"] == .bool(true))
        #expect(value["one"] == .integer(1))
        #expect(value["oneDouble"] == .double(1))
        #expect(value["s"] == .string("1"))
    }

    @Test func surrogatePairsDecode() throws {
        #expect(try JSONValue(parsing: #""\ud83d\ude00""#) == .string("😀"))
        #expect(try JSONValue(parsing: #""\u00e9\u0041""#) == .string("éA"))
    }

    static let invalid: [(text: String, kind: JSONParseError.Kind)] = [
        ("", .empty),
        ("   \n ", .empty),
        ("{", .unexpectedEnd(expected: "a key string")),
        (#"{"a" 1}"#, .unexpectedCharacter(expected: "':' after a key")),
        (#"{"a":1,}"#, .unexpectedCharacter(expected: "a key string")),
        ("[1 2]", .unexpectedCharacter(expected: "',' or ']' after an array element")),
        ("tru", .unexpectedEnd(expected: "'true'")),
        ("nul1", .unexpectedCharacter(expected: "a value")),
        (#""abc"#, .unexpectedEnd(expected: "'\"' to close a string")),
        (#""\x""#, .invalidEscape),
        (#""\u12G4""#, .invalidEscape),
        (#""\ud800""#, .loneSurrogate),
        (#""\udc00""#, .loneSurrogate),
        (#""\ud800\u0041""#, .loneSurrogate),
        ("\"a\u{01}b\"", .controlCharacter),
        ("01", .invalidNumber),
        ("1.", .invalidNumber),
        ("-", .invalidNumber),
        ("1e", .invalidNumber),
        ("+1", .unexpectedCharacter(expected: "a value")),
        ("9223372036854775808", .numberOutOfRange),
        ("-9223372036854775809", .numberOutOfRange),
        ("1e400", .numberOutOfRange),
        (#"{"a":1,"a":2}"#, .duplicateKey("a")),
        ("[1] x", .trailingCharacters),
        ("NaN", .unexpectedCharacter(expected: "a value")),
    ]

    @Test(arguments: invalid)
    func invalidDocumentsSayWhy(text: String, kind: JSONParseError.Kind) {
        #expect {
            _ = try JSONValue(parsing: text)
        } throws: { error in
            (error as? JSONParseError)?.kind == kind
        }
    }

    @Test(arguments: [[0xC3, 0x28], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xC0, 0xAF], [0xFF]] as [[UInt8]])
    func invalidUTF8InStrings(bytes: [UInt8]) {
        let document = [UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")]
        #expect {
            _ = try JSONParser.parse(document)
        } throws: { error in
            (error as? JSONParseError)?.kind == .invalidUTF8
        }
    }

    @Test func nestingIsBounded() throws {
        let limits = JSONParser.Limits(maxDepth: 10)
        let atLimit = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        _ = try JSONParser.parse(atLimit, limits: limits)
        let over = String(repeating: "[", count: 11) + String(repeating: "]", count: 11)
        #expect { _ = try JSONParser.parse(over, limits: limits) } throws: { ($0 as? JSONParseError)?.kind == .tooDeep(limit: 10) }
        let hostile = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParseError.self) { _ = try JSONParser.parse(hostile) }
    }

    @Test func sizeIsBounded() {
        #expect {
            _ = try JSONParser.parse("[1,2,3]", limits: JSONParser.Limits(maxBytes: 4))
        } throws: { error in
            (error as? JSONParseError)?.kind == .tooLarge(limit: 4)
        }
    }

    @Test func positionsAreReported() {
        do {
            _ = try JSONValue(parsing: "{\n  \"a\": 1,\n  \"b\" 2\n}")
            Issue.record("parsed")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 7)
            #expect(error.description.contains("line 3, column 7"))
        }
    }

    @Test func objectsKeepOrderAndCompareWithoutIt() {
        var object: JSONObject = ["b": 1, "a": 2]
        object["c"] = 3
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object == ["c": 3, "a": 2])
        #expect(JSONWriter.string(from: .object(object)) == #"{"a":2,"c":3}"#)
        #expect(JSONWriter.string(from: ["z": 1, "a": 1], style: .canonical) == #"{"a":1,"z":1}"#)
    }

    @Test func deterministicGarbageNeverTraps() {
        var generator = SplitMix64(seed: 42)
        var parsed = 0
        for length in 0..<2_000 {
            let bytes = (0..<(length % 64)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if (try? JSONParser.parse(bytes)) != nil { parsed += 1 }
        }
        #expect(parsed < 2_000)
    }
}

/// A seeded generator, so "random" inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
