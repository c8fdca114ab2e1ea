import PushBridge

/// Reading a version from a scenario's or the command's text: the model's and the tools' job, so
/// an app, which takes its version from the system (`IOSVersion.running`), does not ship it.
extension IOSVersion {
    /// Parses `MAJOR[.MINOR[.PATCH]]`, 3.0 or later; each component is at most four digits.
    ///
    /// - Parameters:
    ///   - text: The version text, such as `"9.3.2"`.
    ///   - field: The field name used in the error, `ios` by default.
    /// - Throws: ``PushError`` with code ``PushError/Code/invalidScenario`` when `text` is not a
    ///   version or is older than 3.0.
    public init(parsing text: String, field: String = "ios") throws(PushError) {
        let expectation = "(expected MAJOR[.MINOR[.PATCH]], 3.0 or later)"
        let shown = Self.quoted(text)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } })
        else {
            throw PushError(.invalidScenario, field: field, "\(shown) is not a version \(expectation)")
        }
        let numbers = parts.map { Int($0) ?? 0 }
        let version = IOSVersion(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
        guard version >= .minimum else {
            throw PushError(.invalidScenario, field: field, "\(shown) is older than iOS 3.0 \(expectation)")
        }
        self = version
    }

    /// The text in quotes, shortened to 40 characters so that an error line stays one line.
    private static func quoted(_ text: String) -> String {
        let escaped = JSONWriter.string(from: .string(String(text.prefix(40))))
        return text.count > 40 ? escaped.dropLast() + "…\"" : escaped
    }
}
