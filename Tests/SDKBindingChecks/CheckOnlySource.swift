import Foundation

/// The Swift source of a check-only module that lets the compiler hold an Apple-only SDK bridge's
/// run-time bindings against the vendor's real header (`ios-typecheck --check-only`).
///
/// The bridge binds the SDK by name: a selector string, an implementation cast to a
/// `@convention(c)` type, `@objc(…)` delegate methods, keys set by key-value coding. None of that
/// is seen by a compiler, so the tests generate a module that restates each binding in a form the
/// compiler does check, taking every name from the symbol tables and every type from the bridge
/// itself (its `package` typealiases and methods), never from a copy:
///
/// - **A class method**: a closure of the bridge's own `@convention(c)` type that calls the method
///   by its imported Swift name with the arguments the bridge passes. It type-checks only if the
///   class has that method and each argument converts to the declared parameter as the
///   Objective-C runtime converts it (`NSString` to `String`, `AnyObject` to the declared class,
///   an `NSUInteger` to its `NS_ENUM`, a block to its imported closure, …), and the result back.
///   The imported name is tied to the table's selector by ``selector(ofSwiftName:)``: the tests
///   check that the name spells the selector, so a misspelt selector is a name the class lacks.
/// - **A delegate method**: a closure of the protocol requirement's type (the requirement named
///   by its imported Swift name on an existential of the protocol) that calls the bridge's own
///   method with what the SDK passes.
/// - **A key set by key-value coding**: a writable key path to the property of that name.
/// - **A class or protocol**: named in all of the above.
package struct CheckOnlySource {
    /// One class method the bridge calls through its implementation.
    package struct ClassMethod {
        /// The class (`JPUSHService`).
        package var className: String
        /// The selector, from the symbol table.
        package var selector: String
        /// The method's imported Swift name (`setup(withOption:appKey:…)`), which must spell the selector.
        package var swiftName: String
        /// The bridge's `@convention(c)` typealias the implementation is cast to, module-qualified.
        package var implementationType: String
        /// That typealias's text, from the bridge's source.
        package var implementationTypeText: String

        package init(className: String, selector: String, swiftName: String, implementationType: String, implementationTypeText: String) {
            self.className = className
            self.selector = selector
            self.swiftName = swiftName
            self.implementationType = implementationType
            self.implementationTypeText = implementationTypeText
        }
    }

    /// One delegate method the bridge implements as an `@objc(…)` method.
    package struct DelegateMethod {
        /// The selector, from the symbol table.
        package var selector: String
        /// The requirement's imported Swift name, which must spell the selector.
        package var requirementSwiftName: String
        /// The bridge's method's Swift name, from its source.
        package var witnessSwiftName: String
        /// The bridge's method's parameter types, from its source.
        package var witnessParameterTypes: [String]
        /// Whether the requirement is `@optional`.
        package var isOptional: Bool

        package init(selector: String, requirementSwiftName: String, witnessSwiftName: String, witnessParameterTypes: [String], isOptional: Bool) {
            self.selector = selector
            self.requirementSwiftName = requirementSwiftName
            self.witnessSwiftName = witnessSwiftName
            self.witnessParameterTypes = witnessParameterTypes
            self.isOptional = isOptional
        }
    }

    /// One property set by key-value coding.
    package struct KeyValueProperty {
        /// The class.
        package var className: String
        /// The key, from the symbol table: the property's name.
        package var key: String

        package init(className: String, key: String) {
            self.className = className
            self.key = key
        }
    }

    /// The generated module's name and what it imports besides Foundation and ObjectiveC.
    package var moduleName: String
    package var imports: [String]
    /// The bridge's module, which qualifies its typealiases.
    package var bridgeModule: String
    /// The class that implements the delegate methods, module-qualified.
    package var delegateClass: String
    /// The protocol the SDK calls them through.
    package var delegateProtocol: String
    package var classMethods: [ClassMethod]
    package var delegateMethods: [DelegateMethod]
    package var keyValueProperties: [KeyValueProperty]
    /// The bridge's typealiases (name → text), to expand a block type named by an alias.
    package var typealiases: [String: String]
    /// The command that regenerates the file, for its header.
    package var regenerate: String

    package init(
        moduleName: String, imports: [String], bridgeModule: String, delegateClass: String, delegateProtocol: String, classMethods: [ClassMethod],
        delegateMethods: [DelegateMethod], keyValueProperties: [KeyValueProperty], typealiases: [String: String], regenerate: String
    ) {
        self.moduleName = moduleName
        self.imports = imports
        self.bridgeModule = bridgeModule
        self.delegateClass = delegateClass
        self.delegateProtocol = delegateProtocol
        self.classMethods = classMethods
        self.delegateMethods = delegateMethods
        self.keyValueProperties = keyValueProperties
        self.typealiases = typealiases
        self.regenerate = regenerate
    }

    // MARK: From the tables

    /// What the tables or the bridge lack for a check.
    package struct Missing: Error, CustomStringConvertible {
        package var description: String
    }

    /// The class methods of `entries` (class → selectors, from the symbol table), each with the
    /// bridge typealias its implementation is cast to (`bridge`'s `Self.classMethod(…, Symbols.constant,
    /// as: Alias.self)` calls, or `throughLocals` for a selector chosen at run time) and its
    /// imported Swift name from `names`.
    package static func classMethods(
        entries: [(className: String, selectors: [String])], bridge: BridgeSource, symbols: BridgeSource, symbolsType: String, module: String,
        names: [String: String], throughLocals: [String: String] = [:]
    ) throws -> [ClassMethod] {
        let constants = symbols.stringConstants
        var aliases = throughLocals
        for binding in bridge.bindings(symbols: symbolsType) {
            guard let selector = constants[binding.constant] else {
                throw Missing(description: "\(symbolsType).\(binding.constant) is not a constant")
            }
            aliases[selector] = binding.alias
        }
        return try entries.flatMap { entry in
            try entry.selectors.map { selector in
                guard let alias = aliases[selector], let text = bridge.typealiases[alias] else {
                    throw Missing(description: "+[\(entry.className) \(selector)] is never cast to a typealias of the bridge")
                }
                guard let name = names[selector] else { throw Missing(description: "no imported Swift name for +[\(entry.className) \(selector)]") }
                return ClassMethod(
                    className: entry.className, selector: selector, swiftName: name, implementationType: "\(module).\(alias)",
                    implementationTypeText: text)
            }
        }
    }

    /// The delegate methods of `selectors`, each with its requirement's imported Swift name from
    /// `names` and the bridge's `@objc(…)` method of that selector.
    package static func delegateMethods(selectors: [String], bridge: BridgeSource, names: [String: String], optional: Bool) throws -> [DelegateMethod]
    {
        let witnesses = Dictionary(bridge.objcMethods.map { ($0.selector, $0) }, uniquingKeysWith: { first, _ in first })
        return try selectors.map { selector in
            guard let requirement = names[selector] else { throw Missing(description: "no imported Swift name for -\(selector)") }
            guard let witness = witnesses[selector] else { throw Missing(description: "the bridge implements no @objc(\(selector)) method") }
            return DelegateMethod(
                selector: selector, requirementSwiftName: requirement, witnessSwiftName: witness.swiftName,
                witnessParameterTypes: witness.parameterTypes,
                isOptional: optional)
        }
    }

    // MARK: Names

    /// The selector an imported Swift name stands for, by the importer's rule for a selector
    /// without `NS_SWIFT_NAME`: the base name, then the first label capitalised (`setup(withOption:…)`
    /// → `setupWithOption:`; `_` adds nothing), then each other label with its colon. The first
    /// letter is compared without case (the importer lowercases a leading capital:
    /// `GeTuiSdkDidRegisterClient:` → `geTuiSdkDidRegisterClient(_:)`).
    package static func selector(ofSwiftName name: String) -> String? {
        guard let open = name.firstIndex(of: "("), name.hasSuffix(")") else { return nil }
        let base = String(name[..<open])
        let labels = name[name.index(after: open)..<name.index(before: name.endIndex)].split(separator: ":", omittingEmptySubsequences: false)
            .dropLast()
        guard let first = labels.first else { return base }
        let head = first == "_" ? base : base + first.prefix(1).uppercased() + first.dropFirst()
        return ([head] + labels.dropFirst().map(String.init)).map { $0 + ":" }.joined()
    }

    /// Whether `swiftName` spells `selector` (the first letter compared without case).
    ///
    /// With `droppingTypeWords`, a piece of the selector may also have words the name leaves
    /// out, as the importer leaves out words that repeat a type's name
    /// (`willPresentNotification:` → `willPresent:`, `startSdkWithAppId:` on `GeTuiSdk` →
    /// `start(withAppId:)`): each piece of the name must then be the selector's piece with some
    /// of its camel-case words left out, the first kept. The left-out words are held by the
    /// spelling probe (``selectorProbe(moduleName:imports:selectors:regenerate:)``) instead.
    package static func spells(_ swiftName: String, _ selector: String, droppingTypeWords: Bool = false) -> Bool {
        guard let spelled = self.selector(ofSwiftName: swiftName) else { return false }
        let given = spelled.prefix(1).lowercased() + spelled.dropFirst()
        let wanted = selector.prefix(1).lowercased() + selector.dropFirst()
        guard droppingTypeWords else { return given == wanted }
        // A selector without arguments is one piece with no colon.
        func pieces(_ selector: String) -> [Substring] {
            selector.hasSuffix(":") ? Array(selector.split(separator: ":", omittingEmptySubsequences: false).dropLast()) : [selector[...]]
        }
        guard given.hasSuffix(":") == wanted.hasSuffix(":") else { return false }
        let (pieces, whole) = (pieces(given), pieces(wanted))
        guard pieces.count == whole.count else { return given == wanted }
        return zip(pieces, whole).allSatisfy { piece, full in piece == full || isSubsequence(words(piece), of: words(full)) }
    }

    /// The camel-case words of a selector piece (a new word at each capital).
    static func words(_ piece: Substring) -> [Substring] {
        var words: [Substring] = []
        var start = piece.startIndex
        for index in piece.indices where index != piece.startIndex && piece[index].isUppercase {
            words.append(piece[start..<index])
            start = index
        }
        if start < piece.endIndex { words.append(piece[start...]) }
        return words
    }

    /// Whether `part` is `whole` with some words left out, the first kept.
    static func isSubsequence(_ part: [Substring], of whole: [Substring]) -> Bool {
        guard part.first == whole.first else { return false }
        var remaining = whole[...]
        for word in part {
            guard let found = remaining.firstIndex(of: word) else { return false }
            remaining = remaining[remaining.index(after: found)...]
        }
        return true
    }

    /// A module of `Selector("…")` literals, one per selector the tables spell: the compiler answers
    /// each either "use '#selector' instead of explicitly constructing a 'Selector'" (an imported
    /// method has it) or "no method declared with Objective-C selector" (none has: a misspelling).
    /// CI expects exactly one warning of the first kind per literal and none of the second.
    package static func selectorProbe(moduleName: String, imports: [String], selectors: [String], regenerate: String) -> String {
        var lines = [
            "// Generated by the tests from the symbol tables: do not edit.",
            "// \(regenerate)",
            "//",
            "// The spelling probe of \(moduleName): each literal must draw the compiler's \"use '#selector'\" warning",
            "// (an imported method has the selector) and none \"no method declared with Objective-C selector\".",
            "import Foundation",
        ]
        lines += imports.map { "import \($0)" }
        lines += ["", "func \(prefix(moduleName))SpelledSelectors() {"]
        lines += selectors.map { "    _ = Selector(\"\($0)\")" }
        lines += ["}", ""]
        return lines.joined(separator: "\n")
    }

    /// The lowercased vendor a module's functions are prefixed with (`JPushBindings` → `jpush`),
    /// so that every vendor's checks share one module and its ``conversionsFile``.
    static func prefix(_ moduleName: String) -> String {
        moduleName.replacingOccurrences(of: "Bindings", with: "").lowercased()
    }

    /// The conversions every vendor's checks use, in a file of their module of its own.
    package static func conversionsFile(regenerate: String) -> String {
        ([
            "// Generated by the tests: do not edit.",
            "// \(regenerate)",
            "//",
            "// The conversions the vendors' binding checks use (Tests/SDKBindingChecks/CheckOnlySource.swift).",
            "import Foundation",
            "",
        ] + conversions.components(separatedBy: "\n") + [""]).joined(separator: "\n")
    }

    /// The argument labels of a Swift name (`_` for none).
    static func labels(_ swiftName: String) -> [String] {
        guard let open = swiftName.firstIndex(of: "(") else { return [] }
        return swiftName[swiftName.index(after: open)...].split(separator: ":").dropLast().map(String.init)
    }

    /// The base name of a Swift name.
    static func base(_ swiftName: String) -> String { String(swiftName.prefix { $0 != "(" }) }

    // MARK: The source

    /// The whole file.
    package var source: String {
        var lines = [
            "// Generated by the tests from the symbol tables and the bridge's source: do not edit.",
            "// \(regenerate)",
            "//",
            "// Type-checked for iOS against the vendor's header by `ios-typecheck --check-only` in CI (.ci/ios-typecheck).",
            "// Nothing here runs: each declaration exists to be type-checked.",
            "import Foundation",
            "import ObjectiveC",
        ]
        lines += imports.map { "import \($0)" }
        let prefix = Self.prefix(moduleName)
        lines += ["", "// MARK: Class methods: each implementation as the bridge casts it, calling the header's method", ""]
        lines.append("func \(prefix)ClassMethods() {")
        for method in classMethods { lines += classMethodCheck(method).map { "    " + $0 } }
        lines += ["}", ""]
        lines += ["// MARK: Delegate methods: what the SDK calls, with what it passes, reaches the bridge's method", ""]
        lines.append("func \(prefix)DelegateMethods(sdk: any \(delegateProtocol), bridge: \(delegateClass)) {")
        for method in delegateMethods { lines += delegateMethodCheck(method).map { "    " + $0 } }
        lines += ["}", ""]
        lines += ["// MARK: Properties set by key-value coding: each key names a settable property", ""]
        lines.append("func \(prefix)KeyValueProperties() {")
        for property in keyValueProperties {
            lines.append("    let _: ReferenceWritableKeyPath<\(property.className), _> = \\\(property.className).\(property.key)")
        }
        lines += ["}", ""]
        return lines.joined(separator: "\n")
    }

    /// `let _: Module.SetupIMP = { _, _, a0, … in returned(Class.method(label: imported(a0), …)) }`.
    func classMethodCheck(_ method: ClassMethod) -> [String] {
        guard let function = BridgeSource.functionType(method.implementationTypeText) else {
            return ["#error(\"\(method.implementationType) is not a function type\")"]
        }
        let arguments = Array(function.parameters.dropFirst(2))
        let labels = Self.labels(method.swiftName)
        guard labels.count == arguments.count else {
            return [
                "#error(\"+[\(method.className) \(method.selector)]: \(method.implementationType) passes \(arguments.count) arguments, the selector takes \(labels.count)\")"
            ]
        }
        let names = arguments.indices.map { "a\($0)" }
        let passed = zip(labels, zip(names, arguments)).map { label, argument in
            (label == "_" ? "" : label + ": ") + convertedArgument(argument.0, type: argument.1)
        }
        let call = "\(method.className).\(Self.base(method.swiftName))(\(passed.joined(separator: ", ")))"
        return [
            "// +[\(method.className) \(method.selector)]",
            "let _: \(method.implementationType) = { _, _\(names.map { ", " + $0 }.joined()) in returned(\(call)) }",
        ]
    }

    /// An argument the bridge passes, converted as the runtime does to what the header declares;
    /// a block becomes a closure of the imported type calling it.
    func convertedArgument(_ name: String, type: String) -> String {
        var text = type.trimmingCharacters(in: .whitespaces)
        let optional = text.hasSuffix("?")
        if optional { text = String(text.dropLast()) }
        if text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
        let expanded = typealiases[text] ?? text
        guard let block = BridgeSource.functionType(expanded), block.convention == "block" else { return "imported(\(name))" }
        let parameters = block.parameters.indices.map { "p\($0)" }
        let closure =
            "{ \(parameters.isEmpty ? "" : parameters.joined(separator: ", ") + " in ")block(\(parameters.map { "objc(\($0))" }.joined(separator: ", "))) }"
        // A non-optional block the header names a completion handler is imported `@Sendable`: the
        // adapter then captures the bridge's block, which is not (nothing here runs).
        return optional ? "\(name).map { block in \(closure) }" : "{ nonisolated(unsafe) let block = \(name); return \(closure) }()"
    }

    /// `shape(sdk.requirement) { a0, … in bridge.witness(objc(a0), …) }`.
    func delegateMethodCheck(_ method: DelegateMethod) -> [String] {
        let count = Self.labels(method.witnessSwiftName).count
        guard Self.labels(method.requirementSwiftName).count == count else {
            return ["#error(\"-\(method.selector): the bridge's \(method.witnessSwiftName) does not take the requirement's arguments\")"]
        }
        let names = (0..<count).map { "a\($0)" }
        let labels = Self.labels(method.witnessSwiftName)
        // What the bridge takes as the SDK hands it is passed as it is (the compiler holds the
        // types equal, or the SDK's a subtype: a `@Sendable` handler for a plain one); a raw
        // value or a Foundation object where the header has an enumeration or a Swift value goes
        // through `objc`.
        let passed = zip(
            labels, zip(names, method.witnessParameterTypes + Array(repeating: "", count: max(0, count - method.witnessParameterTypes.count)))
        )
        .map { label, argument in
            (label == "_" ? "" : label + ": ") + (Self.needsConversion(argument.1) ? "objc(\(argument.0))" : argument.0)
        }
        return [
            "// -\(method.selector)",
            "shape\(method.isOptional ? "Optional" : "")(sdk.\(method.requirementSwiftName)) { \(names.joined(separator: ", ")) in "
                + "bridge.\(Self.base(method.witnessSwiftName))(\(passed.joined(separator: ", "))) }",
        ]
    }

    /// Whether a delegate method's parameter, as the bridge declares it, is a raw value or a
    /// Foundation object that the header may declare as an enumeration or a Swift value.
    static func needsConversion(_ type: String) -> Bool {
        let bare = type.hasSuffix("?") ? String(type.dropLast()) : type
        return ["Int", "UInt", "Int32", "UInt32"].contains(bare) || (bare.hasPrefix("NS") && !bare.contains("->"))
    }

    /// The conversions the Objective-C runtime makes at a call, as overloads the compiler picks by
    /// the declared types; none of them converts what the runtime would not.
    static let conversions = """
        // MARK: What the runtime converts, and nothing else

        /// An argument the bridge passes as the declared parameter: the same type, a bridged
        /// Foundation object as its Swift value, an object as the declared class, a raw value as
        /// the declared enumeration or option set.
        func imported<T>(_ value: T) -> T { value }
        func imported<T: _ObjectiveCBridgeable>(_ value: T._ObjectiveCType) -> T { T._unconditionallyBridgeFromObjectiveC(value) }
        func imported<T: _ObjectiveCBridgeable>(_ value: T._ObjectiveCType?) -> T? { value.map { T._unconditionallyBridgeFromObjectiveC($0) } }
        func imported<T: _ObjectiveCBridgeable>(_ value: T._ObjectiveCType) -> T? { T._unconditionallyBridgeFromObjectiveC(value) }
        func imported<T: AnyObject>(_ value: AnyObject) -> T { unsafeDowncast(value, to: T.self) }
        func imported<T: AnyObject>(_ value: AnyObject?) -> T? { value.map { unsafeDowncast($0, to: T.self) } }
        func imported<T: RawRepresentable>(_ value: T.RawValue) -> T { T(rawValue: value)! }

        /// A value the SDK hands over (a delegate method's argument, a block's) as the bridge declares it.
        func objc<T>(_ value: T) -> T { value }
        func objc<T: _ObjectiveCBridgeable>(_ value: T) -> T._ObjectiveCType { value._bridgeToObjectiveC() }
        func objc<T: _ObjectiveCBridgeable>(_ value: T?) -> T._ObjectiveCType? { value.map { $0._bridgeToObjectiveC() } }
        func objc<T: RawRepresentable>(_ value: T) -> T.RawValue { value.rawValue }
        func objc<T: RawRepresentable>(_ value: T?) -> T.RawValue? { value.map(\\.rawValue) }

        /// What the header's method returns as the bridge's implementation type returns it.
        func returned<T>(_ value: T) -> T { value }
        func returned<T: _ObjectiveCBridgeable>(_ value: T?) -> Unmanaged<T._ObjectiveCType>? where T._ObjectiveCType: AnyObject {
            value.map { Unmanaged.passUnretained($0._bridgeToObjectiveC()) }
        }
        func returned<T: RawRepresentable>(_ value: T) -> T.RawValue { value.rawValue }

        /// A delegate requirement and a closure of the same type (what the bridge's method accepts).
        func shape<each A, R>(_ requirement: (repeat each A) -> R, _ witness: (repeat each A) -> R) {}
        func shapeOptional<each A, R>(_ requirement: ((repeat each A) -> R)?, _ witness: (repeat each A) -> R) {}
        """
}
