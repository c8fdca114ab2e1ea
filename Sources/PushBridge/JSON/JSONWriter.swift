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
    public struct Style: Sendable, Hashable {
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
        var output = ""
        write(value, style: style, indent: 0, to: &output)
        return output
    }

    private static func write(_ value: JSONValue, style: Style, indent: Int, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .integer(let integer): output += String(integer)
        case .double(let double): output += format(double)
        case .string(let string): writeString(string, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += "," }
                newline(style, indent + 1, &output)
                write(element, style: style, indent: indent + 1, to: &output)
            }
            newline(style, indent, &output)
            output += "]"
        case .object(let object):
            guard !object.isEmpty else { output += "{}"; return }
            output += "{"
            let keys = style.sortedKeys ? object.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } : object.keys
            for (position, key) in keys.enumerated() {
                if position > 0 { output += "," }
                newline(style, indent + 1, &output)
                writeString(key, to: &output)
                output += style.pretty ? ": " : ":"
                write(object[key] ?? .null, style: style, indent: indent + 1, to: &output)
            }
            newline(style, indent, &output)
            output += "}"
        }
    }

    private static func newline(_ style: Style, _ indent: Int, _ output: inout String) {
        guard style.pretty else { return }
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    /// Integral doubles keep a fraction (`1.0`) so they read back as doubles, not integers.
    private static func format(_ double: Double) -> String {
        guard double.isFinite else { return "null" }
        return "\(double)"
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
