/// The checks every vendor's notification-service-extension reporter passes, as problems (empty:
/// it passes): each class method it binds is declared in the vendor's header with the arity of
/// its selector, each call goes through a cast matching the declaration, and the reporter spells
/// no name itself, imports no SDK and uses no app-only API.
package struct ExtensionReporterCheck {
    /// The reporter's source, relative to the package root.
    package var reporterPath: String
    /// The symbol table's source.
    package var symbolsPath: String
    /// The symbol table's type name, as the reporter spells it.
    package var symbolsType: String
    /// The variable the reporter holds the SDK's class in.
    package var receiver: String
    /// The SDK's class.
    package var className: String
    /// The class methods the symbol table lists.
    package var classMethods: [String]
    /// What the vendor's header declares.
    package var declarations: [ObjCDeclaration]

    /// A check of one reporter.
    package init(
        reporterPath: String, symbolsPath: String, symbolsType: String, receiver: String, className: String, classMethods: [String],
        declarations: [ObjCDeclaration]
    ) {
        self.reporterPath = reporterPath
        self.symbolsPath = symbolsPath
        self.symbolsType = symbolsType
        self.receiver = receiver
        self.className = className
        self.classMethods = classMethods
        self.declarations = declarations
    }

    private func declaration(_ selector: String) -> ObjCDeclaration? {
        declarations.first { $0.owner == className && $0.selector == selector }
    }

    /// Every bound method is recorded, as a class method with its selector's arity, and nothing
    /// else is.
    package func recordProblems() -> [String] {
        var problems: [String] = []
        for selector in classMethods {
            guard let declaration = declaration(selector) else {
                problems.append("+[\(className) \(selector)] is not recorded")
                continue
            }
            if declaration.kind != .classMethod { problems.append("+[\(className) \(selector)] is recorded as \(declaration.kind)") }
            if arity(selector) != declaration.arguments.count {
                problems.append("+[\(className) \(selector)] has \(declaration.arguments.count) arguments")
            }
        }
        if Set(declarations.map(\.selector)) != Set(classMethods) {
            problems.append("recorded \(declarations.map(\.selector)), bound \(classMethods)")
        }
        return problems
    }

    /// Every call goes through `ExtensionSDKBinding.classMethod(…)` with a cast the declaration
    /// allows, with the receiver and the selector first, and every recorded method is called.
    package func callProblems() throws -> [String] {
        let source = try BridgeSource(reporterPath)
        let constants = try BridgeSource(symbolsPath).stringConstants
        let check = SignatureCheck(aliases: source.typealiases)
        var problems: [String] = []
        var called: [String] = []
        let function = "ExtensionSDKBinding.classMethod("
        for binding in source.bindings(symbols: symbolsType, call: function) {
            guard let selector = constants[binding.constant] else {
                problems.append("\(symbolsType).\(binding.constant) is not a constant")
                continue
            }
            if binding.receiver != receiver { problems.append("+[\(selector)] is called on \(binding.receiver)") }
            guard let declaration = declaration(selector) else {
                problems.append("+[\(className) \(selector)] is not recorded")
                continue
            }
            problems += check.implementation(binding.alias, of: declaration).map { "+[\(selector)]: \($0)" }
            if binding.callArguments.count != declaration.arguments.count + 2 {
                problems.append("+[\(selector)] called with \(binding.callArguments)")
            }
            if Array(binding.callArguments.prefix(2)) != [binding.receiver, "selector"] {
                problems.append("+[\(selector)] called with \(binding.callArguments)")
            }
            called.append(selector)
        }
        if Set(called) != Set(declarations.map(\.selector)) { problems.append("called \(called), recorded \(declarations.map(\.selector))") }
        if !source.bindingsThroughLocals(symbols: symbolsType, call: function).isEmpty { problems.append("a binding goes through a local") }
        return problems
    }

    /// The reporter spells no name of the table, imports no SDK, is Apple-only and uses no
    /// app-only API.
    package func sourceProblems() throws -> [String] {
        let source = try BridgeSource(reporterPath)
        let constants = Set(try BridgeSource(symbolsPath).stringConstants.values)
        var problems = source.stringLiterals.filter { constants.contains($0) }.map { "\"\($0)\" is spelled in the reporter" }
        if source.codeLines.contains(where: { $0.contains("import JPush") || $0.contains("import GTExtensionSDK") }) {
            problems.append("it imports the SDK")
        }
        if source.codeLines.first != "#if canImport(UserNotifications) && canImport(ObjectiveC)" { problems.append("it is not Apple-only") }
        for banned in ["UIApplication", "import UIKit", "PushBridgeUIKit", "sharedApplication"] where source.code.contains(banned) {
            problems.append("it uses \(banned)")
        }
        return problems
    }
}
