import PushBridge
import PushBridgeModel
import PushBridgeValidation

/// `pushbridge validate [--provider apns|jpush|getui|fcm] [--push-type TYPE] [--priority 10|5|1] FILE|-`:
/// what a device would receive and every warning (exit 0), every error with its key and then the
/// warnings (exit 1), or why the input could not be read (exit 2). `TYPE` is any `apns-push-type`
/// (``PayloadValidator/PushType``); a warning line starts with `warning: `.
/// With `--batch`, JSON Lines in and one verdict per line out (``ValidateBatchCommand``).
struct ValidateCommand: Sendable {
    let io: CommandIO

    func run(_ arguments: [String]) throws(Arguments.UsageError) -> CommandOutput {
        if arguments.contains("--batch") { return try ValidateBatchCommand(io: io).run(arguments.filter { $0 != "--batch" }) }
        let arguments = try Arguments(arguments, valued: CommandHelp.validate.valued)
        let provider =
            ProviderSimulators.definition(named: try arguments.choice("--provider", ProviderSimulators.names, default: "apns"))
            ?? APNsDefinition()
        let pushType =
            PayloadValidator.PushType(
                rawValue: try arguments.choice("--push-type", PayloadValidator.PushType.allCases.map(\.rawValue), default: "alert")) ?? .alert
        var priority: Int?
        if let text = arguments[option: "--priority"] {
            guard let value = Int(text) else { throw Arguments.UsageError(message: "--priority: \(text) is not a number (expected 10, 5 or 1)") }
            priority = value
        }
        let input = try arguments.singleOperand()
        let report: PayloadValidator.Report
        do {
            report = try PayloadValidator.validate(
                JSONParser.withoutByteOrderMark(try io.input(input)), pushType: pushType, priority: priority, provider: provider)
        } catch let error as CommandIO.InputError {
            return .failure("payload: \(error.message)")
        } catch {
            return .failure("\(error)")
        }
        let warnings = report.warnings.map { "warning: \($0)\n" }.joined()
        guard report.isValid else {
            return CommandOutput(status: ExitStatus.problemsFound, standardOutput: report.problems.map { "\($0)\n" }.joined() + warnings)
        }
        return .success(Self.summary(report) + (warnings.isEmpty ? "" : "\n" + warnings.dropLast()))
    }

    /// What else iOS reads, one line each, only what the payload has.
    static func detailLines(_ details: APSDetails) -> [String] {
        var lines: [String] = []
        if let level = details.interruptionLevel { lines.append("interruption level: \(level.rawValue)") }
        if let score = details.relevanceScore { lines.append("relevance score: \(score)") }
        if let target = details.targetContentID { lines.append("target content: \(target)") }
        if let filter = details.filterCriteria { lines.append("filter criteria: \(filter)") }
        if let localization = details.localization {
            let keys = [localization.titleKey, localization.subtitleKey, localization.bodyKey].compactMap { $0 }
            lines.append("localized: " + keys.joined(separator: ", "))
        }
        if let sound = details.criticalSound {
            lines.append(
                "critical sound: \(sound.name ?? "no name")\(sound.isCritical ? " (critical)" : "")\(sound.volume.map { " at \($0)" } ?? "")")
        }
        if let activity = details.liveActivity {
            lines.append("live activity: \(activity.event ?? "no event")\(activity.timestamp.map { " at \($0)" } ?? "")")
        }
        return lines
    }

    /// What a device receives, for people.
    static func summary(_ report: PayloadValidator.Report) -> String {
        let aps = APSContent(aps: report.payload["aps"]?.objectValue ?? JSONObject())
        let saving = report.size - report.minifiedSize
        var lines = ["valid: \(report.size) of \(report.limit) bytes" + (saving > 0 ? " (minified: \(report.minifiedSize), \(saving) fewer)" : "")]
        if report.pushType != .alert {
            lines.append("push type: \(report.pushType.rawValue) · handled by \(report.pushType.handler)")
        }
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
        lines += Self.detailLines(APSDetails(payload: report.payload))
        let custom = report.payload.keys.filter { $0 != "aps" }
        lines.append("custom keys: " + (custom.isEmpty ? "none" : custom.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }
}
