import PushBridge
import PushBridgeModel

/// `pushbridge`: ask the dispatch model a question, see a published on-device experiment's tables
/// as the model computes them, or watch a demonstration. The JSON it prints is a public interface
/// (`docs/spec/cli-contract.md`): names, fields and exit statuses only ever grow.
struct CommandLineTool: Sendable {
    let io: CommandIO

    static let usage = """
        usage: pushbridge [COMMAND] [--help]

          (no command)                      a short demonstration that needs no input
          simulate [--provider apns|jpush|getui|fcm] [--config FILE] [--push-type TYPE] [--format json|text] [FILE|-]
                                            run one scenario (JSON) through the dispatch model
                                            and a provider's adapter
          check-config [--entitlements FILE] [--info-plist FILE] [--extension-info-plist FILE]
                       [--extension-entitlements FILE] FILE|-
                                            check a PushBridge configuration (secrets masked) and,
                                            when given, the app's and the service extension's
                                            entitlements and Info.plist
          validate [--provider P] [--push-type TYPE] [--priority 10|5|1] FILE|-
                                            check an APNs payload or .apns file
          validate --batch [--provider P] [--push-type T] FILE|-
                                            check JSON Lines (one payload a line, blank lines
                                            skipped): one JSON verdict a line; exit 1 if any is
                                            invalid or unreadable
          matrix [--format markdown|json|mermaid|dot|html] [--ios 9.3.2,12.3.1] [--by DIMENSION]
                                            a published on-device experiment's tables, as the model
                                            computes them (mermaid and dot: the decision flow as a
                                            flowchart, with a legend of the callbacks' numbers);
                                            --by: the iOS 13–26 tables by one dimension, or all
          send --config FILE --to TARGET [--dry-run] [--state S,…] [--ios V,…] [--endpoint URL] FILE|-
                                            send one message through the provider the server's
                                            configuration names; --dry-run prints the requests
                                            (secrets masked), the payload's validation and what the
                                            dispatch model predicts the device does
          COMMAND --help                    a command's options, their defaults and an example
          help                              this text

        """

    /// Runs the command `arguments` names.
    func run(_ arguments: [String]) -> CommandOutput {
        guard let command = arguments.first else { return DemoCommand().run() }
        let rest = Array(arguments.dropFirst())
        if let help = CommandHelp.all[command], CommandHelp.isRequested(rest) { return .success(help.text) }
        do {
            switch command {
            case "simulate": return try SimulateCommand(io: io).run(rest)
            case "matrix": return try MatrixCommand().run(rest)
            case "check-config": return try CheckConfigCommand(io: io).run(rest)
            case "validate": return try ValidateCommand(io: io).run(rest)
            case "send": return try SendCommand(io: io).run(rest)
            case "help", "--help", "-h": return .success(Self.usage)
            default:
                var output = CommandOutput.failure("\(CommandOutput.oneLine(command)): unknown command")
                output.standardError += Self.usage + "\n"
                return output
            }
        } catch {
            return .failure(error.message)
        }
    }
}
