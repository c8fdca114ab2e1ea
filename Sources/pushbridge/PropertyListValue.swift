import Foundation

/// A value of an app's property list (`Info.plist`, a `.entitlements` file), as `check-config`
/// reads it: the strings, arrays and dictionaries its checks look at, and the name of any other
/// kind, for messages.
///
/// Read with Foundation's `PropertyListSerialization`, which takes XML and binary property lists
/// (and the old OpenStep text format) on Linux as on Apple platforms.
///
/// ```swift
/// let root = try PropertyListValue.dictionary(from: bytes)   // ["aps-environment": .string("development")]
/// ```
enum PropertyListValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// An array.
    case array([PropertyListValue])
    /// A dictionary.
    case dictionary([String: PropertyListValue])
    /// A Boolean (`<true/>`, `<false/>`).
    case bool(Bool)
    /// Any other kind (a number, a Boolean, a date, data), by the name messages give it.
    case other(String)

    /// Why bytes are not a property list with a dictionary at the root (never quoting the file:
    /// an app's files are its own business).
    struct ReadError: Error, Sendable, Equatable {
        /// What was wrong, for a problem line.
        var message: String
        /// Whether the bytes are no property list at all (unreadable input, exit 2), rather than
        /// one whose root is not a dictionary (a problem of its content, exit 1).
        var isUnreadable = false
    }

    /// The dictionary at the root of a property list.
    ///
    /// - Parameter bytes: An XML or binary property list.
    /// - Returns: Its root dictionary, every value converted.
    /// - Throws: ``ReadError`` when the bytes are not a property list, or its root is not a
    ///   dictionary.
    static func dictionary(from bytes: [UInt8]) throws(ReadError) -> [String: PropertyListValue] {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw ReadError(message: "not a property list (expected an XML or binary plist)", isUnreadable: true)
        }
        let value = PropertyListValue(root)
        guard case .dictionary(let dictionary) = value else {
            throw ReadError(message: "is \(value.kind), expected a dictionary at the root")
        }
        return dictionary
    }

    /// A value from what `PropertyListSerialization` returned.
    init(_ object: Any) {
        switch object {
        case let text as String: self = .string(text)
        case let items as [Any]: self = .array(items.map(PropertyListValue.init))
        case let entries as [String: Any]: self = .dictionary(entries.mapValues(PropertyListValue.init))
        case is Date: self = .other("a date")
        case is Data: self = .other("data")
        // A plist Boolean is an NSNumber of type `c` (a CFBoolean on Apple platforms, a bridged
        // Bool in swift-corelibs-foundation); a plist integer or real is never that type.
        case let number as NSNumber where String(cString: number.objCType) == "c": self = .bool(number.boolValue)
        default: self = .other("a number or a Boolean")
        }
    }

    /// The kind of value, for messages: `a string`, `an array`, `a dictionary`, ….
    var kind: String {
        switch self {
        case .string: "a string"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .bool: "a Boolean"
        case .other(let name): name
        }
    }
}
