/// Writes a ``JSONValue`` as JSON text.
///
/// Objects keep their key order unless ``Style/sortedKeys`` asks for the canonical order used to
/// hash payloads. Output is always valid UTF-8 JSON that ``JSONParser`` reads back to an equal value.
///
/// ```swift
/// let text = JSONWriter.string(from: ["type": "opened", "id": "n-1"])
/// // {"type":"opened","id":"n-1"}
/// ```
public enum JSONWriter {
    /// How the text is laid out.
    public struct Style: Sendable, Equatable {
        /// Indent nested values with two spaces, one member per line.
        public var pretty: Bool
        /// Write object keys in byte order instead of insertion order.
        public var sortedKeys: Bool

        /// A style with these choices.
        public init(pretty: Bool = false, sortedKeys: Bool = false) {
            self.pretty = pretty
            self.sortedKeys = sortedKeys
        }

        /// Compact, in insertion order.
        public static let compact = Style()
        /// Indented, in insertion order.
        public static let pretty = Style(pretty: true)
        /// Compact, keys sorted: equal values give equal text.
        public static let canonical = Style(sortedKeys: true)
    }

    /// The JSON text of `value`.
    public static func string(from value: JSONValue, style: Style = .compact) -> String {
        String(decoding: bytes(from: value, style: style), as: UTF8.self)
    }

    /// The UTF-8 bytes of the JSON text of `value`.
    public static func bytes(from value: JSONValue, style: Style = .compact) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, style: style, indent: 0, to: &output)
        return output
    }

    private static func write(_ value: JSONValue, style: Style, indent: Int, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let bool): output.append(contentsOf: (bool ? "true" : "false").utf8)
        case .integer(let integer): appendInteger(integer, to: &output)
        case .bigInteger(let digits): output.append(contentsOf: digits.utf8)
        case .double(let double): output.append(contentsOf: format(double).utf8)
        case .string(let string): writeString(string, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else { return output.append(contentsOf: "[]".utf8) }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(style, indent + 1, &output)
                write(element, style: style, indent: indent + 1, to: &output)
            }
            newline(style, indent, &output)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { return output.append(contentsOf: "{}".utf8) }
            output.append(UInt8(ascii: "{"))
            let members = object.members
            if style.sortedKeys {
                for (position, index) in object.keys.positionsInUTF8Order().enumerated() {
                    writeMember(members[index], first: position == 0, style: style, indent: indent, to: &output)
                }
            } else {
                for (position, member) in members.enumerated() {
                    writeMember(member, first: position == 0, style: style, indent: indent, to: &output)
                }
            }
            newline(style, indent, &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeMember(_ member: JSONObject.Member, first: Bool, style: Style, indent: Int, to output: inout [UInt8]) {
        if !first { output.append(UInt8(ascii: ",")) }
        newline(style, indent + 1, &output)
        writeString(member.key, to: &output)
        output.append(UInt8(ascii: ":"))
        if style.pretty { output.append(UInt8(ascii: " ")) }
        write(member.value, style: style, indent: indent + 1, to: &output)
    }

    private static func newline(_ style: Style, _ indent: Int, _ output: inout [UInt8]) {
        guard style.pretty else { return }
        output.append(UInt8(ascii: "\n"))
        // Byte by byte: appending `repeatElement` was a specialisation of its own (0.4 KB).
        for _ in 0..<(2 * indent) { output.append(UInt8(ascii: " ")) }
    }

    /// Integral doubles keep a fraction (`1.0`) so they read back as doubles, not integers.
    package static func format(_ double: Double) -> String {
        guard double.isFinite else { return "null" }
        return "\(double)"
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Whether a UTF-8 byte may start something ``writeString(_:to:)`` escapes: a quote, a
    /// backslash, a control character, or the lead byte of U+2028/U+2029.
    private static func needsEscapeCheck(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
    }

    /// Writes a string with JSON's escapes (and U+2028/U+2029 escaped for JavaScript readers).
    private static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape: copy their UTF-8 in one go.
        let copied = string.utf8.withContiguousStorageIfAvailable { (utf8) -> Bool in
            for byte in utf8 where needsEscapeCheck(byte) { return false }
            output.append(contentsOf: utf8)
            return true
        }
        if copied == true {
            output.append(UInt8(ascii: "\""))
            return
        }
        if copied == nil, !string.utf8.contains(where: needsEscapeCheck) {
            output.append(contentsOf: string.utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
        var utf8 = string.utf8.makeIterator()
        var pending: [UInt8] = []
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20: appendUnicodeEscape(UInt16(byte), to: &output)
            case 0xE2:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                pending.removeAll(keepingCapacity: true)
                pending.append(byte)
                if let second = utf8.next() {
                    pending.append(second)
                    if second == 0x80, let third = utf8.next() {
                        if third == 0xA8 || third == 0xA9 {
                            appendUnicodeEscape(third == 0xA8 ? 0x2028 : 0x2029, to: &output)
                            continue
                        }
                        pending.append(third)
                    }
                }
                output.append(contentsOf: pending)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The decimal digits of `integer`, as `String(integer)` writes them.
    private static func appendInteger(_ integer: Int64, to output: inout [UInt8]) {
        if integer < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = integer.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            // Byte by byte: appending the slice was a specialisation of its own (0.5 KB).
            for index in (24 - count)..<24 { output.append(buffer[index]) }
        }
    }

    /// Whether any byte of `word` may start something ``writeString(_:to:)`` escapes (see
    /// ``needsEscapeCheck(_:)``). May also flag bytes after a true hit.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        let hits =
            zeroByte(word ^ (ones &* 0x22)) | zeroByte(word ^ (ones &* 0x5C)) | zeroByte(word ^ (ones &* 0xE2))
            | ((word &- ones &* 0x20) & ~word)
        return hits & highs != 0
    }

    /// The bytes ``writeString(_:to:)`` writes for the string of these UTF-8 bytes.
    package static func stringByteCount(utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var extra = 0
        var position = 0
        let count = utf8.count
        while position < count {
            if position + 8 <= count, let base = utf8.baseAddress,
                !mayNeedEscape(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            {
                position += 8
                continue
            }
            let byte = utf8[position]
            position += 1
            guard needsEscapeCheck(byte) else { continue }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09: extra += 1
            case 0x00..<0x20: extra += 5
            default:
                // 0xE2: U+2028 and U+2029 (E2 80 A8, E2 80 A9) become six bytes.
                guard position < count else { continue }
                let second = utf8[position]
                position += 1
                guard second == 0x80, position < count else { continue }
                let third = utf8[position]
                position += 1
                if third == 0xA8 || third == 0xA9 { extra += 3 }
            }
        }
        return 2 + count + extra
    }

    private static func appendUnicodeEscape(_ value: UInt16, to output: inout [UInt8]) {
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
        for shift in [12, 8, 4, 0] { output.append(hexDigits[Int((value >> UInt16(shift)) & 0xF)]) }
    }
}
