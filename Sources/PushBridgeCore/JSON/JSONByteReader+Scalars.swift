/// Strings and numbers: the scalar values the reader parses, byte by byte.
extension JSONByteReader {
    // MARK: Strings

    /// The high bit of each byte of `word` (read little-endian: the first byte lowest) that is a
    /// quote, a backslash, a control character or non-ASCII: the bytes a string's fast scan must
    /// stop at. Bytes after the first such byte may be flagged wrongly (borrows), never the
    /// first one nor a byte before it, so the lowest flag is exact.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(JSONASCII.quote))
        let backslashes = word ^ (ones &* UInt64(JSONASCII.backslash))
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
            if byte == JSONASCII.quote || byte == JSONASCII.backslash || byte < 0x20 || byte >= 0x80 { break }
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
            if byte == JSONASCII.quote {
                let text = Self.string(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                size = 2 + index - start + 3 * separators
                if isASCII { asciiString = start..<index }
                index += 1
                return text
            }
            if byte == JSONASCII.backslash { break }
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
            if byte == JSONASCII.quote {
                index += 1
                size = scratch.withUnsafeBufferPointer { JSONWriter.stringByteCount(utf8: $0) }
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == JSONASCII.backslash {
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
        case 0xE0:
            length = 3
            lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upperBound = 0x9F  // no UTF-16 surrogates
        case 0xF0:
            length = 4
            lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upperBound = 0x8F
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
        case JSONASCII.quote: scratch.append(JSONASCII.quote)
        case JSONASCII.backslash: scratch.append(JSONASCII.backslash)
        case JSONASCII.slash: scratch.append(JSONASCII.slash)
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
                guard index + 1 < bytes.count, bytes[index] == JSONASCII.backslash, bytes[index + 1] == UInt8(ascii: "u")
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
            guard let digit = JSONASCII.hexValue(bytes[index + offset]) else { throw error(.invalidEscape, at: escapeStart) }
            value = value << 4 | digit
        }
        index += 4
        return value
    }

    // MARK: Numbers

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        let negative = bytes[index] == JSONASCII.minus
        if negative { index += 1 }
        guard index < bytes.count, JSONASCII.isDigit(bytes[index]) else { throw error(.invalidNumber, at: start) }
        // The magnitude, exact while it fits in 64 unsigned bits.
        var magnitude: UInt64 = 0
        var overflow = false
        if bytes[index] == JSONASCII.zero {
            index += 1
            if index < bytes.count, JSONASCII.isDigit(bytes[index]) { throw error(.invalidNumber, at: start) }
        } else {
            while index < bytes.count, JSONASCII.isDigit(bytes[index]) {
                let (shifted, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (next, o2) = shifted.addingReportingOverflow(UInt64(bytes[index] &- JSONASCII.zero))
                overflow = overflow || o1 || o2
                magnitude = next
                index += 1
            }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == JSONASCII.dot {
            isInteger = false
            index += 1
            guard index < bytes.count, JSONASCII.isDigit(bytes[index]) else { throw error(.invalidNumber, at: start) }
            while index < bytes.count, JSONASCII.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == JSONASCII.lowerE || bytes[index] == JSONASCII.upperE {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == JSONASCII.plus || bytes[index] == JSONASCII.minus { index += 1 }
            guard index < bytes.count, JSONASCII.isDigit(bytes[index]) else { throw error(.invalidNumber, at: start) }
            while index < bytes.count, JSONASCII.isDigit(bytes[index]) { index += 1 }
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
        size = JSONWriter.format(double).utf8.count
        return .double(double)
    }
}
