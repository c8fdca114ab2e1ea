import Testing

@testable import PushBridge

/// The strict JSON reader and the writer: round trips, every failure kind with its position, types kept apart.
@Suite struct JSONParserTests {
    // MARK: Round trips

    static let validDocuments = [
        #"{"aps":{"alert":"Hi","badge":1},"list":[1,-2,3.5,true,false,null],"s":"é😀\n\"\\"}"#,
        #"{"nested":{"a":[{"b":[[]]},{}],"c":"\u0000\u001f\u2028"}}"#,
        "[]", "{}", #""text""#, #""""#, "0", "-0", "-0.5e3", "1E+2", "2.5e-3", "123456789012345678901234567890.5",
        "9223372036854775807", "-9223372036854775808", "true", "false", "null",
        " \t\r\n[ 1 , 2 ]\n ",
    ]

    @Test(arguments: validDocuments)
    func validDocumentsRoundTripThroughEveryStyle(text: String) throws {
        let value = try JSONValue(parsing: text)
        for style in [JSONWriter.Style.compact, .pretty, .canonical] {
            let written = JSONWriter.string(from: value, style: style)
            #expect(try JSONValue(parsing: written) == value, "\(style)")
            #expect(JSONWriter.bytes(from: value, style: style) == Array(written.utf8))
        }
    }

    /// A leading UTF-8 byte-order mark: the parser refuses it (its documented choice),
    /// the file readers drop it, once and only at the start.
    @Test func aByteOrderMarkIsDroppedByTheFileReadersOnly() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(throws: JSONParseError.self) { try JSONParser.parse(bom + Array("{}".utf8)) }
        #expect(try JSONParser.parse(JSONParser.withoutByteOrderMark(bom + Array(#"{"a":1}"#.utf8))) == ["a": 1])
        #expect(JSONParser.withoutByteOrderMark(bom + bom) == bom)
        #expect(JSONParser.withoutByteOrderMark(Array("{}".utf8) + bom) == Array("{}".utf8) + bom)
        #expect(JSONParser.withoutByteOrderMark([0xEF, 0xBB]) == [0xEF, 0xBB])
    }

    /// U+FEFF inside a string is a character like any other (RFC 8259 §7), kept at the start of a key
    /// or a value, raw or escaped; Foundation on Linux drops a raw one there (the JSON fuzzer's rule 9,
    /// found by `FuzzJSONDifferential`: `Fuzz/Corpus/jsondifferential/feff-at-the-start-of-a-key.json`).
    @Test func aZeroWidthNoBreakSpaceAtTheStartOfAStringIsKept() throws {
        let raw = try JSONParser.parse(Array("{\"\u{FEFF}a\":[\"\u{FEFF}\"],\"a\":1}".utf8))
        #expect(raw == ["\u{FEFF}a": ["\u{FEFF}"], "a": 1])
        let escaped = try JSONParser.parse(Array(#"{"\ufeffa":["\uFEFF"],"a":1}"#.utf8))
        #expect(escaped == raw)
    }

    @Test func canonicalKeysAreInTheOrderOfTheirUTF8BytesNotOfSwiftStringComparison() throws {
        // "e" + a combining acute (65 CC 81) compares as its precomposed form "é" (U+00E9) under
        // String's `<`, so after "f"; by its bytes it comes before "f". The canonical order is
        // the bytes' (the same on every platform and Swift version).
        let keys = ["f", "e\u{301}", "b", "B", "😀", "é"]
        #expect(keys.sorted() == ["B", "b", "f", "e\u{301}", "é", "😀"])
        #expect(keys.sortedByUTF8() == ["B", "b", "e\u{301}", "f", "é", "😀"])
        #expect(keys.positionsInUTF8Order() == [3, 2, 1, 0, 5, 4])
        var object = JSONObject()
        for key in keys.dropLast() { object[key] = .string(key) }
        let canonical = JSONWriter.string(from: .object(object), style: .canonical)
        #expect(canonical == #"{"B":"B","b":"b","e\#u{301}":"e\#u{301}","f":"f","😀":"😀"}"#)
    }

    @Test func theUTF8OrderIsStableAndAgreesWithTheStandardLibrarysSortAtEverySize() {
        // Every length from 0 to 70 (runs of 1, 2, 4, … and a ragged last run), with repeats (a
        // fixed scramble) so that equal strings must keep their order, against the standard
        // library's stable sort.
        let alphabet = ["a", "b", "B", "é", "e\u{301}", "😀", "", "ab", "a\u{0}"]
        for count in 0...70 {
            let keys = (0..<count).map { alphabet[($0 * $0 * 7 + $0 * 3 + count) % alphabet.count] }
            let expected = keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
            #expect(keys.positionsInUTF8Order() == expected, "\(keys)")
            #expect(keys.sortedByUTF8() == expected.map { keys[$0] })
        }
    }

    @Test func theThreeStylesLayOutTheSameValueDifferently() throws {
        let value = try JSONValue(parsing: #"{"b": [1, {"z": null, "a": true}], "a": "x"}"#)
        #expect(JSONWriter.string(from: value) == #"{"b":[1,{"z":null,"a":true}],"a":"x"}"#)
        #expect(JSONWriter.string(from: value, style: .canonical) == #"{"a":"x","b":[1,{"a":true,"z":null}]}"#)
        #expect(
            JSONWriter.string(from: value, style: .pretty) == """
                {
                  "b": [
                    1,
                    {
                      "z": null,
                      "a": true
                    }
                  ],
                  "a": "x"
                }
                """)
        #expect(JSONWriter.string(from: [:], style: .pretty) == "{}")
        #expect(JSONWriter.string(from: [], style: .pretty) == "[]")
    }

    @Test(arguments: ["\u{2028}", "a\u{2029}b", "\u{01}\u{1F}", "€‒—…", "\u{E000}x", "\"\\/\t\r\n", "😀"])
    func theWriterEscapesWhatItMust(text: String) throws {
        let written = JSONWriter.string(from: .string(text))
        #expect(try JSONValue(parsing: written) == .string(text))
        #expect(!written.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
    }

    // MARK: Types

    @Test func boolsIntegersAndDoublesStayApart() throws {
        let value = try JSONValue(parsing: #"{"t": true, "f": false, "one": 1, "oneDouble": 1.0, "exp": 1e2, "s": "1", "n": null}"#)
        #expect(value["t"] == .bool(true))
        #expect(value["t"]?.integerValue == nil)
        #expect(value["f"] == .bool(false))
        #expect(value["one"] == .integer(1))
        #expect(value["one"]?.boolValue == nil)
        #expect(value["oneDouble"] == .double(1))
        #expect(value["oneDouble"] != .integer(1))
        #expect(value["exp"] == .double(100))
        #expect(value["s"] == .string("1"))
        #expect(value["n"] == .null)
        // A double that is integral is written with a fraction, so it reads back as a double.
        #expect(JSONWriter.string(from: .double(1)) == "1.0")
        #expect(try JSONValue(parsing: JSONWriter.string(from: .double(1))) == .double(1))
    }

    @Test func theExtremeIntegersParse() throws {
        #expect(try JSONValue(parsing: "9223372036854775807") == .integer(Int64.max))
        #expect(try JSONValue(parsing: "-9223372036854775808") == .integer(Int64.min))
        #expect(try JSONValue(parsing: "-0") == .integer(0))
    }

    @Test func escapesDecode() throws {
        #expect(try JSONValue(parsing: #""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{08}\u{0C}\n\r\t"))
        #expect(try JSONValue(parsing: #""\u00e9\u0041\u00E9""#) == .string("éAé"))
        #expect(try JSONValue(parsing: #""a\u0000b""#) == .string("a\u{0}b"))
    }

    @Test func aSurrogatePairDecodesToOneScalar() throws {
        let value = try JSONValue(parsing: #""\ud83d\ude00""#)
        #expect(value == .string("\u{1F600}"))
        #expect(value.stringValue?.unicodeScalars.map(\.value) == [0x1F600])
        #expect(try JSONValue(parsing: #""x\uD83D\uDE00y""#) == .string("x😀y"))
    }

    @Test func escapedAndLiteralKeysAreTheSameKey() {
        #expect(throws: JSONParseError(kind: .duplicateKey("a"), offset: 7, line: 1, column: 8)) {
            try JSONValue(parsing: #"{"a":1,"\u0061":2}"#)
        }
    }

    // MARK: Failures

    struct Failure: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var kind: JSONParseError.Kind
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ kind: JSONParseError.Kind) {
            self.init(name, bytes: Array(text.utf8), kind)
        }

        init(_ name: String, bytes: [UInt8], _ kind: JSONParseError.Kind) {
            self.name = name
            self.bytes = bytes
            self.kind = kind
        }

        /// A string literal around `inner` bytes: `"` inner `"`.
        static func inString(_ name: String, _ inner: [UInt8], _ kind: JSONParseError.Kind) -> Failure {
            Failure(name, bytes: [0x22] + inner + [0x22], kind)
        }
    }

    static let failures: [Failure] = [
        // empty
        Failure("nothing at all", "", .empty),
        Failure("only white space", " \t\r\n ", .empty),
        // invalid UTF-8 inside strings
        .inString("a lone continuation byte", [0x80], .invalidUTF8),
        .inString("a lead byte followed by ASCII", [0xC3, 0x28], .invalidUTF8),
        .inString("overlong 2-byte '/' (C0 AF)", [0xC0, 0xAF], .invalidUTF8),
        .inString("overlong 2-byte (C1 BF)", [0xC1, 0xBF], .invalidUTF8),
        .inString("overlong 3-byte '/' (E0 80 AF)", [0xE0, 0x80, 0xAF], .invalidUTF8),
        .inString("overlong 4-byte (F0 80 80 AF)", [0xF0, 0x80, 0x80, 0xAF], .invalidUTF8),
        .inString("encoded high surrogate U+D800 (ED A0 80)", [0xED, 0xA0, 0x80], .invalidUTF8),
        .inString("encoded low surrogate U+DFFF (ED BF BF)", [0xED, 0xBF, 0xBF], .invalidUTF8),
        .inString("beyond U+10FFFF (F4 90 80 80)", [0xF4, 0x90, 0x80, 0x80], .invalidUTF8),
        .inString("F5 is never a lead byte", [0xF5, 0x80, 0x80, 0x80], .invalidUTF8),
        .inString("FF is never UTF-8", [0xFF], .invalidUTF8),
        .inString("a 3-byte sequence with a bad third byte", [0xE2, 0x82, 0x28], .invalidUTF8),
        Failure("a 2-byte sequence cut by the end of input", bytes: [0x22, 0xC3], .invalidUTF8),
        // unexpected characters
        Failure("a bare word", "hello", .unexpectedCharacter(expected: "a value")),
        Failure("a plus sign", "+1", .unexpectedCharacter(expected: "a value")),
        Failure("a leading dot", ".5", .unexpectedCharacter(expected: "a value")),
        Failure("NaN", "NaN", .unexpectedCharacter(expected: "a value")),
        Failure("a misspelt literal", "nul1", .unexpectedCharacter(expected: "a value")),
        Failure("single quotes", "['a']", .unexpectedCharacter(expected: "a value")),
        Failure("a key without quotes", "{a:1}", .unexpectedCharacter(expected: "a key string")),
        Failure("a trailing comma in an object", #"{"a":1,}"#, .unexpectedCharacter(expected: "a key string")),
        Failure("a trailing comma in an array", "[1,]", .unexpectedCharacter(expected: "a value")),
        Failure("a missing colon", #"{"a" 1}"#, .unexpectedCharacter(expected: "':' after a key")),
        Failure("a missing comma in an object", #"{"a":1 "b":2}"#, .unexpectedCharacter(expected: "',' or '}' after an object member")),
        Failure("a missing comma in an array", "[1 2]", .unexpectedCharacter(expected: "',' or ']' after an array element")),
        Failure("a byte order mark", bytes: [0xEF, 0xBB, 0xBF, 0x31], .unexpectedCharacter(expected: "a value")),
        // truncated input
        Failure("an open object", "{", .unexpectedEnd(expected: "a key string")),
        Failure("an object after its colon", #"{"a":"#, .unexpectedEnd(expected: "a value")),
        Failure("an object after a member", #"{"a":1"#, .unexpectedEnd(expected: "',' or '}' after an object member")),
        Failure("an open array", "[", .unexpectedEnd(expected: "a value")),
        Failure("an array after an element", "[1", .unexpectedEnd(expected: "',' or ']' after an array element")),
        Failure("an unterminated string", #""abc"#, .unexpectedEnd(expected: "'\"' to close a string")),
        Failure("an unterminated string after an escape", #""a\n"#, .unexpectedEnd(expected: "'\"' to close a string")),
        Failure("a backslash at the end", #""\"#, .unexpectedEnd(expected: "an escape sequence")),
        Failure("a short \\u escape", #""\u12"#, .unexpectedEnd(expected: "four hex digits")),
        Failure("a cut literal", "tru", .unexpectedEnd(expected: "'true'")),
        // bad escapes
        Failure("an unknown escape", #""\x""#, .invalidEscape),
        Failure("an escaped single quote", #""\'""#, .invalidEscape),
        Failure("a \\u escape with a non-hex digit", #""\u12G4""#, .invalidEscape),
        Failure("an upper-case \\U", #""\U0041""#, .invalidEscape),
        // lone surrogates
        Failure("a lone high surrogate", #""\ud800""#, .loneSurrogate),
        Failure("a high surrogate then text", #""\ud83dabc""#, .loneSurrogate),
        Failure("a high surrogate then a BMP escape", #""\ud800\u0041""#, .loneSurrogate),
        Failure("two high surrogates", #""\ud800\ud800""#, .loneSurrogate),
        Failure("a lone low surrogate", #""\udc00""#, .loneSurrogate),
        Failure("a low surrogate before a high one", #""\ude00\ud83d""#, .loneSurrogate),
        // unescaped control characters
        Failure("a raw U+0001", "\"a\u{01}b\"", .controlCharacter),
        Failure("a raw tab", "\"a\tb\"", .controlCharacter),
        Failure("a raw newline", "\"a\nb\"", .controlCharacter),
        Failure("a raw NUL", bytes: [0x22, 0x00, 0x22], .controlCharacter),
        // malformed numbers
        Failure("a leading zero", "01", .invalidNumber),
        Failure("a negative leading zero", "-01", .invalidNumber),
        Failure("a dot without digits", "1.", .invalidNumber),
        Failure("a dot before the exponent", "1.e5", .invalidNumber),
        Failure("a minus alone", "-", .invalidNumber),
        Failure("a minus before a letter", "-a", .invalidNumber),
        Failure("an exponent without digits", "1e", .invalidNumber),
        Failure("an exponent sign without digits", "1e+", .invalidNumber),
        // out of range
        // (integers beyond 64 bits are read: JSONBigIntegerTests)
        Failure("1e400", "1e400", .numberOutOfRange),
        Failure("-1.5E400", "-1.5E400", .numberOutOfRange),
        // duplicate keys
        Failure("a duplicate key", #"{"a":1,"a":2}"#, .duplicateKey("a")),
        Failure("a duplicate key in a nested object", #"{"o":{"k":1,"x":2,"k":3}}"#, .duplicateKey("k")),
        // trailing characters
        Failure("a second value", "[1] x", .trailingCharacters),
        Failure("two numbers", "1 2", .trailingCharacters),
        Failure("a closing bracket too many", "{}}", .trailingCharacters),
    ]

    @Test(arguments: failures)
    func everyFailureHasItsKind(failure: Failure) {
        #expect {
            _ = try JSONParser.parse(failure.bytes)
        } throws: { error in
            guard let error = error as? JSONParseError, error.kind == failure.kind else { return false }
            // One sentence, one line, with its position.
            return !error.description.isEmpty && !error.description.contains("\n")
        }
    }

    static let jsonAlphabet = Array(#"{}[]":,-0123456789.eE tfnul\u"#.utf8)

    @Test func seededGarbageNeverTrapsAndAlwaysSaysWhyInOneLine() {
        var state: UInt64 = 42
        var rejected = 0
        for length in 0..<2_000 {
            // SplitMix64: the same bytes on every run; some runs biased towards JSON's own characters.
            let bytes = (0..<(length % 97)).map { _ -> UInt8 in
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                return length % 2 == 0 ? UInt8(truncatingIfNeeded: z) : Self.jsonAlphabet[Int(z % UInt64(Self.jsonAlphabet.count))]
            }
            do {
                let value = try JSONParser.parse(bytes)
                #expect(try JSONParser.parse(JSONWriter.bytes(from: value)) == value)
            } catch {
                rejected += 1
                #expect(!error.description.contains("\n") && error.offset >= 0 && error.offset <= bytes.count)
            }
        }
        #expect(rejected > 1_000)
    }

    // MARK: Limits

    static func nested(_ depth: Int, open: String = "[", close: String = "]") -> String {
        String(repeating: open, count: depth) + String(repeating: close, count: depth)
    }

    @Test func nestingExactlyAtTheDefaultLimitParses() throws {
        #expect(JSONParser.Limits.default.maxDepth == 64)
        _ = try JSONParser.parse(Self.nested(64))
        _ = try JSONParser.parse(String(repeating: #"{"a":"#, count: 64) + "1" + String(repeating: "}", count: 64))
    }

    @Test func nestingBeyondTheLimitFails() {
        #expect(throws: JSONParseError(kind: .tooDeep(limit: 64), offset: 64, line: 1, column: 65)) {
            try JSONParser.parse(Self.nested(65))
        }
        let objects = String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65)
        #expect { try JSONParser.parse(objects) } throws: { ($0 as? JSONParseError)?.kind == .tooDeep(limit: 64) }
        // A hostile depth fails just as fast, without exhausting the stack.
        let hostile = String(repeating: "[", count: 200_000)
        #expect { try JSONParser.parse(hostile) } throws: { ($0 as? JSONParseError)?.kind == .tooDeep(limit: 64) }
    }

    @Test func aCustomDepthLimitIsHonouredAtAndBeyondIt() throws {
        let limits = JSONParser.Limits(maxDepth: 3)
        _ = try JSONParser.parse(Self.nested(3), limits: limits)
        #expect { try JSONParser.parse(Self.nested(4), limits: limits) } throws: { ($0 as? JSONParseError)?.kind == .tooDeep(limit: 3) }
    }

    @Test func maxBytesIsHonouredAtAndBeyondIt() throws {
        #expect(JSONParser.Limits.default.maxBytes == 1 << 20)
        let limits = JSONParser.Limits(maxBytes: 7)
        #expect(try JSONParser.parse("[1,2,3]", limits: limits) == [1, 2, 3])
        #expect(throws: JSONParseError(kind: .tooLarge(limit: 7), offset: 0, line: 1, column: 1)) {
            try JSONParser.parse("[1,2,3] ", limits: limits)
        }
        let overDefault = [UInt8](repeating: UInt8(ascii: " "), count: (1 << 20) + 1)
        #expect { try JSONParser.parse(overDefault) } throws: { ($0 as? JSONParseError)?.kind == .tooLarge(limit: 1 << 20) }
    }

    // MARK: Positions

    struct Position: Sendable, CustomTestStringConvertible {
        var text: String
        var offset: Int
        var line: Int
        var column: Int
        var testDescription: String { text.debugDescription }
    }

    static let positions: [Position] = [
        Position(text: "{\n  \"a\": 1,\n  \"b\" 2\n}", offset: 18, line: 3, column: 7),
        Position(text: "[1,\n2,\nx]", offset: 7, line: 3, column: 1),
        Position(text: "\n\n\n   @", offset: 6, line: 4, column: 4),
        // Columns count bytes: "é" is two.
        Position(text: "[\"é\" 1]", offset: 6, line: 1, column: 7),
        // A carriage return is not a line break.
        Position(text: "[1,\r\n\r 2 3]", offset: 9, line: 2, column: 5),
    ]

    @Test(arguments: positions)
    func errorsReportLineAndColumn(position: Position) {
        do {
            _ = try JSONValue(parsing: position.text)
            Issue.record("parsed \(position.text.debugDescription)")
        } catch {
            #expect(error.offset == position.offset)
            #expect(error.line == position.line)
            #expect(error.column == position.column)
            #expect(error.description.contains("line \(position.line), column \(position.column)"))
        }
    }

    @Test func theErrorSentenceNamesWhatWasExpectedAndWhere() {
        do {
            _ = try JSONValue(parsing: #"{"a":1 "b":2}"#)
            Issue.record("parsed")
        } catch {
            #expect(error.description == "invalid JSON at line 1, column 8: expected ',' or '}' after an object member")
        }
    }

    // MARK: Objects

    @Test func objectsKeepInsertionOrder() throws {
        var object: JSONObject = ["b": 1, "a": 2]
        object["c"] = 3
        object["b"] = 4  // an update keeps the key's place
        #expect(object.keys == ["b", "a", "c"])
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object.map(\.key) == ["a", "c"])
        #expect(object.count == 2)
        #expect(JSONWriter.string(from: .object(object)) == #"{"a":2,"c":3}"#)
        let parsed = try #require(JSONValue(parsing: #"{"z":1,"m":2,"a":3}"#).objectValue)
        #expect(parsed.keys == ["z", "m", "a"])
    }

    @Test func objectsCompareAndHashWithoutOrder() throws {
        let forward = try JSONValue(parsing: #"{"a":1,"b":{"x":true,"y":null}}"#)
        let backward = try JSONValue(parsing: #"{"b":{"y":null,"x":true},"a":1}"#)
        #expect(forward == backward)
        #expect(Set([forward, backward]).count == 1)
        #expect(JSONWriter.string(from: forward, style: .canonical) == JSONWriter.string(from: backward, style: .canonical))
        #expect(JSONWriter.string(from: forward) != JSONWriter.string(from: backward))
        #expect(forward != (try JSONValue(parsing: #"{"a":1,"b":{"x":true}}"#)))
        // Arrays keep their order in comparisons.
        #expect((try JSONValue(parsing: "[1,2]")) != (try JSONValue(parsing: "[2,1]")))
    }
}
