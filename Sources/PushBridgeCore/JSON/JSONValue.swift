/// A JSON value: the `Sendable` form every payload, scenario and configuration takes once it has
/// crossed the edge of PushBridge.
///
/// Vendor SDKs and iOS hand an app `[AnyHashable: Any]` dictionaries; PushBridge converts them
/// once, at the adapter boundary, into `JSONValue`, so nothing non-`Sendable` reaches the core.
/// Integers and floating-point numbers are kept apart (`1` is ``integer(_:)``, `1.0` is
/// ``double(_:)``, `true` is ``bool(_:)``), which the payload validator relies on: APNs requires
/// `content-available` to be exactly the number 1, not `true`. An integer beyond 64 bits, which
/// APNs accepts, is kept exactly as written as ``bigInteger(_:)``.
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
    /// A number written without a fraction or exponent that does not fit in 64 bits, kept exactly
    /// as written: an optional `-` and its digits (`"18446744073709551616"`), never with a leading
    /// zero.
    ///
    /// APNs accepts such numbers, so a payload holding one stays readable; ``integerValue`` is `nil`
    /// for it, writing it back gives the digits verbatim, and ``foundationValue`` is an
    /// `NSDecimalNumber`. Two big integers are equal when their digits are.
    case bigInteger(String)
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
        case .bigInteger: "an integer beyond 64 bits"
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
/// Two objects are equal when they hold the same keys with equal values, in any order. Keys are
/// compared as Swift strings (canonical equivalence), as a `Dictionary` compares them. Small
/// objects (most of a payload) are searched in order; larger ones keep a hash index beside
/// their members (over the keys' bytes when every key is ASCII).
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member, as stored.
    @usableFromInline
    struct Member: Sendable {
        @usableFromInline var key: String
        @usableFromInline var value: JSONValue
    }

    /// Objects with more members than this keep ``index``; smaller ones are searched linearly.
    static let indexThreshold = 12

    /// The members, in the order their keys were first inserted.
    @usableFromInline
    private(set) var members: [Member] = []
    /// Each key's position in ``members``; none while there are at most ``indexThreshold``.
    private var index = JSONKeyIndex.none

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

    /// An object from members whose keys are known to be distinct, with the index the parser
    /// built while checking that (empty for ``indexThreshold`` members or fewer).
    init(distinctMembers members: [Member], index: JSONKeyIndex) {
        self.members = members
        self.index = index
    }

    /// The keys, in the order they were first inserted.
    public var keys: [String] { members.map(\.key) }

    /// The number of members.
    @inlinable
    public var count: Int { members.count }

    /// Whether the object has no members.
    @inlinable
    public var isEmpty: Bool { members.isEmpty }

    /// The position of `key` in ``members``.
    @usableFromInline
    func position(of key: String) -> Int? {
        switch index {
        case .none:
            for position in members.indices where members[position].key == key { return position }
            return nil
        case .dictionary(let positions):
            return positions[key]
        case .ascii(let table):
            let found = ASCIIKeyTable.withUTF8(key) { (utf8) -> Int?? in
                guard ASCIIKeyTable.isASCII(utf8) else { return .none }
                return .some(table.position(of: utf8, hash: ASCIIKeyTable.hash(utf8), in: members))
            }
            if let found { return found }
            // Not ASCII, yet maybe equal to an ASCII key (U+212A KELVIN SIGN is K): in order.
            for position in members.indices where members[position].key == key { return position }
            return nil
        }
    }

    /// The value for `key`; setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        @inlinable get {
            guard let position = position(of: key) else { return nil }
            return members[position].value
        }
        @inline(never) set {  // out of line: inlined at each caller, 0.4 KB in all
            let position = position(of: key)
            switch (position, newValue) {
            case (let position?, let value?):
                members[position].value = value
            case (nil, let value?):
                members.append(Member(key: key, value: value))
                switch index {
                case .dictionary(var positions):
                    index = .none
                    positions[key] = members.count - 1
                    index = .dictionary(positions)
                case .ascii(var table) where table.hasRoom && ASCIIKeyTable.isASCII(key):
                    index = .none
                    if table.insert(members.count - 1, hash: ASCIIKeyTable.hash(key)) { index = .ascii(table) } else { rebuildIndex() }
                default:
                    rebuildIndex()
                }
            case (let position?, nil):
                members.remove(at: position)
                rebuildIndex()
            case (nil, nil):
                break
            }
        }
    }

    private mutating func rebuildIndex() {
        index = JSONKeyIndex.build(members)
    }

    /// Iterates an object's members in insertion order. Inlinable, as iterating an object in
    /// the same module is: a validator in another module walks payloads member by member.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let members: [Member]
        @usableFromInline var position = 0

        @inlinable
        init(_ object: JSONObject) { self.members = object.members }

        /// The next member, or `nil` after the last.
        @inlinable
        public mutating func next() -> (key: String, value: JSONValue)? {
            guard position < members.count else { return nil }
            defer { position += 1 }
            return (members[position].key, members[position].value)
        }
    }

    /// The members in insertion order.
    @inlinable
    public func makeIterator() -> Iterator { Iterator(self) }

    /// Equal when both hold the same keys with equal values, whatever their order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        for member in lhs.members {
            guard let position = rhs.position(of: member.key), rhs.members[position].value == member.value else { return false }
        }
        return true
    }

    /// Hashes the members, independently of their order.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for member in members { combined ^= Self.hashValue(of: member) }
        hasher.combine(members.count)
        hasher.combine(combined)
    }

    /// One member's hash, out of line: inlined, the values' hashing (recursive through nested
    /// objects and arrays) was unrolled into ``hash(into:)`` several levels deep, 2 KB of code.
    @inline(never)
    private static func hashValue(of member: Member) -> Int {
        var hasher = Hasher()
        hasher.combine(member.key)
        hasher.combine(member.value)
        return hasher.finalize()
    }
}
