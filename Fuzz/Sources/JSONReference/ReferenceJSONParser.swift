@_spi(ProviderAuthor) import PushBridge

/// The JSON reader PushBridge used before its fast one, kept unchanged as the reference the
/// differential fuzzer (`FuzzJSONDifferential`) compares `JSONParser` with: same accept/reject
/// decisions, same errors (kind and position), same values, key order included.
///
/// One change from the original: an integer beyond 64 bits, once an error, is now kept as
/// `JSONValue.bigInteger` with its text, as the new case requires (and as `JSONParser` does).
/// Everything else is the straightforward byte-at-a-time reader, objects built with
/// `JSONObject`'s subscript.
public enum ReferenceJSONParser {
    /// Parses one JSON value from UTF-8 bytes, as `JSONParser.parse(_:limits:)` must.
    @_spi(ProviderAuthor) public static func parse(_ bytes: [UInt8], limits: JSONParser.Limits = .default) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            var reader = Reader(buffer, limits: limits)
            return try reader.parseDocument()
        }
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
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        default: throw error(.unexpectedCharacter(expected: "a value"), at: index)
        }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1  // {
        // The original kept a [String: JSONValue] beside the key order; so does the reference,
        // so that duplicate keys are found by Dictionary's String equality, not JSONObject's.
        var storage: [String: JSONValue] = [:]
        var keys: [String] = []
        var object: JSONObject { JSONObject(keys.map { ($0, storage[$0]!) }) }
        skipWhitespace()
        if try consumeIf(ASCII.closeBrace) {
            depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEnd(expected: "a key string"), at: index) }
            guard bytes[index] == ASCII.quote else {
                throw error(.unexpectedCharacter(expected: "a key string"), at: index)
            }
            let keyOffset = index
            let key = try parseString()
            guard storage[key] == nil else { throw error(.duplicateKey(key), at: keyOffset) }
            skipWhitespace()
            try expect(ASCII.colon, "':' after a key")
            skipWhitespace()
            storage[key] = try parseValue()
            keys.append(key)
            skipWhitespace()
            if try consumeIf(ASCII.comma) { continue }
            try expect(ASCII.closeBrace, "',' or '}' after an object member")
            depth -= 1
            return .object(object)
        }
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if try consumeIf(ASCII.closeBracket) {
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if try consumeIf(ASCII.comma) { continue }
            try expect(ASCII.closeBracket, "',' or ']' after an array element")
            depth -= 1
            return .array(elements)
        }
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > limits.maxDepth { throw error(.tooDeep(limit: limits.maxDepth), at: index) }
    }

    // MARK: Strings

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.quote {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == ASCII.backslash { break }
            try advanceCharacter(byte)
        }
        guard index < bytes.count else { throw error(.unexpectedEnd(expected: "'\"' to close a string"), at: index) }
        // Slow path: copy what was read and decode escapes from here on.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.quote {
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == ASCII.backslash {
                try parseEscape()
            } else {
                let from = index
                try advanceCharacter(byte)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<index]))
            }
        }
        throw error(.unexpectedEnd(expected: "'\"' to close a string"), at: index)
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
        var integer: Int64 = 0
        var overflow = false
        if bytes[index] == ASCII.zero {
            index += 1
            if index < bytes.count, ASCII.isDigit(bytes[index]) { throw error(.invalidNumber, at: start) }
        } else {
            while index < bytes.count, ASCII.isDigit(bytes[index]) {
                let digit = Int64(bytes[index] - ASCII.zero)
                let (shifted, o1) = integer.multipliedReportingOverflow(by: 10)
                let (next, o2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
                overflow = overflow || o1 || o2
                integer = next
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
        if isInteger {
            // The one change: beyond 64 bits, the number is kept as written.
            guard !overflow else { return .bigInteger(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
            return .integer(integer)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else { throw error(.numberOutOfRange, at: start) }
        return .double(double)
    }

    // MARK: Helpers

    mutating func expectLiteral(_ literal: String) throws(JSONParseError) {
        let start = index
        for expected in literal.utf8 {
            guard index < bytes.count else { throw error(.unexpectedEnd(expected: "'\(literal)'"), at: index) }
            guard bytes[index] == expected else { throw error(.unexpectedCharacter(expected: "a value"), at: start) }
            index += 1
        }
    }

    mutating func skipWhitespace() {
        while index < bytes.count, ASCII.isWhitespace(bytes[index]) { index += 1 }
    }

    mutating func consumeIf(_ byte: UInt8) throws(JSONParseError) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func expect(_ byte: UInt8, _ description: String) throws(JSONParseError) {
        guard index < bytes.count else { throw error(.unexpectedEnd(expected: description), at: index) }
        guard bytes[index] == byte else { throw error(.unexpectedCharacter(expected: description), at: index) }
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
