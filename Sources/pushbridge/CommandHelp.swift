import PushBridge
import PushBridgeModel
import PushBridgeServer
import PushBridgeValidation

/// What `pushbridge COMMAND --help` prints: the command's synopsis, each option with its values
/// and default, and an example. Each command's parser takes its options from the same table
/// (``options``), so an option cannot be accepted without being documented.
struct CommandHelp: Sendable {
    /// One option a command accepts.
    struct Option: Sendable {
        /// `--provider`.
        var name: String
        /// `apns|jpush|getui|fcm`, or `FILE`; empty for a flag.
        var value: String
        /// What it does, and its default.
        var text: String
    }

    /// `simulate`.
    var command: String
    /// `[--provider P] … [FILE|-]`.
    var synopsis: String
    /// What the command does.
    var summary: String
    var options: [Option]
    /// An example command line.
    var example: String

    /// The names of the options that take a value, for ``Arguments``.
    var valued: Set<String> { Set(options.filter { !$0.value.isEmpty }.map(\.name)) }

    /// The text printed.
    var text: String {
        var lines = ["usage: pushbridge \(command) \(synopsis)", "", summary]
        if !options.isEmpty {
            lines += ["", "options:"]
            let width = options.map { ($0.value.isEmpty ? $0.name : "\($0.name) \($0.value)").count }.max() ?? 0
            for option in options {
                let head = option.value.isEmpty ? option.name : "\(option.name) \(option.value)"
                lines.append("  " + head.padding(toLength: width + 2, withPad: " ", startingAt: 0) + option.text)
            }
        }
        lines += ["", "example:", "  \(example)"]
        return lines.joined(separator: "\n")
    }

    /// Whether `arguments` ask for help.
    static func isRequested(_ arguments: [String]) -> Bool { arguments.contains("--help") || arguments.contains("-h") }

    static let simulate = CommandHelp(
        command: "simulate", synopsis: "[--provider apns|jpush|getui|fcm] [--config FILE] [--push-type TYPE] [--format json|text] [FILE|-]",
        summary: """
            Runs one scenario (JSON, from FILE or standard input) through the dispatch model and a
            provider's adapter: what iOS displays, which callbacks it makes, and the events the app
            receives. A malformed scenario exits 2 with one line naming the field.
            """ + "\n\n" + scenarioFields,
        options: [
            Option(name: "--provider", value: "apns|jpush|getui|fcm", text: "the provider whose adapter runs the scenario (default: apns)"),
            Option(name: "--config", value: "FILE", text: "a PushBridge configuration whose provider runs the scenario (instead of --provider)"),
            Option(name: "--push-type", value: "TYPE", text: "the scenario push's apns-push-type, one of \(pushTypes) (default: the scenario's own)"),
            Option(name: "--format", value: "json|text", text: "JSON (default) or a human-readable trace"),
        ],
        example: "pushbridge simulate --provider jpush cold-start.json")

    static let send = CommandHelp(
        command: "send",
        synopsis:
            "--config FILE --to TARGET [--dry-run | --validate-only] [--state S,…] [--ios V,…] [--endpoint URL] [--token-cache DIR | --no-token-cache] FILE|-",
        summary: """
            Sends one message (JSON: the fields of PushMessage, from FILE or standard input) through
            the provider the server's configuration names, and prints one result per target (exit 1
            if any was rejected or failed). With --dry-run nothing is sent: it prints the exact HTTP
            requests (secrets and identifiers masked), the payload the device gets judged as APNs
            judges it, and what the dispatch model predicts the device does with it. Bad input exits
            2 with one line naming the field. APNs: the provider token (valid an hour; Apple refuses a
            new one more often than every 20 minutes) is kept between runs in a file only you can
            read, with its key ID, team ID and issue time, and reused for 50 minutes, so running the
            command once per message signs a new one at most every 50 minutes.
            """ + "\n\n" + messageFields,
        options: [
            Option(
                name: "--config", value: "FILE", text: "the server's configuration: the app's file plus a server section with the secrets (required)"),
            Option(name: "--to", value: "TARGET", text: "\(SendTargets.forms) (required)"),
            Option(name: "--dry-run", value: "", text: "print the requests, the validation and the prediction; send nothing"),
            Option(
                name: "--validate-only", value: "",
                text: "FCM only: send with validate_only, so that FCM checks each message and delivers none (the results name FCM's fake message ID)"),
            Option(
                name: "--state", value: "S,…", text: "the app states a dry run predicts: foreground, background, notRunning, forceQuit (default: all)"
            ),
            Option(name: "--ios", value: "V,…", text: "the iOS versions a dry run predicts (default: \(SendCommand.currentIOS))"),
            Option(name: "--endpoint", value: "URL", text: "the provider's base URL, e.g. a local emulator (default: the provider's own)"),
            Option(
                name: "--token-cache", value: "DIR",
                text: "where the APNs provider token is kept between runs (folder 0700, file 0600; default: the user's cache folder's pushbridge)"),
            Option(
                name: "--no-token-cache", value: "",
                text:
                    "sign a new APNs provider token for this run and keep none: not for sending message after message (Apple allows a new token every 20 minutes)"
            ),
        ],
        example: "pushbridge send --config server.json --to registration:1a0018970a9b2c3d4e5 --dry-run message.json")

    static let validate = CommandHelp(
        command: "validate", synopsis: "[--batch] [--provider apns|jpush|getui|fcm] [--push-type TYPE] [--priority 10|5|1] FILE|-",
        summary: """
            Checks an APNs payload (or an Xcode .apns file) as APNs does: an error (exit 1) for what
            makes the push fail, a warning line for what APNs delivers but iOS ignores. With --batch,
            JSON Lines in (one payload a line) and one JSON verdict a line out; a line over 65,536
            bytes is unreadable unparsed, and input that is not JSON Lines (its first 100 lines all
            unreadable, or over half of 1,000 consecutive lines) stops it (exit 2).
            """,
        options: [
            Option(name: "--batch", value: "", text: "JSON Lines: one payload a line, one verdict a line (exit 1 if any is invalid or unreadable)"),
            Option(name: "--provider", value: "apns|jpush|getui|fcm", text: "whose keys the payload may carry (default: apns)"),
            Option(name: "--push-type", value: "TYPE", text: "the apns-push-type it is sent with, one of \(pushTypes) (default: alert)"),
            Option(name: "--priority", value: "10|5|1", text: "the apns-priority it is sent with (10 with background is refused; not with --batch)"),
        ],
        example: "pushbridge validate --push-type background payload.json")

    static let checkConfig = CommandHelp(
        command: "check-config",
        synopsis: "[--entitlements FILE] [--info-plist FILE] [--extension-info-plist FILE] [--extension-entitlements FILE] FILE|-",
        summary: """
            Checks a PushBridge configuration: the provider and its settings with every secret masked
            (exit 0), or every problem naming its key (exit 1). Given the app's and the notification
            service extension's files (XML or binary property lists), it also checks what they show
            of the provider's checklist. A file that cannot be read exits 2 with one line.
            """,
        options: [
            Option(name: "--entitlements", value: "FILE", text: "the app's .entitlements (aps-environment, App Groups)"),
            Option(
                name: "--info-plist", value: "FILE",
                text:
                    "the app's Info.plist (UIBackgroundModes, NSUserTrackingUsageDescription, NSSupportsLiveActivities; with FCM, FirebaseAppDelegateProxyEnabled and the GoogleService-Info.plist beside it)"
            ),
            Option(name: "--extension-info-plist", value: "FILE", text: "the service extension's Info.plist (NSExtension)"),
            Option(name: "--extension-entitlements", value: "FILE", text: "the service extension's .entitlements (App Groups)"),
        ],
        example: "pushbridge check-config --entitlements App.entitlements --info-plist Info.plist push.json")

    static let matrix = CommandHelp(
        command: "matrix", synopsis: "[--format markdown|json|mermaid|dot|html] [--ios VERSIONS] [--by DIMENSION]",
        summary: """
            Prints a published on-device experiment's eight tables (which callbacks run, for which handler
            set, in the foreground, the background and closed) as the model computes them; mermaid
            and dot draw the decision flow. With --by, the iOS 13–26 tables of a typical modern app.
            """,
        options: [
            Option(name: "--format", value: "markdown|json|mermaid|dot|html", text: "the output (default: markdown; --by takes markdown or json)"),
            Option(name: "--ios", value: "VERSIONS", text: "comma-separated iOS versions (default: 6.1,9.3.2,12.3.1,17.0)"),
            Option(
                name: "--by", value: "DIMENSION",
                text: "one of \((DimensionTables.Dimension.allCases.map(\.rawValue) + ["all"]).joined(separator: ", "))"),
        ],
        example: "pushbridge matrix --by interruptionLevel --format json")

    /// The scenario's fields and the `disputed` knobs, from the decoder's own tables (the DocC
    /// article "The scenario format" has their values and defaults).
    static let scenarioFields = """
        scenario fields: \(DispatchScenario.jsonFields.joined(separator: ", "))
        disputed knobs: \(DisputedBehaviours.jsonFields.joined(separator: ", "))
        scenes[…] fields: id, state (\(SceneState.allCases.map(\.rawValue).joined(separator: ", "))), canActivate, prefersToActivate ("*" or target-content-id patterns: "ID", "PREFIX*"); the notification's aps.target-content-id picks the scene
        Every field but ios, state and notification is optional; its default leaves the trace as it was.
        """

    /// The message file's keys, those of `PushMessage.init(json:)` (the DocC article "Sending
    /// from a server" says what each becomes at each provider).
    static let messageFields = """
        message fields (PushMessage's, by their Swift names): \(PushMessage.jsonFields.joined(separator: ", "))
          alert: a string (the body) or an object of title, subtitle, body, titleLocKey, titleLocArgs, locKey, locArgs, subtitleLocKey, subtitleLocArgs
          customData: an object, delivered beside aps; passthrough: an object of content, title, contentType, extras (content required)
          criticalSound: an object of name, volume; richMedia: an array of objects of url, kind, onlyWiFi (kind: \(PushMessage.RichMedia.Kind.allCases.map(\.rawValue).joined(separator: ", ")))
          liveActivity: an object of event, timestamp, contentState, attributesType, attributes, staleDate, dismissalDate (aps's Live Activity keys); liveActivityToken, analyticsLabel: strings, FCM's only (apns.live_activity_token, fcm_options.analytics_label)
          interruptionLevel: \(PushMessage.InterruptionLevel.allCases.map(\.rawValue).joined(separator: ", ")); priority: \(PushMessage.Priority.allCases.map { String($0.rawValue) }.joined(separator: ", ")); pushType: \(pushTypes)
          environment: \(PushMessage.Environment.allCases.map(\.rawValue).joined(separator: ", ")) (default: the configuration's, server.apns.environment or jpush.production, else production): the APNs environment the tokens belong to, overriding the configuration's for this message
        """

    /// Every `apns-push-type`, as `--push-type` takes it.
    static let pushTypes = PayloadValidator.PushType.allCases.map(\.rawValue).joined(separator: ", ")

    /// Every command's help, by name.
    static let all: [String: CommandHelp] = [
        "simulate": simulate, "validate": validate, "check-config": checkConfig, "matrix": matrix, "send": send,
    ]
}
