import PushBridge
import PushBridgeModel

/// `pushbridge check-config FILE|-`: prints the provider and its settings with secrets masked
/// (exit 0), or every problem, one per line, naming its key (exit 1). Never a secret in either.
struct CheckConfigCommand: Sendable {
    let io: CommandIO

    func run(_ arguments: [String]) throws(Arguments.UsageError) -> CommandOutput {
        let arguments = try Arguments(arguments, valued: [])
        let input = try arguments.singleOperand()
        let bytes: [UInt8]
        do {
            bytes = try io.input(input)
        } catch {
            return .failure("configuration: \(error.message)")
        }
        do {
            let configuration = try PushConfiguration(jsonBytes: bytes, providers: ProviderSimulators.definitions)
            return .success(Self.summary(configuration))
        } catch {
            return CommandOutput(status: ExitStatus.problemsFound, standardOutput: error.problems.map { "\($0)\n" }.joined())
        }
    }

    /// The provider and its settings, one per line, secrets masked.
    static func summary(_ configuration: PushConfiguration) -> String {
        var lines = ["provider: \(configuration.provider)"]
        if !configuration.additionalProviders.isEmpty {
            lines.append("additionalProviders: \(configuration.additionalProviders.map(\.rawValue).joined(separator: ", "))")
        }
        for definition in ProviderSimulators.definitions {
            guard let settings = configuration.settings(for: definition.id) else { continue }
            lines += settings.summary.map { "\($0.key): \($0.value)" }
        }
        lines.append("ok")
        return lines.joined(separator: "\n")
    }
}
