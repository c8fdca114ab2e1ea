import Foundation

extension JSONValue {
    /// Converts a Foundation property-list value — what iOS and the vendor SDKs hand an app as
    /// `userInfo: [AnyHashable: Any]` — into a `JSONValue`, once, at the edge.
    ///
    /// `NSNumber`s are read by their underlying type, so a JSON `true` stays `.bool(true)` and
    /// `1` stays `.integer(1)` even where Foundation bridges one into the other. Dictionary keys
    /// must be strings; `NSNull` is `null`; `Date`s and `Data` are rejected (they never come
    /// from an APNs payload).
    ///
    /// An integer beyond 64 bits becomes ``bigInteger(_:)`` with its digits: an unsigned 64-bit
    /// number above `Int64.max`, or an `NSDecimalNumber` holding a whole number outside `Int64`
    /// (what ``foundationValue`` makes of a ``bigInteger(_:)``, so the digits survive the round
    /// trip up to the 38 significant digits `NSDecimalNumber` keeps). Any other
    /// `NSDecimalNumber` is read as a `Double`, as before.
    ///
    /// - Parameters:
    ///   - value: The value (`NSDictionary`, `[AnyHashable: Any]`, `NSArray`, `String`, `NSNumber`, …).
    ///   - path: The key path used in errors (`payload` by default).
    ///   - depth: How deep the value is allowed to nest (64 by default, as the parser's).
    /// - Throws: ``PushError`` (``PushError/Code/invalidPayload``) naming the key path of the
    ///   first value that has no JSON form.
    public init(foundation value: Any, path: String = "payload", depth: Int = 64) throws(PushError) {
        guard depth >= 0 else { throw PushError(.invalidPayload, field: path, "nested too deeply") }
        switch value {
        case is NSNull:
            self = .null
        case let number as NSNumber where !(value is String):
            self = try Self.number(number, path: path)
        case let text as String:
            self = .string(text)
        case let dictionary as [AnyHashable: Any]:
            var object = JSONObject()
            for (key, member) in dictionary {
                guard let name = key.base as? String else {
                    throw PushError(.invalidPayload, field: path, "has a key that is not a string (\(type(of: key.base)))")
                }
                object[name] = try JSONValue(foundation: member, path: "\(path).\(name)", depth: depth - 1)
            }
            self = .object(object)
        case let array as [Any]:
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                elements.append(try JSONValue(foundation: element, path: "\(path)[\(index)]", depth: depth - 1))
            }
            self = .array(elements)
        default:
            throw PushError(.invalidPayload, field: path, "is a \(type(of: value)), which has no JSON form")
        }
    }

    /// An `NSNumber` by its underlying type: Bool, integer or floating point.
    private static func number(_ number: NSNumber, path: String) throws(PushError) -> JSONValue {
        if isBoolean(number) { return .bool(number.boolValue) }
        if let decimal = number as? NSDecimalNumber, let digits = bigIntegerDigits(decimal) {
            return .bigInteger(digits)
        }
        switch String(cString: number.objCType) {
        case "f", "d":
            let double = number.doubleValue
            guard double.isFinite else { throw PushError(.invalidPayload, field: path, "is not a finite number") }
            // Integral doubles that came from JSON integers on some platforms stay doubles here:
            // the validator treats 1 and 1.0 alike where APNs does.
            return .double(double)
        case "Q":
            guard let integer = Int64(exactly: number.uint64Value) else { return .bigInteger(String(number.uint64Value)) }
            return .integer(integer)
        default:
            return .integer(number.int64Value)
        }
    }

    /// The digits of a whole `NSDecimalNumber` outside `Int64`, else `nil`.
    private static func bigIntegerDigits(_ decimal: NSDecimalNumber) -> String? {
        var value = decimal.decimalValue
        guard value.isFinite, !value.isNaN else { return nil }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        guard rounded == value else { return nil }
        let text = decimal.description(withLocale: Locale(identifier: "en_US_POSIX"))
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            Int64(text) == nil
        else { return nil }
        return text
    }

    /// Whether an `NSNumber` holds a Bool (`kCFBooleanTrue`/`False` on Apple platforms, a
    /// Bool-typed number elsewhere).
    private static func isBoolean(_ number: NSNumber) -> Bool {
        #if canImport(Darwin)
            return CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
            return number === NSNumber(value: true) || number === NSNumber(value: false)
                || String(cString: number.objCType) == "c" && type(of: number) != NSNumber.self
        #endif
    }
}

extension JSONValue {
    /// The Foundation form of this value, for SDK calls that take `NSDictionary`/`[AnyHashable: Any]`:
    /// `NSNull`, `Bool`, `Int64`, `Double`, `String`, `[Any]`, `[AnyHashable: Any]`, and an
    /// `NSDecimalNumber` made from the digits of a ``bigInteger(_:)`` (exact up to 38 significant
    /// digits, `NSDecimalNumber`'s precision).
    public var foundationValue: Any {
        // Out of line: inlined into `foundationDictionary`, which calls it back for nested values,
        // the recursion was unrolled several levels deep.
        @inline(never) get {
            switch self {
            case .null: NSNull()
            case .bool(let value): value
            case .integer(let value): value
            case .bigInteger(let digits): NSDecimalNumber(string: digits, locale: Locale(identifier: "en_US_POSIX"))
            case .double(let value): value
            case .string(let value): value
            case .array(let values): values.map(\.foundationValue)
            case .object(let object): object.foundationDictionary
            }
        }
    }
}

extension JSONObject {
    /// The Foundation dictionary of this object (see ``JSONValue/foundationValue``).
    public var foundationDictionary: [AnyHashable: Any] {
        var dictionary: [AnyHashable: Any] = [:]
        for (key, value) in self { dictionary[key] = value.foundationValue }
        return dictionary
    }
}
