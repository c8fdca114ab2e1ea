import PushBridgeCore

/// Reading a field that names one of an enumeration's cases: what the tools' readers (scenarios,
/// server messages, the command's arguments) need and an app's configuration does not. Here, not
/// in the runtime, so that an app does not ship it (the generic copies were 2 KB of arm64 code).
extension JSONFieldReader {
    /// A string member that must be the raw value of one of `Choice`'s cases, if present.
    package func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) throws(PushError) -> Choice?
    where Choice.RawValue == String {
        guard let text = try string(key) else { return nil }
        return try Self.choice(text, field: path(of: key), code: code)
    }

    /// `text` as one of `Choice`'s cases, or an error listing them.
    package static func choice<Choice: RawRepresentable & CaseIterable>(
        _ text: String, field: String, code: PushError.Code
    ) throws(PushError) -> Choice where Choice.RawValue == String {
        guard let match = Choice(rawValue: text) else {
            let options = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw PushError(code, field: field, "\(shown(.string(text))) is not one of: \(options)")
        }
        return match
    }
}
