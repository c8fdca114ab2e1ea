import PushBridgeCore

/// Counting the compact JSON of a value without writing it: what payload validation and the
/// servers' size checks need, and an app does not. Here, not in the runtime, so that an app does
/// not ship it; the parser keeps its own count of what it reads.
extension JSONWriter {
    /// The number of bytes `JSONWriter.bytes(from:style:)` writes for `value` in the compact style,
    /// counted without writing them.
    public static func compactByteCount(of value: JSONValue) -> Int {
        switch value {
        case .null: return 4
        case .bool(let bool): return bool ? 4 : 5
        case .integer(let integer):
            var count = integer < 0 ? 2 : 1
            var magnitude = integer.magnitude
            while magnitude >= 10 {
                magnitude /= 10
                count += 1
            }
            return count
        case .bigInteger(let digits): return digits.utf8.count
        case .double(let double): return format(double).utf8.count
        case .string(let string): return stringByteCount(string)
        case .array(let elements):
            var count = 2 + max(elements.count - 1, 0)
            for element in elements { count += compactByteCount(of: element) }
            return count
        case .object(let object):
            var count = 2 + max(object.count - 1, 0)
            for (key, member) in object { count += stringByteCount(key) + 1 + compactByteCount(of: member) }
            return count
        }
    }

    /// The bytes `JSONWriter` writes for `string`.
    static func stringByteCount(_ string: String) -> Int {
        if let count = string.utf8.withContiguousStorageIfAvailable({ stringByteCount(utf8: $0) }) { return count }
        var copy = string
        return copy.withUTF8 { stringByteCount(utf8: $0) }
    }
}
