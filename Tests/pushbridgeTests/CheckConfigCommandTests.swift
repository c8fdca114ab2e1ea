import Testing

@testable import pushbridge

/// `pushbridge check-config` and `simulate --config`: settings masked, every problem named, exit codes.
@Suite struct CheckConfigCommandTests {
    static let valid = #"{"provider": "getui", "getui": {"appId": "AppId123456", "appKey": "AppKey123456", "appSecret": "Secret123456789"}}"#

    private func run(_ arguments: [String], stdin: String = "", files: [String: String] = [:]) -> CommandOutput {
        let io = CommandIO.memory(stdin: Array(stdin.utf8), files: files.mapValues { Array($0.utf8) })
        return CommandLineTool(io: io).run(arguments)
    }

    @Test func aValidConfigurationPrintsMaskedSettings() {
        let output = run(["check-config", "-"], stdin: Self.valid)
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("provider: getui"))
        #expect(output.standardOutput.contains("getui.appSecret: ••••6789"))
        for secret in ["AppId123456", "AppKey123456", "Secret123456789"] {
            #expect(!output.standardOutput.contains(secret))
        }
        #expect(output.standardError.isEmpty)
    }

    @Test func everyProblemIsOneLineNamingItsKey() {
        let output = run(
            ["check-config", "c.json"],
            files: ["c.json": #"{"provider": "getui", "getui": {"appId": "A", "masterSecret": "TopSecretValue1"}, "other": 1}"#])
        #expect(output.status == 1)
        #expect(output.standardError.isEmpty)
        let lines = output.standardOutput.split(separator: "\n")
        #expect(lines.map { $0.prefix { $0 != ":" } } == ["other", "getui.masterSecret", "getui.appKey", "getui.appSecret"])
        #expect(!output.standardOutput.contains("TopSecretValue1"))
    }

    @Test(arguments: ["", "{", "\u{0}\u{1}"])
    func configurationsThatAreNotJSONAreUnreadableInputExitTwo(text: String) {
        // As for every other command: input that cannot be read is one error line, exit 2.
        let output = run(["check-config", "-"], stdin: text)
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix("error: configuration: "))
        #expect(output.standardError.split(separator: "\n").count == 1)
    }

    /// A UTF-8 byte-order mark, which some editors write at the start of a file, is skipped in
    /// every JSON file the commands read (RFC 8259 §8.1: a parser may ignore it).
    @Test func aByteOrderMarkAtTheStartOfAFileIsSkipped() {
        let bom = "\u{FEFF}"
        let checked = run(["check-config", "c.json"], files: ["c.json": bom + Self.valid])
        #expect(checked.status == 0, "\(checked.standardError)\(checked.standardOutput)")
        #expect(checked.standardOutput.contains("provider: getui"))
        let fromStandardInput = run(["check-config", "-"], stdin: bom + Self.valid)
        #expect(fromStandardInput.status == 0, "\(fromStandardInput.standardError)")
        let scenario = #"{"ios": "12", "state": "foreground", "notification": {"payload": {"aps": {"alert": "x"}}}}"#
        let simulated = run(["simulate", "--config", "c.json", "-"], stdin: bom + scenario, files: ["c.json": bom + #"{"provider": "apns"}"#])
        #expect(simulated.status == 0, "\(simulated.standardError)")
        let validated = run(["validate", "p.json"], files: ["p.json": bom + #"{"aps": {"alert": "x"}}"#])
        #expect(validated.status == 0, "\(validated.standardError)\(validated.standardOutput)")
    }

    @Test func jsonThatIsNoConfigurationIsAProblem() {
        let output = run(["check-config", "-"], stdin: "[1,2]")
        #expect(output.status == 1)
        #expect(output.standardOutput.hasPrefix("configuration: "))
    }

    @Test func aMissingFileIsExitTwo() {
        let output = run(["check-config", "missing.json"])
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix("error: configuration: missing.json"))
    }

    @Test func simulateTakesTheProviderFromTheConfigurationAndRejectsABadOne() {
        let scenario = #"{"ios": "12", "state": "foreground", "notification": {"payload": {"aps": {"alert": "x"}}}}"#
        let apns = run(["simulate", "--config", "c.json", "-"], stdin: scenario, files: ["c.json": #"{"provider": "apns"}"#])
        #expect(apns.status == 0)
        let bad = run(["simulate", "--config", "c.json", "-"], stdin: scenario, files: ["c.json": #"{"provider": "x"}"#])
        #expect(bad.status == 2)
        #expect(bad.standardOutput.isEmpty)
        #expect(bad.standardError.hasPrefix("error: --config: provider: "))
    }
}
