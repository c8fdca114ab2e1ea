import Dispatch
import Foundation
import PushBridge
import PushBridgeAPNsServer
import PushBridgeFCMServer
import PushBridgeGetuiServer
import PushBridgeJPushServer
import PushBridgeModel
import PushBridgeServer
import PushBridgeValidation

/// `pushbridge send --config FILE --to TARGET [--dry-run] [--state S,…] [--ios V,…] [--endpoint URL] FILE|-`:
/// sends one message through the provider the configuration names, or with `--dry-run` prints
/// the exact requests (secrets masked), the device payload's validation and what the dispatch
/// model predicts the device does with it.
struct SendCommand: Sendable {
    let io: CommandIO

    /// Every sender this build has; APNs' keeps its provider token in `tokenCache` between runs.
    /// With `validateOnly`, FCM's sender asks FCM to check each message and deliver none.
    static func senders(tokenCache: APNsProviderTokenCache?, validateOnly: Bool = false) -> [any PushSenderDefinition] {
        [
            APNsSenderDefinition(tokenCache: tokenCache), JPushSenderDefinition(), GetuiSenderDefinition(),
            FCMSenderDefinition(validateOnly: validateOnly),
        ]
    }

    /// What a run without a kept provider token says on standard error.
    static let newTokenEachRunNote =
        "note: this run signed its own APNs provider token (--no-token-cache): Apple refuses new tokens more often than once every 20 minutes (429 TooManyProviderTokenUpdates), so do not run pushbridge send once per message this way; keep the token cache on, or keep one sender (the library) running"
    /// The app states a dry run predicts by default: all of them.
    static let states = ["foreground", "background", "notRunning", "forceQuit"]
    /// The iOS a dry run predicts by default: a current one.
    static let currentIOS = "26.0"

    func run(_ arguments: [String]) throws(Arguments.UsageError) -> CommandOutput {
        let dryRun = arguments.contains("--dry-run")
        let noTokenCache = arguments.contains("--no-token-cache")
        let validateOnly = arguments.contains("--validate-only")
        if dryRun, validateOnly {
            throw Arguments.UsageError(message: "--validate-only: not with --dry-run (one sends nothing, the other asks FCM to check)")
        }
        let arguments = try Arguments(
            arguments.filter { !["--dry-run", "--no-token-cache", "--validate-only"].contains($0) }, valued: CommandHelp.send.valued)
        guard let configPath = arguments[option: "--config"] else {
            throw Arguments.UsageError(message: "--config: missing (the server's configuration file)")
        }
        guard let to = arguments[option: "--to"] else { throw Arguments.UsageError(message: "--to: missing (expected \(SendTargets.forms))") }
        let audience = try SendTargets.audience(to)
        let states = try list(arguments, "--state", default: Self.states, allowed: Self.states)
        let versions = try list(arguments, "--ios", default: [Self.currentIOS], allowed: nil)
        let input = try arguments.singleOperand()

        if noTokenCache, arguments[option: "--token-cache"] != nil {
            throw Arguments.UsageError(message: "--token-cache: given with --no-token-cache (expected one or the other)")
        }
        let notes = Locked<[String]>([])
        let cacheFolder = noTokenCache ? nil : arguments[option: "--token-cache"] ?? APNsProviderTokenCache.userDirectory
        let tokenCache = cacheFolder.map { APNsProviderTokenCache(directory: $0, report: { note in notes.withLock { $0.append("note: " + note) } }) }
        let senders = Self.senders(tokenCache: tokenCache, validateOnly: validateOnly)

        let message: PushMessage
        let sender: any PushSender
        do {
            let configuration = try PushServerConfiguration(jsonBytes: try readConfig(configPath), senders: senders)
            var options = PushSenderOptions()
            if let endpoint = arguments[option: "--endpoint"] { options.baseURLs[configuration.app.provider] = endpoint }
            sender = try PushSenders.make(configuration, senders: senders, options: options)
            if validateOnly, sender.provider != .fcm {
                throw Arguments.UsageError(
                    message: "--validate-only: \(sender.provider) has no check without delivery (FCM's validate_only); use --dry-run")
            }
            message = try PushMessage(json: try JSONParser.parse(JSONParser.withoutByteOrderMark(try io.input(input))))
        } catch let error as Arguments.UsageError {
            throw error
        } catch let error as PushConfigurationError {
            return .failure("--config: " + error.problems.map(\.description).joined(separator: "; "))
        } catch let error as CommandIO.InputError {
            return .failure("message: \(error.message)")
        } catch let error as JSONParseError {
            return .failure("message: \(error.description)")
        } catch let error as PushError {
            return .failure(error.description)
        } catch {
            return .failure("message: \(error)")
        }
        do {
            if dryRun {
                let report = try SendDryRun(sender: sender, message: message, audience: audience).render(states: states, versions: versions)
                return .success(JSONWriter.string(from: report, style: .pretty))
            }
            let results = try Self.blocking { () async throws(PushError) -> [PushSendResult] in try await sender.send(message, to: audience) }
            var output = CommandOutput.success(JSONWriter.string(from: SendReport.json(provider: sender.provider, results: results), style: .pretty))
            if results.contains(where: { $0.messageID == nil }) { output.status = ExitStatus.problemsFound }
            var lines = notes.withLock { $0 }
            if sender.provider == .apns, tokenCache == nil { lines.append(Self.newTokenEachRunNote) }
            output.standardError = lines.map { CommandOutput.oneLine($0) + "\n" }.joined()
            return output
        } catch {
            return .failure(error.description)
        }
    }

    private func readConfig(_ path: String) throws -> [UInt8] {
        do {
            return try io.input(path)
        } catch {
            throw Arguments.UsageError(message: "--config: \(error.message)")
        }
    }

    private func list(_ arguments: Arguments, _ name: String, default fallback: [String], allowed: [String]?) throws(Arguments.UsageError) -> [String]
    {
        guard let text = arguments[option: name] else { return fallback }
        let values = text.split(separator: ",").map(String.init)
        guard !values.isEmpty else { throw Arguments.UsageError(message: "\(name): empty") }
        if let allowed, let wrong = values.first(where: { !allowed.contains($0) }) {
            throw Arguments.UsageError(message: "\(name): \"\(CommandOutput.oneLine(wrong))\" is not one of: \(allowed.joined(separator: ", "))")
        }
        return values
    }

    /// Runs `work` to its end on the concurrency pool while this (command-line) thread waits.
    private static func blocking<Value: Sendable>(_ work: @escaping @Sendable () async throws(PushError) -> Value) throws(PushError) -> Value {
        let box = Locked<Result<Value, PushError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result: Result<Value, PushError>
            do throws(PushError) {
                result = .success(try await work())
            } catch {
                result = .failure(error)
            }
            box.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        guard let result = box.withLock({ $0 }) else { throw PushError(.providerFailure, field: "send", "ended without a result") }
        return try result.get()
    }
}

/// What a send printed: one row per target, and the counts.
enum SendReport {
    static func json(provider: PushProviderID, results: [PushSendResult]) -> JSONValue {
        var counts = ["accepted": 0, "rejected": 0, "failed": 0]
        let rows: [JSONValue] = results.map { result in
            var row: JSONObject = ["target": .string(result.target.description), "attempts": .integer(Int64(result.attempts))]
            switch result.outcome {
            case .accepted(let id):
                row["outcome"] = "accepted"
                row["messageID"] = .string(id)
            case .rejected(let rejection):
                row["outcome"] = "rejected"
                details(rejection, into: &row)
            case .failed(let rejection):
                row["outcome"] = "failed"
                details(rejection, into: &row)
            }
            counts[row["outcome"]?.stringValue ?? "", default: 0] += 1
            return .object(row)
        }
        return [
            "provider": .string(provider.rawValue), "accepted": .integer(Int64(counts["accepted"] ?? 0)),
            "rejected": .integer(Int64(counts["rejected"] ?? 0)), "failed": .integer(Int64(counts["failed"] ?? 0)), "results": .array(rows),
        ]
    }

    private static func details(_ rejection: PushRejection, into row: inout JSONObject) {
        row["status"] = .integer(Int64(rejection.status))
        row["code"] = .string(rejection.code)
        row["message"] = .string(rejection.message)
        row["tokenIsDead"] = .bool(rejection.tokenIsDead)
        if let since = rejection.deadSince { row["deadSince"] = .integer(Int64(since.timeIntervalSince1970 * 1000)) }
        if rejection.audienceMatchedNothing { row["audienceMatchedNothing"] = true }
        if rejection.stopsTheSend { row["stopsTheSend"] = true }
    }
}
