import Foundation
import PushBridge
import Testing

/// JSONTestSuite's parsing cases (`Tests/JSONTestSuite`, from github.com/nst/JSONTestSuite, MIT; see
/// its README) against `JSONParser`, as swift-crypto checks itself against Wycheproof: every `y_`
/// text is accepted (but the two that repeat a key, see ``refusedDuplicates``), every `n_` text refused with a `JSONParseError` naming where (never a trap),
/// and every `i_` text (where RFC 8259 lets a parser choose) gets the parser's documented choice.
@Suite struct JSONTestSuiteTests {
    /// The folder of the cases, `Tests/JSONTestSuite/test_parsing`.
    static let folder: URL = {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path), root.path != "/" {
            root.deleteLastPathComponent()
        }
        return root.appendingPathComponent("Tests/JSONTestSuite/test_parsing")
    }()

    /// The names of the cases whose name starts with `prefix`.
    static func names(_ prefix: String) -> [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return all.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// The bytes of one case.
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// What the parser does with a text RFC 8259 leaves to it: reads it as this value, or refuses
    /// it with this error.
    enum Choice: Equatable, CustomStringConvertible {
        case accepted(JSONValue)
        case refused(JSONParseError.Kind)

        var description: String {
            switch self {
            case .accepted(let value): "accepted \(value)"
            case .refused(let kind): "refused (\(kind))"
            }
        }
    }

    /// The parser's choice for every `i_` case, and why (the rule it follows).
    static let choices: [String: Choice] = [
        // A number beyond Double's range is an error, not infinity (`JSONParseError.Kind.numberOutOfRange`,
        // RFC 8259 §6: "software that ... expects ... IEEE 754 binary64" interoperates within its range).
        "i_number_huge_exp.json": .refused(.numberOutOfRange),
        "i_number_neg_int_huge_exp.json": .refused(.numberOutOfRange),
        "i_number_pos_double_huge_exp.json": .refused(.numberOutOfRange),
        "i_number_real_neg_overflow.json": .refused(.numberOutOfRange),
        "i_number_real_pos_overflow.json": .refused(.numberOutOfRange),
        // A number too small for a Double rounds to zero, as the standard library's reading does.
        "i_number_double_huge_neg_exp.json": .accepted([.double(0)]),
        "i_number_real_underflow.json": .accepted([.double(0)]),
        // An integer beyond 64 bits is kept as written (`JSONValue.bigInteger`).
        "i_number_too_big_neg_int.json": .accepted([.bigInteger("-123123123123123123123123123123")]),
        "i_number_too_big_pos_int.json": .accepted([.bigInteger("100000000000000000000")]),
        "i_number_very_big_negative_int.json": .accepted([.bigInteger("-237462374673276894279832749832423479823246327846")]),
        // A \u escape that is half of a surrogate pair is an error (`loneSurrogate`; RFC 8259 §8.2).
        "i_object_key_lone_2nd_surrogate.json": .refused(.loneSurrogate),
        "i_string_1st_surrogate_but_2nd_missing.json": .refused(.loneSurrogate),
        "i_string_1st_valid_surrogate_2nd_invalid.json": .refused(.loneSurrogate),
        "i_string_incomplete_surrogate_and_escape_valid.json": .refused(.loneSurrogate),
        "i_string_incomplete_surrogate_pair.json": .refused(.loneSurrogate),
        "i_string_incomplete_surrogates_escape_valid.json": .refused(.loneSurrogate),
        "i_string_invalid_lonely_surrogate.json": .refused(.loneSurrogate),
        "i_string_invalid_surrogate.json": .refused(.loneSurrogate),
        "i_string_inverted_surrogates_U+1D11E.json": .refused(.loneSurrogate),
        "i_string_lone_second_surrogate.json": .refused(.loneSurrogate),
        // The text is UTF-8 (RFC 8259 §8.1): bytes that are not are an error (`invalidUTF8`), a
        // surrogate encoded in UTF-8 included.
        "i_string_UTF-8_invalid_sequence.json": .refused(.invalidUTF8),
        "i_string_UTF8_surrogate_U+D800.json": .refused(.invalidUTF8),
        "i_string_invalid_utf-8.json": .refused(.invalidUTF8),
        "i_string_iso_latin_1.json": .refused(.invalidUTF8),
        "i_string_lone_utf8_continuation_byte.json": .refused(.invalidUTF8),
        "i_string_not_in_unicode_range.json": .refused(.invalidUTF8),
        "i_string_overlong_sequence_2_bytes.json": .refused(.invalidUTF8),
        "i_string_overlong_sequence_6_bytes.json": .refused(.invalidUTF8),
        "i_string_overlong_sequence_6_bytes_null.json": .refused(.invalidUTF8),
        "i_string_truncated-utf-8.json": .refused(.invalidUTF8),
        // UTF-16 is not read (RFC 8259 §8.1): its first byte that is not JSON is an error.
        "i_string_UTF-16LE_with_BOM.json": .refused(.unexpectedCharacter(expected: "a value")),
        "i_string_utf16BE_no_BOM.json": .refused(.unexpectedCharacter(expected: "a value")),
        "i_string_utf16LE_no_BOM.json": .refused(.unexpectedCharacter(expected: "a value")),
        // A byte-order mark is refused by the parser and dropped by the readers of files
        // (`JSONParser.withoutByteOrderMark`, RFC 8259 §8.1); see the test below.
        "i_structure_UTF-8_BOM_empty_object.json": .refused(.unexpectedCharacter(expected: "a value")),
        // Nesting is limited to `Limits.maxDepth` (64 by default; RFC 8259 §9).
        "i_structure_500_nested_arrays.json": .refused(.tooDeep(limit: 64)),
    ]

    @Test func theCasesAreAllThere() {
        // 95 y_, 188 n_ and 35 i_ cases at the commit the README names.
        #expect(Self.names("y_").count == 95)
        #expect(Self.names("n_").count == 188)
        #expect(Self.names("i_") == Self.choices.keys.sorted())
    }

    /// The `y_` texts the parser refuses by its documented choice, stricter than RFC 8259: an
    /// object that repeats a key (§4: names "SHOULD be unique", and what a reader does with a
    /// repeated one is unpredictable) is `JSONParseError.Kind.duplicateKey`, so that a payload
    /// never means one thing to PushBridge and another to APNs or the app.
    static let refusedDuplicates = ["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"]

    @Test(arguments: names("y_"))
    func everyValidTextIsReadAndWritesBackToItself(name: String) throws {
        let bytes = try Self.bytes(name)
        if Self.refusedDuplicates.contains(name) {
            let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
            #expect(error.kind == .duplicateKey("a"))
            return
        }
        let value = try JSONParser.parse(bytes)
        let written = JSONWriter.bytes(from: value)
        #expect(try JSONParser.parse(written) == value)
        #expect(JSONWriter.bytes(from: try JSONParser.parse(written)) == written)
    }

    @Test(arguments: names("n_"))
    func everyInvalidTextIsRefusedWithItsPlace(name: String) throws {
        let bytes = try Self.bytes(name)
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
        #expect(error.offset <= bytes.count)
        #expect(error.line == 1 + bytes.prefix(error.offset).count { $0 == UInt8(ascii: "\n") })
        if error.kind != .empty { #expect(error.description.contains("line \(error.line), column \(error.column)")) }
    }

    @Test(arguments: names("i_"))
    func everyTextLeftToTheParserGetsItsDocumentedChoice(name: String) throws {
        let bytes = try Self.bytes(name)
        let choice: Choice
        do {
            choice = .accepted(try JSONParser.parse(bytes))
        } catch {
            choice = .refused(error.kind)
        }
        #expect(choice == Self.choices[name])
    }

    @Test func theByteOrderMarkCaseIsReadOnceTheFileReadersDropTheMark() throws {
        let bytes = try Self.bytes("i_structure_UTF-8_BOM_empty_object.json")
        #expect(try JSONParser.parse(JSONParser.withoutByteOrderMark(bytes)) == .object(JSONObject()))
    }
}
