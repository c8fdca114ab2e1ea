import PushBridge
import PushBridgeModel

/// `pushbridge validate [--provider apns|jpush|getui] [--push-type alert|background|voip] FILE|-`:
/// what a device would receive (exit 0), every problem with its key (exit 1), or why the input
/// could not be read (exit 2). With `--batch`, JSON Lines in and one verdict per line out
/// (``ValidateBatchCommand``).
struct ValidateCommand: Sendable {
    let io: CommandIO

    func run(_ arguments: [String]) throws(Arguments.UsageError) -> CommandOutput {
        if arguments.contains("--batch") { return try ValidateBatchCommand(io: io).run(arguments.filter { $0 != "--batch" }) }
        let arguments = try Arguments(arguments, valued: ["--provider", "--push-type"])
        let provider = ProviderSimulators.definition(named: try arguments.choice("--provider", ProviderSimulators.names, default: "apns"))
            ?? APNsDefinition()
        let pushType = PayloadValidator.PushType(
            rawValue: try arguments.choice("--push-type", PayloadValidator.PushType.allCases.map(\.rawValue), default: "alert")) ?? .alert
        let input = try arguments.singleOperand()
        let report: PayloadValidator.Report
        do {
            report = try PayloadValidator.validate(try io.input(input), pushType: pushType, provider: provider)
        } catch let error as CommandIO.InputError {
            return .failure("payload: \(error.message)")
        } catch {
            return .failure("\(error)")
        }
        guard report.isValid else {
            return CommandOutput(status: ExitStatus.problemsFound, standardOutput: report.problems.map { "\($0)\n" }.joined())
        }
        return .success(Self.summary(report))
    }

    /// What a device receives, for people.
    static func summary(_ report: PayloadValidator.Report) -> String {
        let aps = APSContent(aps: report.payload["aps"]?.objectValue ?? JSONObject())
        var lines = ["valid: \(report.size) of \(report.limit) bytes"]
        if let bundle = report.simulatorTargetBundle { lines.append("simulator target bundle: \(bundle)") }
        var shown: [String] = []
        if let title = aps.title { shown.append("title \"\(title)\"") }
        if let subtitle = aps.subtitle { shown.append("subtitle \"\(subtitle)\"") }
        if let body = aps.body { shown.append("body \"\(body)\"") }
        lines.append("shows: " + (shown.isEmpty ? (aps.hasAlert ? "a localized alert" : "nothing (no alert)") : shown.joined(separator: ", ")))
        lines.append("badge: \(aps.badge.map(String.init) ?? "unchanged") · sound: \(aps.sound ?? "none")")
        lines.append("content-available: \(aps.contentAvailable ? "yes" : "no") · mutable-content: \(aps.mutableContent ? "yes" : "no")")
        if let category = aps.category { lines.append("category: \(category)") }
        if let thread = aps.threadID { lines.append("thread: \(thread)") }
        let custom = report.payload.keys.filter { $0 != "aps" }
        lines.append("custom keys: " + (custom.isEmpty ? "none" : custom.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }
}
