/// A JSON value: the `Sendable` form every payload, scenario and configuration takes once it has
/// crossed the edge of PushBridge.
///
/// Vendor SDKs and iOS hand an app `[AnyHashable: Any]` dictionaries; PushBridge converts them
/// once, at the adapter boundary, into `JSONValue`, so nothing non-`Sendable` reaches the core.
/// Integers and floating-point numbers are kept apart (`1` is ``integer(_:)``, `1.0` is
/// ``double(_:)``, `true` is ``bool(_:)``), which the payload validator relies on: APNs requires
/// `content-available` to be exactly the number 1, not `true`.
///
/// ```swift
/// let payload = try JSONValue(parsing: #"{"aps": {"alert": "Hi", "badge": 1}}"#)
/// payload["aps"]?["badge"]?.integerValue // 1
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or exponent that fits in 64 bits.
    case integer(Int64)
    /// Any other finite number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, which keeps its keys in the order they were written.
    case object(JSONObject)
}

extension JSONValue {
    /// The member named `key` when this value is an object, else `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The string, when this value is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, when this value is an integer (not a Bool, not a fraction).
    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The Bool, when this value is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The object, when this value is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The elements, when this value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The JSON type's name as error messages use it: `"a string"`, `"an object"`, ….
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a Bool"
        case .integer: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer value.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A Bool value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array value.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object value, keeping the literal's key order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A floating-point value.
    public init(floatLiteral value: Double) { self = .double(value) }
}

/// A JSON object that keeps its keys in insertion order and looks them up by hash.
///
/// Two objects are equal when they hold the same keys with equal values, in any order.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// The keys, in the order they were first inserted.
    public private(set) var keys: [String] = []
    private var storage: [String: JSONValue] = [:]

    /// An empty object.
    public init() {}

    /// An object with these members, in this order; a repeated key keeps its last value.
    public init(_ members: some Sequence<(String, JSONValue)>) {
        for (key, value) in members { self[key] = value }
    }

    /// An object from a literal, keeping the literal's key order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// The number of members.
    public var count: Int { keys.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { keys.isEmpty }

    /// The value for `key`; setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// Iterates an object's members in insertion order.
    public struct Iterator: IteratorProtocol {
        private let object: JSONObject
        private var index = 0

        fileprivate init(_ object: JSONObject) { self.object = object }

        /// The next member, or `nil` after the last.
        public mutating func next() -> (key: String, value: JSONValue)? {
            guard index < object.keys.count else { return nil }
            let key = object.keys[index]
            index += 1
            return (key, object.storage[key] ?? .null)
        }
    }

    /// The members in insertion order.
    public func makeIterator() -> Iterator { Iterator(self) }

    /// Equal when both hold the same keys with equal values, whatever their order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.storage == rhs.storage
    }

    /// Hashes the members, independently of their order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
    }
}
