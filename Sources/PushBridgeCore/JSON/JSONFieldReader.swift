/// Reads the fields of a JSON object with errors that name the field and what was expected.
///
/// Shared by every decoder of user-written JSON (scenarios, configurations), so that each says
/// `implements[2]: "foo" is not one of …` the same way.
package struct JSONFieldReader: Sendable {
    package let object: JSONObject
    /// The path of `object` itself (`""` at the top, `notification`, …).
    package let path: String
    /// The error code raised for a bad field.
    package let code: PushError.Code

    package init(_ object: JSONObject, path: String = "", code: PushError.Code) {
        self.object = object
        self.path = path
        self.code = code
    }

    /// The path of a member: `notification.payload`.
    package func path(of key: String) -> String {
        let shown = Self.displayKey(key)
        return path.isEmpty ? shown : "\(path).\(shown)"
    }

    /// A key as messages show it: control characters escaped, at most 40 characters, so an
    /// error about any key stays one short line.
    package static func displayKey(_ key: String) -> String {
        var shown = ""
        var count = 0
        for scalar in key.unicodeScalars {
            if count == 40 { return shown + "…" }
            count += 1
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: shown += "\\u{\(String(scalar.value, radix: 16))}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// An error about `field`.
    package func error(_ field: String, _ message: String) -> PushError {
        PushError(code, field: field, message)
    }

    /// Throws for the first key not in `known`.
    package func rejectUnknownKeys(_ known: [String]) throws(PushError) {
        for key in object.keys where !known.contains(key) {
            throw error(path(of: key), "unknown field (expected one of: \(known.joined(separator: ", ")))")
        }
    }

    /// A string member, if present.
    package func string(_ key: String) throws(PushError) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let text) = value else { throw typeError(key, value, expected: "a string") }
        return text
    }

    /// A Bool member, if present.
    package func bool(_ key: String) throws(PushError) -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let flag) = value else { throw typeError(key, value, expected: "true or false") }
        return flag
    }

    /// An object member, if present.
    package func object(_ key: String) throws(PushError) -> JSONObject? {
        guard let value = object[key] else { return nil }
        guard case .object(let member) = value else { throw typeError(key, value, expected: "an object") }
        return member
    }

    /// An array-of-strings member, if present.
    package func strings(_ key: String) throws(PushError) -> [String]? {
        guard let value = object[key] else { return nil }
        guard case .array(let elements) = value else { throw typeError(key, value, expected: "an array of strings") }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw error("\(path(of: key))[\(index)]", "is \(element.typeDescription), expected a string")
            }
            result.append(text)
        }
        return result
    }

    /// A member of the wrong type. The value is shown for a file a developer wrote (a scenario,
    /// a configuration), never for a payload (``PushError/Code/invalidPayload``): a push's values
    /// can be tokens or personal data, and its errors reach diagnostics and logs.
    package func typeError(_ key: String, _ value: JSONValue, expected: String) -> PushError {
        guard code != .invalidPayload else { return error(path(of: key), "is \(value.typeDescription), expected \(expected)") }
        return error(path(of: key), "\(shown(value)) is \(value.typeDescription), expected \(expected)")
    }

    package func shown(_ value: JSONValue) -> String { Self.shown(value) }

    /// A value as compact JSON, cut to 40 characters so an error stays one short line.
    package static func shown(_ value: JSONValue) -> String {
        let text = JSONWriter.string(from: value)
        return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }
}
