import Foundation

/// Swift source of the package read as text: the Apple-only SDK bridge, which no compiler sees on
/// Linux (one file, or all the files a bridge spans as one text), and the symbols file it takes its
/// names from. The scanning is deliberately simple — it understands the few shapes those files
/// are written in, and nothing more.
package struct BridgeSource {
    package let text: String

    /// The file at `path`, relative to the package root (found from this file's place).
    package init(_ path: String, file: String = #filePath) throws {
        text = try String(contentsOf: Self.packageRoot(file: file).appendingPathComponent(path), encoding: .utf8)
    }

    /// A type whose source spans several files of `folder` (relative to the package root), read
    /// as one text: `type.swift` first, then every `type+….swift` in name order.
    ///
    /// - Throws: When `type.swift` is not there.
    package init(type: String, in folder: String, file: String = #filePath) throws {
        let paths = try Self.files(of: type, in: folder, file: file)
        text = try paths.map { try BridgeSource($0, file: file).text }.joined(separator: "\n")
    }

    /// The files `init(type:in:)` reads, relative to the package root, in the order it reads them.
    package static func files(of type: String, in folder: String, file: String = #filePath) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot(file: file).appendingPathComponent(folder).path)
        let extensions = names.filter { $0.hasPrefix(type + "+") && $0.hasSuffix(".swift") }.sorted()
        return ([type + ".swift"] + extensions).map { folder + "/" + $0 }
    }

    /// The package's root folder: the nearest one above `file` that holds `Package.swift`.
    package static func packageRoot(file: String = #filePath) -> URL {
        var root = URL(fileURLWithPath: file).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path), root.path != "/" {
            root.deleteLastPathComponent()
        }
        return root
    }

    /// The lines that are code: not comments.
    package var codeLines: [String] {
        text.components(separatedBy: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
    }

    /// The code without its comment lines, as one text.
    package var code: String { codeLines.joined(separator: "\n") }

    /// `static let name = "value"` constants: name → value.
    package var stringConstants: [String: String] {
        var constants: [String: String] = [:]
        for line in codeLines {
            guard let letRange = line.range(of: "static let "), let equals = line.range(of: " = \"", range: letRange.upperBound..<line.endIndex)
            else { continue }
            let name = String(line[letRange.upperBound..<equals.lowerBound])
            let rest = line[equals.upperBound...]
            guard let close = rest.firstIndex(of: "\"") else { continue }
            constants[name] = String(rest[..<close])
        }
        return constants
    }

    /// `typealias Name = type` declarations: name → the type's text.
    package var typealiases: [String: String] {
        var aliases: [String: String] = [:]
        for line in codeLines {
            guard let range = line.range(of: "typealias "), let equals = line.range(of: " = ", range: range.upperBound..<line.endIndex) else {
                continue
            }
            aliases[String(line[range.upperBound..<equals.lowerBound])] = String(line[equals.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
        return aliases
    }

    /// One class method bound: `Self.classMethod(receiver, Symbols.constant, as: Alias.self)` (or
    /// through another `function`, such as `ExtensionSDKBinding.classMethod(`),
    /// with the arguments of the `call(…)` that follows it.
    package struct Binding {
        package var receiver: String
        package var constant: String
        package var alias: String
        package var callArguments: [String]
    }

    /// Every class method binding of the form above, `symbols` naming the symbols type.
    package func bindings(symbols: String, call function: String = "Self.classMethod(") -> [Binding] {
        let text = code
        var found: [Binding] = []
        var searchFrom = text.startIndex
        while let start = text.range(of: function, range: searchFrom..<text.endIndex) {
            let (inside, end) = Self.parenthesized(text, from: start.upperBound)
            searchFrom = end
            let parts = Self.splitTopLevel(inside)
            guard parts.count == 3, parts[1].hasPrefix(symbols + "."), parts[2].hasPrefix("as: "), parts[2].hasSuffix(".self") else { continue }
            var arguments: [String] = []
            if let call = text.range(of: "call(", range: end..<text.endIndex) {
                arguments = Self.splitTopLevel(Self.parenthesized(text, from: call.upperBound).inside)
            }
            found.append(
                Binding(
                    receiver: parts[0], constant: String(parts[1].dropFirst(symbols.count + 1)),
                    alias: String(parts[2].dropFirst(4).dropLast(5)), callArguments: arguments))
        }
        return found
    }

    /// Other receivers named as the first argument of `Self.classMethod(` in switch-chosen
    /// calls (`Self.classMethod(service, name, as: …)`): the binding's constant is then a local.
    package func bindingsThroughLocals(symbols: String, call function: String = "Self.classMethod(") -> [Binding] {
        let text = code
        var found: [Binding] = []
        var searchFrom = text.startIndex
        while let start = text.range(of: function, range: searchFrom..<text.endIndex) {
            let (inside, end) = Self.parenthesized(text, from: start.upperBound)
            searchFrom = end
            let parts = Self.splitTopLevel(inside)
            guard parts.count == 3, !parts[1].hasPrefix(symbols + "."), parts[2].hasPrefix("as: ") else { continue }
            found.append(Binding(receiver: parts[0], constant: parts[1], alias: String(parts[2].dropFirst(4).dropLast(5)), callArguments: []))
        }
        return found
    }

    /// One `@objc(selector)` method: its selector and its parameters' types.
    package struct ObjCMethod {
        package var selector: String
        package var parameterTypes: [String]
        /// Its Swift name, `base(label:label:)` (`_` for an unlabelled parameter).
        package var swiftName: String = ""
    }

    /// Every `@objc(…)` method in the file.
    package var objcMethods: [ObjCMethod] {
        let text = code
        var found: [ObjCMethod] = []
        var searchFrom = text.startIndex
        while let start = text.range(of: "@objc(", range: searchFrom..<text.endIndex) {
            guard let close = text[start.upperBound...].firstIndex(of: ")") else { break }
            let selector = String(text[start.upperBound..<close])
            searchFrom = close
            guard let function = text.range(of: "func ", range: close..<text.endIndex),
                let open = text[function.upperBound...].firstIndex(of: "(")
            else { continue }
            let parameters = Self.splitTopLevel(Self.parenthesized(text, from: text.index(after: open)).inside)
            let base = text[function.upperBound..<open].trimmingCharacters(in: .whitespaces)
            let labels = parameters.map { $0.split(whereSeparator: { $0 == " " || $0 == ":" }).first.map(String.init) ?? "_" }
            found.append(
                ObjCMethod(
                    selector: selector, parameterTypes: parameters.map(Self.parameterType),
                    swiftName: "\(base)(\(labels.map { "\($0):" }.joined()))"))
        }
        return found
    }

    /// The string literals in the code (not in comments), without interpolations.
    package var stringLiterals: [String] {
        codeLines.flatMap { line -> [String] in
            let pieces = line.components(separatedBy: "\"")
            return stride(from: 1, to: pieces.count, by: 2).map { pieces[$0] }
        }
    }

    // MARK: Parsing

    /// The text up to the parenthesis closing one opened just before `start`, and the index after it.
    package static func parenthesized(_ text: String, from start: String.Index) -> (inside: String, end: String.Index) {
        var depth = 1
        var index = start
        while index < text.endIndex {
            switch text[index] {
            case "(", "[": depth += 1
            case ")", "]":
                depth -= 1
                if depth == 0 { return (String(text[start..<index]), text.index(after: index)) }
            default: break
            }
            index = text.index(after: index)
        }
        return (String(text[start...]), text.endIndex)
    }

    /// `text` split at the commas outside parentheses and brackets, each part trimmed.
    package static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            default: break
            }
            if character == ",", depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// A parameter's type: what follows its first top-level colon (`_ status: UInt` → `UInt`).
    package static func parameterType(_ parameter: String) -> String {
        var depth = 0
        for index in parameter.indices {
            switch parameter[index] {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case ":" where depth == 0: return parameter[parameter.index(after: index)...].trimmingCharacters(in: .whitespaces)
            default: break
            }
        }
        return parameter
    }

    /// A function type's parameters and result (`@convention(c) (A, B) -> R` → `[A, B]`, `R`),
    /// or `nil` when `type` is not one.
    package static func functionType(_ type: String) -> (convention: String?, parameters: [String], result: String)? {
        var rest = type.trimmingCharacters(in: .whitespaces)
        var convention: String?
        if rest.hasPrefix("@convention("), let close = rest.firstIndex(of: ")") {
            convention = String(rest[rest.index(rest.startIndex, offsetBy: 12)..<close])
            rest = rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)
        }
        if rest.hasPrefix("@escaping ") { rest = String(rest.dropFirst(10)) }
        guard rest.first == "(" else { return nil }
        let (inside, end) = parenthesized(rest, from: rest.index(after: rest.startIndex))
        let tail = rest[end...].trimmingCharacters(in: .whitespaces)
        guard tail.hasPrefix("->") else { return nil }
        return (convention, splitTopLevel(inside), tail.dropFirst(2).trimmingCharacters(in: .whitespaces))
    }
}
