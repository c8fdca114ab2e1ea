/// Holds the Swift types the Apple-only bridge spells against the Objective-C types the SDK
/// declares: the `@convention(c)` types it casts method implementations to, the
/// `@convention(block)` types of the blocks it passes, and the parameters of its `@objc` methods.
/// Each check returns the problems it found, empty when the types agree.
package struct SignatureCheck {
    /// The bridge's `typealias`es, by name.
    package var aliases: [String: String]

    package init(aliases: [String: String]) { self.aliases = aliases }

    /// Which way a value crosses.
    package enum Direction {
        /// The bridge hands it to the SDK: a non-null one must not be optional.
        case passed
        /// The SDK hands it to the bridge: a nullable one must be optional.
        case received
        /// The SDK returns it: an object is `Unmanaged<…>?`, taken as the SDK's getter returns it.
        case returned
    }

    /// The Foundation classes the `@convention(c)` types name; any other object is `AnyObject`
    /// (or `NSObject`, to set properties by key-value coding).
    package static let namedClasses: Set = ["NSString", "NSDictionary", "NSSet", "NSData", "NSArray"]

    /// What Swift's Objective-C bridging turns an object into in an `@objc` method.
    package static let bridgedClasses: [String: Set<String>] = [
        "NSString": ["String", "NSString"], "NSDictionary": ["[AnyHashable: Any]", "NSDictionary"], "NSArray": ["[Any]", "NSArray"],
        "NSSet": ["Set<AnyHashable>", "NSSet"], "NSData": ["Data", "NSData"], "NSError": ["Error", "any Error", "NSError"],
    ]

    /// Problems of the `@convention(c)` type `alias` as the implementation of `declaration`.
    package func implementation(_ alias: String, of declaration: ObjCDeclaration) -> [String] {
        guard let text = aliases[alias], let function = BridgeSource.functionType(text), function.convention == "c" else {
            return ["\(alias) is not a @convention(c) function type"]
        }
        guard function.parameters.count == declaration.arguments.count + 2 else {
            return [
                "\(alias) takes \(function.parameters.count - 2) arguments after the class and selector; \(declaration.selector) takes \(declaration.arguments.count)"
            ]
        }
        var problems: [String] = []
        if function.parameters[0] != (declaration.kind == .classMethod ? "AnyClass" : "AnyObject") {
            problems.append("\(alias): receiver \(function.parameters[0])")
        }
        if function.parameters[1] != "Selector" { problems.append("\(alias): second parameter \(function.parameters[1]), not Selector") }
        for (swift, objc) in zip(function.parameters.dropFirst(2), declaration.arguments) {
            problems += cType(swift, objc, .passed).map { "\(alias): \($0)" }
        }
        return problems + cType(function.result, declaration.returns, .returned).map { "\(alias) result: \($0)" }
    }

    /// Problems of the Swift type `swift` in a `@convention(c)` or `@convention(block)` type for `objc`.
    package func cType(_ swift: String, _ objc: ObjCType, _ direction: Direction) -> [String] {
        let optional = swift.hasSuffix("?")
        let base = optional ? String(swift.dropLast()) : swift
        func expect(_ expected: String) -> [String] { swift == expected ? [] : ["\(swift) for \(objc) (expected \(expected))"] }
        switch objc {
        case .void: return expect("Void")
        case .bool: return expect("Bool")
        case .int: return expect("Int32")
        case .integer: return expect("Int")
        case .unsignedInteger: return expect("UInt")
        case .object(let name, let nullable):
            let allowed: Set = Self.namedClasses.contains(name) ? [name] : ["AnyObject", "NSObject"]
            if direction == .returned {
                return allowed.contains { swift == "Unmanaged<\($0)>?" } ? [] : ["\(swift) for returned \(objc) (expected Unmanaged<…>?)"]
            }
            var problems = allowed.contains(base) ? [] : ["\(swift) for \(objc) (expected one of \(allowed.sorted()))"]
            problems += nullability(swift, optional: optional, nullable: nullable, direction)
            return problems
        case .block(let arguments, let nullable):
            guard let text = aliases[base], let function = BridgeSource.functionType(text), function.convention == "block" else {
                return ["\(swift) for \(objc) is not a @convention(block) typealias"]
            }
            var problems = nullability(swift, optional: optional, nullable: nullable, direction)
            if function.result != "Void" { problems.append("\(base) returns \(function.result)") }
            guard function.parameters.count == arguments.count else {
                return problems + ["\(base) takes \(function.parameters.count) arguments; \(objc) takes \(arguments.count)"]
            }
            for (parameter, argument) in zip(function.parameters, arguments) {
                problems += cType(parameter, argument, direction == .passed ? .received : .passed).map { "\(base): \($0)" }
            }
            return problems
        }
    }

    /// Problems of the parameters of the `@objc` method implementing `declaration`.
    package func objcMethod(_ parameterTypes: [String], of declaration: ObjCDeclaration) -> [String] {
        guard parameterTypes.count == declaration.arguments.count else {
            return ["\(declaration.selector): \(parameterTypes.count) parameters for \(declaration.arguments.count) arguments"]
        }
        return zip(parameterTypes, declaration.arguments).flatMap { bridged($0, $1, .received).map { "\(declaration.selector): \($0)" } }
    }

    /// Problems of the Swift type `swift`, bridged to Objective-C in an `@objc` method, for `objc`.
    package func bridged(_ swift: String, _ objc: ObjCType, _ direction: Direction) -> [String] {
        var text = swift
        let escaping = text.hasPrefix("@escaping ")
        if escaping { text = String(text.dropFirst(10)) }
        let optional = text.hasSuffix("?")
        var base = optional ? String(text.dropLast()) : text
        if optional, base.hasPrefix("("), base.hasSuffix(")"), BridgeSource.functionType(String(base.dropFirst().dropLast())) != nil {
            base = String(base.dropFirst().dropLast())
        }
        func expect(_ allowed: Set<String>) -> [String] {
            allowed.contains(text) ? [] : ["\(swift) for \(objc) (expected one of \(allowed.sorted()))"]
        }
        switch objc {
        case .void: return expect(["Void"])
        case .bool: return expect(["Bool"])
        case .int: return expect(["Int32"])
        case .integer: return expect(["Int"])
        case .unsignedInteger(let name): return expect(["UInt", name])
        case .object(let name, let nullable):
            let allowed = Self.bridgedClasses[name] ?? [name]
            return (allowed.contains(base) ? [] : ["\(swift) for \(objc) (expected one of \(allowed.sorted()))"])
                + nullability(swift, optional: optional, nullable: nullable, direction)
        case .block(let arguments, let nullable):
            guard let function = BridgeSource.functionType(base), function.result == "Void" else {
                return ["\(swift) for \(objc) is not a closure returning Void"]
            }
            var problems = nullability(swift, optional: optional, nullable: nullable, direction)
            if !optional, !escaping { problems.append("\(swift): a non-null block the bridge keeps must be @escaping") }
            guard function.parameters.count == arguments.count else {
                return problems + ["\(swift) takes \(function.parameters.count) arguments; \(objc) takes \(arguments.count)"]
            }
            for (parameter, argument) in zip(function.parameters, arguments) {
                problems += bridged(parameter, argument, direction == .passed ? .received : .passed)
            }
            return problems
        }
    }

    /// A non-null value the bridge passes must not be optional; a nullable one it receives must be.
    private func nullability(_ swift: String, optional: Bool, nullable: Bool, _ direction: Direction) -> [String] {
        switch direction {
        case .passed where optional && !nullable: ["\(swift) may pass nil where the SDK declares non-null"]
        case .received where nullable && !optional: ["\(swift) cannot hold the nil the SDK may hand over"]
        default: []
        }
    }
}
