import PushBridgeModel

/// A command's arguments: `--name value` options, `--flag`s and positional operands.
///
/// Small on purpose: the root package has no dependencies, and `pushbridge`'s grammar is tiny.
struct Arguments: Sendable {
    private(set) var options: [String: String] = [:]
    private(set) var operands: [String] = []

    /// Why the arguments could not be read.
    struct UsageError: Error, Sendable {
        var message: String
    }

    /// Splits `arguments`, taking a value after each option in `valued`; any other `--option`
    /// is an error naming it.
    init(_ arguments: [String], valued: Set<String>) throws(UsageError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument.hasPrefix("--") {
                var name = argument
                var value: String?
                if let equals = argument.firstIndex(of: "=") {
                    name = String(argument[..<equals])
                    value = String(argument[argument.index(after: equals)...])
                }
                guard valued.contains(name) else { throw UsageError(message: "\(name): unknown option") }
                if value == nil {
                    guard index < arguments.count else { throw UsageError(message: "\(name): missing value") }
                    value = arguments[index]
                    index += 1
                }
                options[name] = value
            } else {
                operands.append(argument)
            }
        }
    }

    /// The value of `--name`, if given.
    subscript(option name: String) -> String? { options[name] }

    /// The value of `--name`, which must be one of `choices`; `fallback` when absent.
    func choice(_ name: String, _ choices: [String], default fallback: String) throws(UsageError) -> String {
        guard let value = options[name] else { return fallback }
        guard choices.contains(value) else {
            throw UsageError(message: "\(name): \"\(value)\" is not one of: \(choices.joined(separator: ", "))")
        }
        return value
    }

    /// The single operand (a file or `-`), or `nil` for none; more than one is an error.
    func singleOperand() throws(UsageError) -> String? {
        guard operands.count <= 1 else { throw UsageError(message: "expected at most one input file, got \(operands.count)") }
        return operands.first
    }
}
