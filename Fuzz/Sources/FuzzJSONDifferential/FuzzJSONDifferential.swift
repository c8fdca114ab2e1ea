import Foundation
import PushBridge
import PushBridgeValidation

// The oracle is Foundation's `JSONSerialization` (`.fragmentsAllowed`), a parser that shares no
// line with PushBridge's `JSONParser`. The two may differ only by the rules below, each checked,
// never by a special case; any other difference traps, and the fuzzer reports the input.
//
// Rules (what each side does, the source, and how the difference is checked):
//
// 1. Encoding. Foundation reads a text that starts with a UTF-16 or UTF-32 byte-order mark, or
//    with a NUL among its first four bytes, as UTF-16 or UTF-32 (RFC 4627 §3's detection; observed:
//    JSONTestSuite's UTF-16 texts are read; which patterns exactly is an inference). RFC 8259 §8.1
//    requires UTF-8, and PushBridge reads UTF-8 only, in which a JSON text never holds the bytes 00,
//    FE or FF: an input with one among its first four bytes is not compared, the parser must refuse
//    it.
// 2. UTF-8 byte-order mark. Foundation skips one; the parser refuses it (`unexpectedCharacter` at
//    offset 0), as `JSONParser.withoutByteOrderMark` documents (RFC 8259 §8.1: implementations "MAY
//    ignore" it; the readers of files strip it before parsing). Compared again without it.
// 3. Input size. Beyond `Limits.maxBytes` the parser refuses the input (`tooLarge` at offset 0, its
//    documented limit); Foundation has none. Compared again with the size limit lifted.
// 4. Nesting depth. Beyond `Limits.maxDepth` the parser refuses (`tooDeep`, its documented limit;
//    RFC 8259 §9 lets a parser limit depth); Foundation's own limit is 512 levels. When Foundation
//    reads the text, its value must be deeper than the limit; compared again with the limit raised
//    to that depth.
// 5. Duplicate keys. The parser refuses the second occurrence of a key in an object
//    (`duplicateKey`); Foundation keeps one of them (RFC 8259 §4: names "SHOULD be unique", and
//    software's behaviour with duplicates is unpredictable). The duplicate is renamed to a fresh key
//    and the text compared again; Foundation's object holding the fresh key must also hold the
//    reported one. Both sides compare keys as Swift `String`s (canonical equivalence).
// 6. Trailing comma. Foundation on Linux (swift-corelibs-foundation, observed with Swift 6.3)
//    accepts `[1,]` and `{"a":1,}`, which RFC 8259 §4 and §5's grammar forbid; the parser refuses
//    them at the `]` or `}` (`unexpectedCharacter`). The comma is blanked and the text compared again.
// 7. Numbers. An integer that fits in 64 bits is `.integer` and Foundation's number is integral
//    with the same value (Foundation gives -2^63 as an `NSDecimalNumber`). An integer beyond 64 bits
//    is `.bigInteger` with its digits (`JSONValue` documents it), canonical (an optional `-`, no
//    leading zero) and outside Int64's range; Foundation's number is the same value as a `UInt64`,
//    as an `NSDecimalNumber` (38 significant digits, compared with Foundation's `Decimal(string:)`
//    of the digits) or as a `Double` (compared with `Double(digits)`), and Foundation refuses the
//    whole text when the integer is beyond `Double`'s range while the parser keeps it. A number with
//    a fraction or an exponent is `.double`, Foundation's a double with the same bits (`-0.0`
//    included; both read the correctly rounded value, RFC 8259 §6) or, for some long ones, an
//    `NSDecimalNumber` (38 significant digits) whose nearest double is within one ulp (its own
//    `doubleValue` is not correctly rounded: 0.300000000000002014023210 gives one several ulps off).
// 8. Objects. Foundation's dictionary has no order: key order is not compared (the parser's
//    round-trip check below holds it); the member counts must be equal (a duplicate the parser let
//    through would shrink Foundation's).
// 9. U+FEFF at the start of a string or after an escape. Foundation on Linux (swift-corelibs-foundation, observed with
//    Swift 6.3.1: `"\u{FEFF}a"` written as raw UTF-8 reads as "a", in a key or a value, and so does
//    a raw one right after an escape sequence; the escape `\ufeff` is kept, and so is a raw U+FEFF
//    after another character) drops it, where RFC 8259 §7 makes it a character like any other, as
//    the parser reads it. Foundation reads the text with every raw U+FEFF inside a string written
//    as the escape `\uFEFF`, which means the same JSON (§7); a raw one outside a string is refused
//    by both either way (the first bytes are rule 2's), and one after a backslash is an invalid
//    escape to both.
//
// Where the two agree, no rule is needed: both read a scalar at the top level (RFC 8259 §2;
// `.fragmentsAllowed`), both refuse a lone surrogate escape (§8.2 leaves it to the parser) and
// invalid UTF-8 (§8.1), both read an integer's `-0` as 0.
//
// Besides the oracle: the parser's value must write back (`JSONWriter`) and read again to itself,
// and the written text must read in Foundation as the same value; `PayloadValidator`'s size
// (counted while parsing) must be the bytes `JSONWriter` writes; an error's line and column must be
// those of its offset.

/// The limits each input is read under: the defaults, the validator's, and tight ones that make
/// the depth and size limits fire.
let limits = [JSONParser.Limits.default, JSONParser.Limits(maxDepth: 32), JSONParser.Limits(maxDepth: 3, maxBytes: 48)]

/// Foundation's reading of `bytes`: the value, or `nil` when it refuses them. Every raw U+FEFF
/// (EF BB BF) inside a string is given as the escape `\uFEFF` (rule 9).
func oracle(_ bytes: [UInt8]) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(escapingByteOrderMarks(bytes)), options: [.fragmentsAllowed])
}

/// `bytes` with every EF BB BF inside a string written as `\uFEFF` (rule 9): the same JSON, which
/// Foundation reads without dropping it. One outside a string, or after a backslash (an invalid
/// escape), stays as it is.
func escapingByteOrderMarks(_ bytes: [UInt8]) -> [UInt8] {
    var escaped: [UInt8] = []
    escaped.reserveCapacity(bytes.count)
    var inString = false
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        if inString && bytes[index...].starts(with: [0xEF, 0xBB, 0xBF]) {
            escaped += Array("\\uFEFF".utf8)
            index += 3
            continue
        }
        escaped.append(byte)
        index += 1
        if byte == UInt8(ascii: "\"") {
            inString.toggle()
        } else if inString && byte == UInt8(ascii: "\\") && index < bytes.count {
            escaped.append(bytes[index])  // the escaped byte, whatever it is
            index += 1
        }
    }
    return escaped
}

/// Why `value` (the parser's) is not `expected` (Foundation's) under rules 7 and 8, or `nil` when
/// they are the same; `path` names where, for the report.
func difference(_ value: JSONValue, _ expected: Any, at path: String = "$") -> String? {
    // Casting an array to NSNumber bridges it, deeply: scalars only.
    let number = value.isScalar ? expected as? NSNumber : nil
    let isBool = number.map { String(cString: $0.objCType) == "c" } ?? false
    let decimal = number as? NSDecimalNumber
    let isDouble = number.map { String(cString: $0.objCType) == "d" } ?? false && decimal == nil
    switch value {
    case .null:
        return expected is NSNull ? nil : "\(path): null, Foundation \(expected)"
    case .bool(let flag):
        return isBool && number?.boolValue == flag ? nil : "\(path): \(flag), Foundation \(expected)"
    case .integer(let integer):
        if let decimal { return decimal.decimalValue == Decimal(integer) ? nil : "\(path): \(integer), Foundation \(decimal)" }
        guard let number, !isBool, !isDouble else { return "\(path): integer \(integer), Foundation \(expected)" }
        return number.int64Value == integer && number.stringValue == String(integer) ? nil : "\(path): \(integer), Foundation \(number)"
    case .bigInteger(let digits):
        let magnitude = digits.hasPrefix("-") ? digits.dropFirst() : Substring(digits)
        let canonical = magnitude.first.map { $0 != "0" } ?? false && magnitude.allSatisfy { $0.isASCII && $0.isNumber }
        let beyond64Bits =
            magnitude.count > 19 || (magnitude.count == 19 && magnitude > (digits.hasPrefix("-") ? "9223372036854775808" : "9223372036854775807"))
        guard canonical && beyond64Bits else { return "\(path): big integer \(digits) is not a canonical integer beyond 64 bits" }
        if let decimal { return decimal.decimalValue == Decimal(string: digits) ? nil : "\(path): \(digits), Foundation \(decimal)" }
        guard let number, !isBool else { return "\(path): \(digits), Foundation \(expected)" }
        if isDouble { return number.doubleValue == Double(digits) ? nil : "\(path): \(digits), Foundation \(number)" }
        return number.stringValue == digits ? nil : "\(path): \(digits), Foundation \(number)"
    case .double(let double):
        if let decimal {
            let nearest = Double(decimal.stringValue) ?? .nan
            return abs(nearest - double) <= double.ulp ? nil : "\(path): \(double), Foundation \(decimal) (\(nearest))"
        }
        guard let number, isDouble else { return "\(path): double \(double), Foundation \(expected)" }
        return number.doubleValue.bitPattern == double.bitPattern ? nil : "\(path): \(double), Foundation \(number.doubleValue)"
    case .string(let string):
        guard let other = expected as? String, string.unicodeScalars.elementsEqual(other.unicodeScalars) else {
            return "\(path): \(string.debugDescription), Foundation \(expected)"
        }
        return nil
    case .array(let elements):
        guard let others = expected as? [Any], others.count == elements.count else {
            return "\(path): \(elements.count) elements, Foundation \(expected)"
        }
        return zip(elements, others).enumerated().lazy.compactMap { index, pair in difference(pair.0, pair.1, at: "\(path)[\(index)]") }.first
    case .object(let object):
        guard let others = expected as? [String: Any], others.count == object.count else {
            return "\(path): \(object.count) members, Foundation \(expected)"
        }
        for member in object {
            guard let other = others[member.key] else { return "\(path): key \(member.key.debugDescription) missing in Foundation's object" }
            if let found = difference(member.value, other, at: "\(path).\(member.key)") { return found }
        }
        return nil
    }
}

/// The deepest nesting of arrays and objects in Foundation's value.
func depth(_ value: Any) -> Int {
    if let array = value as? [Any] { return 1 + (array.map(depth).max() ?? 0) }
    if let object = value as? [String: Any] { return 1 + (object.values.map(depth).max() ?? 0) }
    return 0
}

/// Foundation's object that holds `key`, anywhere in `value`.
func dictionary(holding key: String, in value: Any) -> [String: Any]? {
    if let array = value as? [Any] { return array.lazy.compactMap { dictionary(holding: key, in: $0) }.first }
    guard let object = value as? [String: Any] else { return nil }
    if object[key] != nil { return object }
    return object.values.lazy.compactMap { dictionary(holding: key, in: $0) }.first
}

/// The end (one past the closing quote) of the string token starting at `start`.
func endOfString(in bytes: [UInt8], from start: Int) -> Int {
    var index = start + 1
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
    return min(index + 1, bytes.count)
}

/// Where the comma is when `offset` is a `]` or `}` whose last byte before other than white space
/// is a comma (rule 6).
func trailingComma(in bytes: [UInt8], before offset: Int) -> Int? {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "]") || bytes[offset] == UInt8(ascii: "}"),
        let comma = bytes[..<offset].lastIndex(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }), bytes[comma] == UInt8(ascii: ",")
    else { return nil }
    return comma
}

/// A key renamed by rule 5: the fresh name and the duplicate it replaced.
struct Renamed {
    let fresh: String
    let original: String
}

/// Compares the parser with Foundation on `bytes` under `limit`, applying the rules above; traps
/// on any difference they do not allow.
func compare(_ bytes: [UInt8], limit: JSONParser.Limits, renamed: [Renamed] = []) {
    let input = { String(decoding: bytes, as: UTF8.self).debugDescription }
    let parsed = Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(bytes, limits: limit) }
    if case .failure(let error) = parsed {
        let before = bytes.prefix(min(error.offset, bytes.count))
        let line = 1 + before.count { $0 == UInt8(ascii: "\n") }
        let column = error.offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        guard error.offset <= bytes.count, error.line == line, error.column == column else {
            fatalError("error \(error) at offset \(error.offset): line \(line), column \(column) expected; input \(input())")
        }
    }
    // Rule 1: not UTF-8, the parser must refuse it.
    if bytes.prefix(4).contains(where: { $0 == 0x00 || $0 == 0xFE || $0 == 0xFF }) {
        if case .success(let value) = parsed { fatalError("accepted \(value) from a text that is not UTF-8: \(input())") }
        return
    }
    let expected = oracle(bytes)
    switch (parsed, expected) {
    case (.success(let value), .some(let expected)):
        if let found = difference(value, expected) { fatalError("values differ, \(found); input \(input())") }
        for name in renamed {
            guard dictionary(holding: name.fresh, in: expected)?[name.original] != nil else {
                fatalError("duplicate key \(name.original.debugDescription) reported, but its object has no such key: \(input())")
            }
        }
    case (.success(let value), .none):
        // Rule 7: a big integer beyond Double's range, which Foundation refuses.
        guard value.holdsBigInteger(where: { Double($0)?.isFinite == false }) else {
            fatalError("accepted \(value), Foundation refuses it: \(input())")
        }
    case (.failure, .none):
        return
    case (.failure(let error), .some(let expected)):
        switch error.kind {
        case .unexpectedCharacter where error.offset == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]):
            compare(Array(bytes.dropFirst(3)), limit: limit, renamed: renamed)  // rule 2
        case .tooLarge where bytes.count > limit.maxBytes && error.offset == 0:
            compare(bytes, limit: JSONParser.Limits(maxDepth: limit.maxDepth, maxBytes: bytes.count), renamed: renamed)  // rule 3
        case .tooDeep(let maximum) where maximum == limit.maxDepth && depth(expected) > maximum:
            compare(bytes, limit: JSONParser.Limits(maxDepth: depth(expected), maxBytes: limit.maxBytes), renamed: renamed)  // rule 4
        case .duplicateKey(let key) where error.offset < bytes.count && bytes[error.offset] == UInt8(ascii: "\""):
            // Rule 5: a key of a private-use character and a count, unlikely to be in the text.
            let fresh = "\u{E000}\(renamed.count)"
            let escaped = Array("\"\\uE000\(renamed.count)\"".utf8)
            let end = endOfString(in: bytes, from: error.offset)
            let next = Array(bytes[..<error.offset]) + escaped + Array(bytes[end...])
            compare(next, limit: limit, renamed: renamed + [Renamed(fresh: fresh, original: key)])
        case .unexpectedCharacter where trailingComma(in: bytes, before: error.offset) != nil:
            var next = bytes
            next[trailingComma(in: bytes, before: error.offset)!] = 0x20  // rule 6
            compare(next, limit: limit, renamed: renamed)
        default:
            fatalError("refused (\(error)), Foundation reads \(expected): \(input())")
        }
    }
}

extension JSONValue {
    /// Whether this value is neither an array nor an object.
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// Whether a big integer anywhere in this value has digits that satisfy `test`.
    func holdsBigInteger(where test: (String) -> Bool) -> Bool {
        switch self {
        case .bigInteger(let digits): test(digits)
        case .array(let elements): elements.contains { $0.holdsBigInteger(where: test) }
        case .object(let object): object.contains { $0.value.holdsBigInteger(where: test) }
        default: false
        }
    }
}

/// libFuzzer entry: every input through `JSONParser` and Foundation's `JSONSerialization`, which
/// must agree but for the rules above; the parser's value must write back and read again to itself
/// and, in Foundation, to the same value; the validator's size (counted by the parser) must be the
/// bytes `JSONWriter` writes. Traps on any disagreement.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONDifferential(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for limit in limits { compare(bytes, limit: limit) }
    if let value = try? JSONParser.parse(bytes) {
        let written = JSONWriter.bytes(from: value)
        guard let again = try? JSONParser.parse(written), again == value, JSONWriter.bytes(from: again) == written else {
            fatalError("written form does not read back: \(String(decoding: written, as: UTF8.self))")
        }
        // Foundation refuses a big integer beyond Double's range (rule 7).
        let readInFoundation = oracle(written).map { difference(value, $0) == nil }
        guard readInFoundation ?? value.holdsBigInteger(where: { Double($0)?.isFinite == false }) else {
            fatalError("Foundation does not read the written form as the value: \(String(decoding: written, as: UTF8.self))")
        }
    }
    // The validator's minified size comes from the parser's count, not from writing the payload;
    // its size is the bytes given (unless an `.apns` file's Simulator key is left out).
    if let report = try? PayloadValidator.validate(bytes) {
        let written = JSONWriter.bytes(from: .object(report.payload)).count
        guard report.minifiedSize == written else { fatalError("minified size \(report.minifiedSize) counted, \(written) written") }
        let hasSimulatorKey = (try? JSONParser.parse(bytes))?[PayloadValidator.simulatorBundleKey] != nil
        let expected = hasSimulatorKey ? report.minifiedSize : bytes.count
        guard report.size == expected else { fatalError("size \(report.size), expected \(expected) (\(bytes.count) bytes given)") }
    }
    return 0
}
