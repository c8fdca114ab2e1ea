import PushBridge
import PushBridgeModel

/// `pushbridge check-config [--entitlements FILE] [--info-plist FILE] [--extension-info-plist FILE]
/// [--extension-entitlements FILE] FILE|-`: prints the provider and its settings with secrets
/// masked (exit 0), or every problem, one per line, naming its key (exit 1). Never a secret in
/// either. Input that cannot be read — a file that cannot be opened, a configuration that is not
/// JSON, a file that is no property list — is one `error:` line on standard error (exit 2), as
/// for every other command. The features a configuration switches on (`PushFeatures`: a service extension, VoIP,
/// Live Activities) are listed after the settings, with what the app still needs for each
/// (``AppFileChecks/featureFindings(_:)``).
///
/// Given the app's `.entitlements` file or `Info.plist` (XML or binary), it also checks what those
/// files show of the provider's checklist (``AppFileChecks``): one line per check before the
/// final `ok`, notes marked `note:`, and what is wrong among the problems. Without the options
/// the output is exactly what it always was.
struct CheckConfigCommand: Sendable {
    let io: CommandIO

    func run(_ arguments: [String]) throws(Arguments.UsageError) -> CommandOutput {
        let arguments = try Arguments(arguments, valued: CommandHelp.checkConfig.valued)
        let input = try arguments.singleOperand()
        let bytes: [UInt8]
        do {
            bytes = try io.input(input)
        } catch {
            return .failure("configuration: \(error.message)")
        }
        var problems: [String] = []
        var checks = AppFileChecks()
        let files = [
            ("--entitlements", "entitlements"), ("--info-plist", "info-plist"), ("--extension-info-plist", "extension-info-plist"),
            ("--extension-entitlements", "extension-entitlements"),
        ]
        for (option, prefix) in files {
            guard let path = arguments[option: option] else { continue }
            let fileBytes: [UInt8]
            do {
                fileBytes = try io.input(path)
            } catch {
                return .failure("\(option): \(error.message)")
            }
            do throws(PropertyListValue.ReadError) {
                let root = try PropertyListValue.dictionary(from: fileBytes)
                switch option {
                case "--entitlements": checks.entitlements = root
                case "--info-plist": checks.infoPlist = root
                case "--extension-info-plist": checks.extensionInfoPlist = root
                default: checks.extensionEntitlements = root
                }
            } catch  where error.isUnreadable {
                return .failure("\(option): \(path): \(error.message)")
            } catch {
                problems.append("\(prefix): \(error.message)")
            }
        }
        if checks.infoPlist != nil, let infoPlist = arguments[option: "--info-plist"] {
            checks.googleServiceInfo = Self.googleServiceInfo(besideInfoPlist: infoPlist, io: io)
        }
        let configuration: PushConfiguration?
        do {
            configuration = try PushConfiguration(jsonBytes: bytes, providers: ProviderSimulators.definitions)
        } catch {
            // JSON that cannot be read at all is unreadable input, as for every other command.
            if let malformed = error.problems.first(where: { $0.code == .malformedJSON }) {
                return .failure("configuration: \(malformed.message)")
            }
            configuration = nil
            problems.insert(contentsOf: error.problems.map(\.description), at: 0)
        }
        let findings = checks.findings(for: configuration)
        problems += findings.filter { $0.kind == .problem }.map(\.description)
        guard let configuration, problems.isEmpty else {
            return CommandOutput(status: ExitStatus.problemsFound, standardOutput: problems.map { "\($0)\n" }.joined())
        }
        return .success(Self.summary(configuration, findings: findings))
    }

    /// `GoogleService-Info.plist` in the Info.plist's folder, as Xcode's templates keep both (an
    /// inference: the app target may list it from elsewhere; pass the folder's Info.plist).
    static func googleServiceInfo(besideInfoPlist path: String, io: CommandIO) -> AppFileChecks.GoogleServiceInfo {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) + "/" : ""
        let candidate = folder + "GoogleService-Info.plist"
        guard let bytes = try? io.input(candidate) else { return .missing(candidate) }
        guard let root = try? PropertyListValue.dictionary(from: bytes) else { return .unreadable(candidate) }
        return .found(root)
    }

    /// The provider and its settings, one per line, secrets masked; then the checks of the app's
    /// files (none are problems here), and `ok`.
    static func summary(_ configuration: PushConfiguration, findings: [AppFileFinding] = []) -> String {
        var lines = ["provider: \(configuration.provider)"]
        if !configuration.additionalProviders.isEmpty {
            lines.append("additionalProviders: \(configuration.additionalProviders.map(\.rawValue).joined(separator: ", "))")
        }
        for market in configuration.markets { lines.append("markets.\(market.code): \(market.provider)") }
        for definition in ProviderSimulators.definitions {
            guard let settings = configuration.settings(for: definition.id) else { continue }
            lines += settings.summary.map { "\($0.key): \($0.value)" }
        }
        let features = configuration.features
        if let serviceExtension = features.serviceExtension { lines.append("serviceExtension.appGroup: \(serviceExtension.appGroup)") }
        if features.voip { lines.append("voip: on") }
        if let liveActivities = features.liveActivities { lines.append("liveActivities: on\(liveActivities.pushToStart ? " (pushToStart)" : "")") }
        lines += findings.map(\.description)
        lines.append("ok")
        return lines.joined(separator: "\n")
    }
}
