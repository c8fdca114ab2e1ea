import PushBridgeValidation
import Testing

@testable import PushBridge

/// The fast reader's exactness on inputs that take its slower paths: escapes, surrogate pairs,
/// duplicate keys (in small and indexed objects), deep nesting, numbers at the edges; and the
/// compact size it counts while parsing, which must be what `JSONWriter` writes.
@Suite struct JSONFastPathTests {
    /// The value, and the check that the parser's count is the writer's bytes.
    private func parse(_ text: String, limits: JSONParser.Limits = .default) throws -> JSONValue {
        let (value, size) = try JSONParser.parseMeasuringCompactSize(Array(text.utf8), limits: limits)
        #expect(size == JSONWriter.bytes(from: value).count, "\(text)")
        #expect(size == JSONWriter.compactByteCount(of: value), "\(text)")
        return value
    }

    private func parseError(_ text: String, limits: JSONParser.Limits = .default) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(Array(text.utf8), limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func escapesDecodeWhereverTheyFallInTheScan() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        // Escapes before, inside and after eight-byte words of plain text.
        #expect(try parse(#""abcdefgh\nijklmnopq\u0041rstuvwxyz0123456789\t""#) == .string("abcdefgh\nijklmnopqArstuvwxyz0123456789\t"))
        #expect(try parse(#""\u00e9t\u00E9 caf\u00e9""#) == .string("été café"))
        #expect(try parse(#""\u0000\u001f""#) == .string("\u{0}\u{1F}"))
        #expect(
            try parse("\"raw \u{2028} and \u{2029} separators, long enough to scan\"")
                == .string("raw \u{2028} and \u{2029} separators, long enough to scan"))
        #expect(try parse(#""\u2028""#) == .string("\u{2028}"))
        #expect(try parse("\"été 😀 中文 plain text after\"") == .string("été 😀 中文 plain text after"))
    }

    @Test func surrogatePairs() throws {
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try parse(#""x\uD83D\uDE00y""#) == .string("x😀y"))
        #expect(parseError(#""\ud83d""#)?.kind == .loneSurrogate)
        #expect(parseError(#""\ude00""#)?.kind == .loneSurrogate)
        #expect(parseError(#""\ud83d\u0041""#)?.kind == .loneSurrogate)
        #expect(parseError(#""\ud83dx""#)?.kind == .loneSurrogate)
    }

    @Test func controlAndInvalidBytesInsideWordsAreCaught() {
        for position in 0..<12 {
            let prefix = String(repeating: "a", count: position)
            #expect(parseError("\"\(prefix)\tzzzzzzzzzz\"")?.kind == .controlCharacter)
            #expect(parseError("\"\(prefix)\tzzzzzzzzzz\"")?.offset == position + 1)
            var bytes = Array("\"\(prefix)Xzzzzzzzzzz\"".utf8)
            bytes[position + 1] = 0xFF
            #expect((try? JSONParser.parse(bytes)) == nil)
        }
        #expect(parseError("\"unterminated plain text")?.kind == .unexpectedEnd(expected: "'\"' to close a string"))
        #expect(parseError("\"unterminated\\n after an escape")?.kind == .unexpectedEnd(expected: "'\"' to close a string"))
    }

    @Test func duplicateKeysInSmallAndIndexedObjects() throws {
        #expect(parseError(#"{"a":1,"b":2,"a":3}"#) == JSONParseError(kind: .duplicateKey("a"), offset: 13, line: 1, column: 14))
        for count in [11, 12, 13, 14, 30] {
            let members = (0..<count).map { #""k\#($0)":\#($0)"# }
            let object = try parse("{" + members.joined(separator: ",") + "}")
            #expect(object.objectValue?.keys == (0..<count).map { "k\($0)" })
            #expect(object["k\(count - 1)"] == .integer(Int64(count - 1)))
            for repeated in [0, count / 2, count - 1] {
                let text = "{" + members.joined(separator: ",") + #","k\#(repeated)":0}"#
                #expect(parseError(text)?.kind == .duplicateKey("k\(repeated)"), "\(count) members, k\(repeated) again")
            }
        }
        // Large objects: an ASCII key equal to a non-ASCII one (U+212A KELVIN SIGN is K, U+037E
        // GREEK QUESTION MARK is ';') is a duplicate, whichever comes first; escaped keys too.
        let many = (0..<20).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        #expect(parseError("{" + many + #","K":1,"\#u{212A}":2}"#)?.kind == .duplicateKey("\u{212A}"))
        #expect(parseError("{" + many + #",";":1,"\u037e":2}"#)?.kind == .duplicateKey("\u{37E}"))
        #expect(parseError("{" + many + #","\u004b":1,"K":2}"#)?.kind == .duplicateKey("K"))
        #expect(parseError(#"{"K":1,"# + many + #","\#u{212A}":2}"#)?.kind == .duplicateKey("\u{212A}"))
        let indexed = try #require(try parse("{" + many + #","K":"kelvin"}"#).objectValue)
        #expect(indexed["\u{212A}"] == "kelvin")
        #expect(indexed["K"] == "kelvin")
        #expect(indexed["k19"] == 19)
        #expect(indexed["k20"] == nil)
        // Keys equal as Swift strings (canonical equivalence) are duplicates, as they were.
        #expect(parseError("{\"\u{E9}\":1,\"e\u{301}\":2}")?.kind == .duplicateKey("e\u{301}"))
        // The first error in document order wins: a duplicate before a syntax error.
        #expect(parseError(#"{"a":1,"a":2 x"#)?.kind == .duplicateKey("a"))
    }

    @Test func objectsKeepOrderAndEqualityIgnoresIt() throws {
        let a = try parse(#"{"z":1,"a":{"y":[1,2],"b":null},"m":"x"}"#)
        let b = try parse(#"{"m":"x","z":1,"a":{"b":null,"y":[1,2]}}"#)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a.objectValue?.keys == ["z", "a", "m"])
        var object = try #require(a.objectValue)
        object["a"] = nil
        #expect(object.keys == ["z", "m"])
        object["z"] = "replaced"
        #expect(object.keys == ["z", "m"])
        #expect(object["z"] == "replaced")
        var mixed = JSONObject((0..<30).map { ("é\($0)", JSONValue.integer(Int64($0))) })
        mixed["e\u{301}3"] = 33
        #expect(mixed["é3"] == 33)
        #expect(mixed.count == 30)
        var large = JSONObject((0..<40).map { ("k\($0)", JSONValue.integer(Int64($0))) })
        for extra in 40..<200 { large["k\(extra)"] = .integer(Int64(extra)) }
        #expect((0..<200).allSatisfy { large["k\($0)"] == .integer(Int64($0)) })
        large["\u{212A}"] = "kelvin"
        #expect(large["K"] == "kelvin")
        large["K"] = nil
        #expect(large["\u{212A}"] == nil)
        for extra in 40..<200 { large["k\(extra)"] = nil }
        large["k5"] = nil
        #expect(large["k6"] == .integer(6))
        #expect(large["k5"] == nil)
        #expect(large.count == 39)
    }

    @Test func deepNestingUpToTheLimit() throws {
        let limits = JSONParser.Limits(maxDepth: 32)
        let deepest = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(try parse(deepest, limits: limits).arrayValue != nil)
        let tooDeep = String(repeating: #"{"a":"#, count: 33) + "1" + String(repeating: "}", count: 33)
        #expect(parseError(tooDeep, limits: limits)?.kind == .tooDeep(limit: 32))
        #expect(parseError(tooDeep, limits: limits)?.offset == 32 * 5)
    }

    @Test func numbersAtTheEdges() throws {
        #expect(try parse("[9223372036854775807,-9223372036854775808,0,-0]") == [.integer(.max), .integer(.min), 0, 0])
        #expect(try parse("-0").integerValue == 0)
        #expect(try parse("-0.0") == .double(-0.0))
        #expect(try parse("-0.0").doubleBits == (-0.0 as Double).bitPattern)
        #expect(try parse("[1e2,1E+2,100e-0,2.5e-3,-1.5E3]") == [.double(100), .double(100), .double(100), .double(0.0025), .double(-1500)])
        #expect(try parse("1e-400") == .double(0))
        #expect(try parse("[0.1,1.0,123456789012345678901234567890.5]") == [.double(0.1), .double(1), .double(123456789012345678901234567890.5)])
        #expect(parseError("1e400")?.kind == .numberOutOfRange)
        #expect(parseError("-")?.kind == .invalidNumber)
        #expect(parseError("01")?.kind == .invalidNumber)
    }

    /// The minified size the parser counts is what the writer writes, without the Simulator key.
    @Test func theValidatorsSizeIsTheWrittenPayloadsWithoutTheSimulatorKey() throws {
        for text in [
            #"{"Simulator Target Bundle":"com.example","aps":{"alert":"Hi"}}"#,
            #"{"aps":{"alert":"Hi"},"Simulator Target Bundle":"com.example"}"#,
            #"{"Simulator Target Bundle":"com.example"}"#,
            #"{ "aps" : { "alert" : "\u00e9\n\u2028" } , "n" : -0 , "d" : 1e2 }"#,
        ] {
            let report = try PayloadValidator.validate(Array(text.utf8))
            #expect(report.minifiedSize == JSONWriter.bytes(from: .object(report.payload)).count, "\(text)")
            #expect(report.minifiedSize == PayloadValidator.validate(report.payload).size)
        }
    }
}

extension JSONValue {
    /// The bits of a double, to tell -0.0 from 0.0.
    fileprivate var doubleBits: UInt64? {
        if case .double(let value) = self { return value.bitPattern }
        return nil
    }
}
