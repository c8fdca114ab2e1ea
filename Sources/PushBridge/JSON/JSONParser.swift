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
/// the hash index the ``JSONObject`` keeps. The accept/reject decisions, errors and values are
/// those of the straightforward reader it replaced, which the fuzz package keeps as a reference
/// and compares on every input (`Fuzz/`, `FuzzJSONDifferential`).
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"aps": {"badge": 3}}"#.utf8))
/// ```
public enum JSONParser {
    /// Bounds on what the parser accepts.
    public struct Limits: Sendable, Hashable {
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
    package static func parseMeasuringCompactSize(_ bytes: [UInt8], limits: Limits = .default) throws(JSONParseError) -> (value: JSONValue, compactSize: Int) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> (value: JSONValue, compactSize: Int) in
            var reader = Reader(buffer, limits: limits)
            let value = try reader.parseDocument()
            return (value, reader.size)
        }
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

private enum ASCII {
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

/// The parser's cursor over the input bytes.
private struct Reader {
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
        case ASCII.openBrace: return try parseObject()
        case ASCII.openBracket: return try parseArray()
        case ASCII.quote: return .string(try parseString())
        case ASCII.minus, ASCII.zero...ASCII.nine: return try parseNumber()
        case UInt8(ascii: "t"): try expectLiteral("true"); size = 4; return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); size = 5; return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); size = 4; return .null
        default: throw error(.unexpectedCharacter(expected: "a value"), at: index)
        }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1  // {
        skipWhitespace()
        if consumeIf(ASCII.closeBrace) {
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
            guard bytes[index] == ASCII.quote else {
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
            try expect(ASCII.colon, "':' after a key")
            skipWhitespace()
            let value = try parseValue()
            total += size
            members.append(JSONObject.Member(key: key, value: value))
            skipWhitespace()
            if consumeIf(ASCII.comma) { continue }
            try expect(ASCII.closeBrace, "',' or '}' after an object member")
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
        if consumeIf(ASCII.closeBracket) {
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
            if consumeIf(ASCII.comma) { continue }
            try expect(ASCII.closeBracket, "',' or ']' after an array element")
            depth -= 1
            size = total
            return .array(elements)
        }
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > limits.maxDepth { throw error(.tooDeep(limit: limits.maxDepth), at: index) }
    }

    // MARK: Strings

    /// The high bit of each byte of `word` (read little-endian: the first byte lowest) that is a
    /// quote, a backslash, a control character or non-ASCII: the bytes a string's fast scan must
    /// stop at. Bytes after the first such byte may be flagged wrongly (borrows), never the
    /// first one nor a byte before it, so the lowest flag is exact.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(ASCII.quote))
        let backslashes = word ^ (ones &* UInt64(ASCII.backslash))
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control | word) & highs
    }

    /// Steps `index` over plain ASCII string bytes (no quote, backslash, control or non-ASCII
    /// byte), eight at a time where it can.
    @inline(__always)
    mutating func skipPlainASCII() {
        guard let base = bytes.baseAddress else { return }
        var position = index
        let end = bytes.count
        while position + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let special = Self.specialBytes(word)
            if special != 0 {
                index = position + special.trailingZeroBitCount >> 3
                return
            }
            position += 8
        }
        while position < end {
            let byte = base[position]
            if byte == ASCII.quote || byte == ASCII.backslash || byte < 0x20 || byte >= 0x80 { break }
            position += 1
        }
        index = position
    }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        let start = index
        // U+2028 and U+2029 written raw: JSONWriter escapes them (three bytes become six).
        var separators = 0
        var isASCII = true
        asciiString = nil
        // Fast path: no escapes.
        while true {
            skipPlainASCII()
            guard index < bytes.count else { throw error(.unexpectedEnd(expected: "'\"' to close a string"), at: index) }
            let byte = bytes[index]
            if byte == ASCII.quote {
                let text = Self.string(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                size = 2 + index - start + 3 * separators
                if isASCII { asciiString = start..<index }
                index += 1
                return text
            }
            if byte == ASCII.backslash { break }
            let lead = index
            if byte >= 0x80 { isASCII = false }
            try advanceCharacter(byte)
            if byte == 0xE2, bytes[lead + 1] == 0x80, bytes[lead + 2] == 0xA8 || bytes[lead + 2] == 0xA9 { separators += 1 }
        }
        // Slow path: copy what was read and decode escapes from here on.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            let from = index
            skipPlainASCII()
            if index > from { scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<index])) }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == ASCII.quote {
                index += 1
                size = scratch.withUnsafeBufferPointer { JSONWriter.stringByteCount(utf8: $0) }
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == ASCII.backslash {
                try parseEscape()
            } else {
                let character = index
                try advanceCharacter(byte)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[character..<index]))
            }
        }
        throw error(.unexpectedEnd(expected: "'\"' to close a string"), at: index)
    }

    /// The string of these UTF-8 bytes, already validated: copied into the string's storage
    /// where the platform allows (a short ASCII string is then never validated again).
    @inline(__always)
    static func string(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
        if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
            guard let source = utf8.baseAddress, !utf8.isEmpty else { return "" }
            return String(unsafeUninitializedCapacity: utf8.count) { buffer in
                buffer.baseAddress!.update(from: source, count: utf8.count)
                return utf8.count
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Steps over one unescaped character of a string, validating its UTF-8 encoding.
    mutating func advanceCharacter(_ lead: UInt8) throws(JSONParseError) {
        if lead < 0x20 { throw error(.controlCharacter, at: index) }
        if lead < 0x80 {
            index += 1
            return
        }
        let length: Int
        var lowerBound: UInt8 = 0x80
        var upperBound: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F  // no UTF-16 surrogates
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: throw error(.invalidUTF8, at: index)
        }
        guard index + length <= bytes.count else { throw error(.invalidUTF8, at: index) }
        let second = bytes[index + 1]
        guard second >= lowerBound && second <= upperBound else { throw error(.invalidUTF8, at: index) }
        for offset in 2..<max(length, 2) where bytes[index + offset] & 0xC0 != 0x80 {
            throw error(.invalidUTF8, at: index)
        }
        index += length
    }

    mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error(.unexpectedEnd(expected: "an escape sequence"), at: index) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case ASCII.quote: scratch.append(ASCII.quote)
        case ASCII.backslash: scratch.append(ASCII.backslash)
        case ASCII.slash: scratch.append(ASCII.slash)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHexQuad(escapeStart: escapeStart)
            let scalarValue: UInt32
            switch unit {
            case 0xD800...0xDBFF:
                guard index + 1 < bytes.count, bytes[index] == ASCII.backslash, bytes[index + 1] == UInt8(ascii: "u")
                else { throw error(.loneSurrogate, at: escapeStart) }
                index += 2
                let low = try parseHexQuad(escapeStart: escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else { throw error(.loneSurrogate, at: escapeStart) }
                scalarValue = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
            case 0xDC00...0xDFFF:
                throw error(.loneSurrogate, at: escapeStart)
            default:
                scalarValue = UInt32(unit)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw error(.loneSurrogate, at: escapeStart) }
            UTF8.encode(scalar) { scratch.append($0) }
        default:
            throw error(.invalidEscape, at: escapeStart)
        }
    }

    mutating func parseHexQuad(escapeStart: Int) throws(JSONParseError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error(.unexpectedEnd(expected: "four hex digits"), at: index) }
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard let digit = ASCII.hexValue(bytes[index + offset]) else { throw error(.invalidEscape, at: escapeStart) }
            value = value << 4 | digit
        }
        index += 4
        return value
    }

    // MARK: Numbers

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        let negative = bytes[index] == ASCII.minus
        if negative { index += 1 }
        guard index < bytes.count, ASCII.isDigit(bytes[index]) else { throw error(.invalidNumber, at: start) }
        // The magnitude, exact while it fits in 64 unsigned bits.
        var magnitude: UInt64 = 0
        var overflow = false
        if bytes[index] == ASCII.zero {
            index += 1
            if index < bytes.count, ASCII.isDigit(bytes[index]) { throw error(.invalidNumber, at: start) }
        } else {
            while index < bytes.count, ASCII.isDigit(bytes[index]) {
                let (shifted, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (next, o2) = shifted.addingReportingOverflow(UInt64(bytes[index] &- ASCII.zero))
                overflow = overflow || o1 || o2
                magnitude = next
                index += 1
            }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == ASCII.dot {
            isInteger = false
            index += 1
            guard index < bytes.count, ASCII.isDigit(bytes[index]) else { throw error(.invalidNumber, at: start) }
            while index < bytes.count, ASCII.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == ASCII.lowerE || bytes[index] == ASCII.upperE {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == ASCII.plus || bytes[index] == ASCII.minus { index += 1 }
            guard index < bytes.count, ASCII.isDigit(bytes[index]) else { throw error(.invalidNumber, at: start) }
            while index < bytes.count, ASCII.isDigit(bytes[index]) { index += 1 }
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if isInteger {
            // Integers are written as read, but for -0, written 0.
            size = negative && magnitude == 0 ? 1 : text.count
            if !overflow {
                if !negative, magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
                if negative, magnitude <= UInt64(Int64.max) + 1 { return .integer(Int64(truncatingIfNeeded: 0 &- magnitude)) }
            }
            return .bigInteger(String(decoding: text, as: UTF8.self))
        }
        guard let double = Double(String(decoding: text, as: UTF8.self)), double.isFinite else {
            throw error(.numberOutOfRange, at: start)
        }
        size = JSONWriter.compactByteCount(of: .double(double))
        return .double(double)
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
        while index < bytes.count, ASCII.isWhitespace(bytes[index]) { index += 1 }
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
        for position in 0..<end where bytes[position] == ASCII.newline {
            line += 1
            lineStart = position + 1
        }
        return JSONParseError(kind: kind, offset: offset, line: line, column: offset - lineStart + 1)
    }
}
