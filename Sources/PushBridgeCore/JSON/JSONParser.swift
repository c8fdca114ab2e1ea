import Foundation

/// A strict, bounded JSON reader (RFC 8259) that turns bytes into a ``JSONValue``.
///
/// PushBridge reads payloads, scenarios and configurations with its own parser rather than
/// `JSONSerialization` so that hostile input gets a precise answer and never a trap: invalid
/// UTF-8, lone surrogates, duplicate keys, numbers too large for a `Double`, nesting beyond
/// ``Limits/maxDepth`` and input beyond ``Limits/maxBytes`` are each a ``JSONParseError`` with its
/// position, and `true` never turns into `1`. An integer beyond 64 bits is kept exactly as written,
/// as ``JSONValue/bigInteger(_:)``.
///
/// Strings without escapes are scanned eight bytes at a time and copied into a `String` in one
/// go; small objects check for duplicate keys by comparing keys in order, larger ones through
/// the hash index the ``JSONObject`` keeps. Its verdicts and values are checked against
/// JSONTestSuite's cases (`Tests/JSONTestSuite`) and, on every fuzz input, against Foundation's
/// `JSONSerialization` under the written rules by which the two may differ (`Fuzz/`,
/// `FuzzJSONDifferential`).
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"aps": {"badge": 3}}"#.utf8))
/// ```
public enum JSONParser {
    /// Bounds on what the parser accepts.
    public struct Limits: Sendable, Equatable {
        /// The deepest nesting of arrays and objects accepted. Default 64.
        public var maxDepth: Int
        /// The largest input accepted, in bytes. Default 1 MiB.
        public var maxBytes: Int

        /// Limits with the given bounds.
        public init(maxDepth: Int = 64, maxBytes: Int = 1 << 20) {
            self.maxDepth = maxDepth
            self.maxBytes = maxBytes
        }

        /// 64 levels, 1 MiB.
        public static let `default` = Limits()
    }

    /// Parses one JSON value from UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - bytes: The JSON text.
    ///   - limits: The bounds to enforce.
    /// - Returns: The value.
    /// - Throws: ``JSONParseError`` naming what was wrong and where.
    public static func parse(_ bytes: [UInt8], limits: Limits = .default) throws(JSONParseError) -> JSONValue {
        try parseMeasuringCompactSize(bytes, limits: limits).value
    }

    /// Parses one JSON value and counts, on the way, the bytes of its compact form: what
    /// `JSONWriter.bytes(from:)` would write for it, without writing it.
    package static func parseMeasuringCompactSize(_ bytes: [UInt8], limits: Limits = .default) throws(JSONParseError) -> (
        value: JSONValue, compactSize: Int
    ) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> (value: JSONValue, compactSize: Int) in
            var reader = JSONByteReader(buffer, limits: limits)
            let value = try reader.parseDocument()
            return (value, reader.size)
        }
    }

    /// `bytes` without the UTF-8 byte-order mark (EF BB BF) some editors write at the start of a
    /// file, for the readers of files (configurations, scenarios, messages, payload files): RFC 8259
    /// §8.1 lets a parser "ignore the presence of a byte order mark rather than treating it as an
    /// error". The parser itself refuses one (JSONTestSuite's `i_structure_UTF-8_BOM_empty_object`).
    package static func withoutByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// Parses one JSON value from `Data`.
    public static func parse(_ data: Data, limits: Limits = .default) throws(JSONParseError) -> JSONValue {
        try parse([UInt8](data), limits: limits)
    }

    /// Parses one JSON value from a string.
    public static func parse(_ text: String, limits: Limits = .default) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), limits: limits)
    }
}

extension JSONValue {
    /// Parses a JSON text; see ``JSONParser``.
    public init(parsing text: String, limits: JSONParser.Limits = .default) throws(JSONParseError) {
        self = try JSONParser.parse(text, limits: limits)
    }
}

/// The bytes JSON's grammar names, and their classes.
enum JSONASCII {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let lowerE = UInt8(ascii: "e")
    static let upperE = UInt8(ascii: "E")
    static let newline = UInt8(ascii: "\n")

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }

    static func hexValue(_ byte: UInt8) -> UInt16? {
        switch byte {
        case zero...nine: UInt16(byte - zero)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt16(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt16(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

/// The parser's cursor over the input bytes: values and helpers here, strings and numbers in
/// `JSONByteReader+Scalars.swift`.
struct JSONByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let limits: JSONParser.Limits
    var index = 0
    var depth = 0
    /// Scratch space for strings with escapes, reused across strings.
    var scratch: [UInt8] = []
    /// The size of the compact form (as `JSONWriter` writes it) of the value or string parsed last.
    var size = 0
    /// Where the string parsed last was written, when it had no escape and was all ASCII (its
    /// bytes are then its UTF-8); `nil` otherwise.
    var asciiString: Range<Int>?

    init(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else { throw error(.tooLarge(limit: limits.maxBytes), at: 0) }
        skipWhitespace()
        guard index < bytes.count else { throw error(.empty, at: 0) }
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error(.trailingCharacters, at: index) }
        return value
    }

    // MARK: Values

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error(.unexpectedEnd(expected: "a value"), at: index) }
        switch bytes[index] {
        case JSONASCII.openBrace: return try parseObject()
        case JSONASCII.openBracket: return try parseArray()
        case JSONASCII.quote: return .string(try parseString())
        case JSONASCII.minus, JSONASCII.zero...JSONASCII.nine: return try parseNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            size = 4
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            size = 5
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            size = 4
            return .null
        default: throw error(.unexpectedCharacter(expected: "a value"), at: index)
        }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1  // {
        skipWhitespace()
        if consumeIf(JSONASCII.closeBrace) {
            depth -= 1
            size = 2
            return .object(JSONObject())
        }
        var total = 1  // {
        var members: [JSONObject.Member] = []
        members.reserveCapacity(8)
        // Once there are more than JSONObject.indexThreshold members, each key's position: by a
        // hash of the keys' bytes while every key is ASCII, else in a Dictionary.
        var table: ASCIIKeyTable?
        var positions: [String: Int]?
        var keysAreASCII = true
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEnd(expected: "a key string"), at: index) }
            guard bytes[index] == JSONASCII.quote else {
                throw error(.unexpectedCharacter(expected: "a key string"), at: index)
            }
            let keyOffset = index
            let key = try parseString()
            total += size + 2  // the key, ':' and ',' or '}'
            let asciiKey = asciiString
            if members.count >= JSONObject.indexThreshold {
                if table == nil && positions == nil {
                    // This member makes the object large enough for an index.
                    if keysAreASCII && asciiKey != nil {
                        table = ASCIIKeyTable(members, capacity: min((bytes.count - index) / 16, 8_192))
                    }
                    if table == nil { positions = JSONKeyIndex.dictionary(members) }
                }
                if var keys = table {
                    table = nil
                    if let asciiKey {
                        let utf8 = UnsafeBufferPointer(rebasing: bytes[asciiKey])
                        let hash = ASCIIKeyTable.hash(utf8)
                        guard keys.position(of: utf8, hash: hash, in: members) == nil else { throw error(.duplicateKey(key), at: keyOffset) }
                        if !keys.hasRoom, let larger = ASCIIKeyTable(members, capacity: 4 * members.count) { keys = larger }
                        if keys.hasRoom && keys.insert(members.count, hash: hash) { table = keys }
                    }
                    if table == nil { positions = JSONKeyIndex.dictionary(members) }
                }
                if positions != nil {
                    guard positions!.updateValue(members.count, forKey: key) == nil else { throw error(.duplicateKey(key), at: keyOffset) }
                }
            } else if keysAreASCII, let asciiKey {
                // ASCII keys are equal only with as many bytes (and then as strings).
                let length = asciiKey.count
                for member in members where member.key.utf8.count == length && member.key == key {
                    throw error(.duplicateKey(key), at: keyOffset)
                }
            } else {
                for member in members where member.key == key { throw error(.duplicateKey(key), at: keyOffset) }
            }
            keysAreASCII = keysAreASCII && asciiKey != nil
            skipWhitespace()
            try expect(JSONASCII.colon, "':' after a key")
            skipWhitespace()
            let value = try parseValue()
            total += size
            members.append(JSONObject.Member(key: key, value: value))
            skipWhitespace()
            if consumeIf(JSONASCII.comma) { continue }
            try expect(JSONASCII.closeBrace, "',' or '}' after an object member")
            depth -= 1
            size = total
            let keyIndex = table.map { JSONKeyIndex.ascii($0) } ?? positions.map { JSONKeyIndex.dictionary($0) } ?? JSONKeyIndex.none
            return .object(JSONObject(distinctMembers: members, index: keyIndex))
        }
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if consumeIf(JSONASCII.closeBracket) {
            depth -= 1
            size = 2
            return .array(elements)
        }
        var total = 1  // [
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            total += size + 1  // the element and ',' or ']'
            skipWhitespace()
            if consumeIf(JSONASCII.comma) { continue }
            try expect(JSONASCII.closeBracket, "',' or ']' after an array element")
            depth -= 1
            size = total
            return .array(elements)
        }
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > limits.maxDepth { throw error(.tooDeep(limit: limits.maxDepth), at: index) }
    }

    // MARK: Helpers

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = index
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count else { throw error(.unexpectedEnd(expected: "'\(literal)'"), at: index) }
            guard bytes[index] == byte else { throw error(.unexpectedCharacter(expected: "a value"), at: start) }
            index += 1
        }
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count, JSONASCII.isWhitespace(bytes[index]) { index += 1 }
    }

    @inline(__always)
    mutating func consumeIf(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func expect(_ byte: UInt8, _ description: StaticString) throws(JSONParseError) {
        guard index < bytes.count else { throw error(.unexpectedEnd(expected: "\(description)"), at: index) }
        guard bytes[index] == byte else { throw error(.unexpectedCharacter(expected: "\(description)"), at: index) }
        index += 1
    }

    func error(_ kind: JSONParseError.Kind, at offset: Int) -> JSONParseError {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        for position in 0..<end where bytes[position] == JSONASCII.newline {
            line += 1
            lineStart = position + 1
        }
        return JSONParseError(kind: kind, offset: offset, line: line, column: offset - lineStart + 1)
    }
}
