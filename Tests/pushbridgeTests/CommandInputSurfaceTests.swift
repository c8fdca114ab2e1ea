import Foundation
import Testing

@testable import pushbridge

/// No input can trap the command: every subcommand and every file option, given a folder, a
/// symlink loop, a missing, unreadable, oversized or empty file, a pipe or a device, answers with
/// exit 2 and one `error:` line naming the option and the path (or reads what is readable).
/// These run the real process reader (`CommandIO.process`) on real paths.
@Suite struct CommandInputSurfaceTests {
    /// Each place a path goes: the command line with `PATH` where the path stands.
    static let places: [[String]] = [
        ["simulate", "PATH"], ["simulate", "--config", "PATH", "SCENARIO"],
        ["validate", "PATH"], ["validate", "--batch", "PATH"],
        ["check-config", "PATH"],
        ["check-config", "--entitlements", "PATH", "CONFIG"], ["check-config", "--info-plist", "PATH", "CONFIG"],
        ["check-config", "--extension-info-plist", "PATH", "CONFIG"], ["check-config", "--extension-entitlements", "PATH", "CONFIG"],
    ]

    /// A folder of bad inputs, and a good scenario and configuration to stand beside them.
    final class Fixture {
        let root: URL
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-inputs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("folder"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: path("loop-a"), withDestinationPath: path("loop-b"))
            try FileManager.default.createSymbolicLink(atPath: path("loop-b"), withDestinationPath: path("loop-a"))
            try FileManager.default.createSymbolicLink(atPath: path("link-to-folder"), withDestinationPath: path("folder"))
            try Data().write(to: root.appendingPathComponent("empty"))
            try Data(repeating: 0x7B, count: (1 << 20) + 1).write(to: root.appendingPathComponent("huge"))
            try Data("{}".utf8).write(to: root.appendingPathComponent("unreadable"))
            _ = chmod(path("unreadable"), 0)
            try Data(#"{"ios": "17.0", "state": "foreground", "notification": {"payload": {"aps": {"alert": "hi"}}}}"#.utf8)
                .write(to: root.appendingPathComponent("scenario.json"))
            try Data(#"{"provider": "apns"}"#.utf8).write(to: root.appendingPathComponent("config.json"))
        }
        deinit { try? FileManager.default.removeItem(at: root) }
        func path(_ name: String) -> String { root.appendingPathComponent(name).path }
    }

    static func run(_ place: [String], path: String, fixture: Fixture) -> CommandOutput {
        let arguments = place.map { argument in
            switch argument {
            case "PATH": path
            case "SCENARIO": fixture.path("scenario.json")
            case "CONFIG": fixture.path("config.json")
            default: argument
            }
        }
        return CommandLineTool(io: .process).run(arguments)
    }

    /// The option a path is given to, as the error names it.
    static func option(_ place: [String]) -> String {
        place.firstIndex(of: "PATH").map { $0 > 0 && place[$0 - 1].hasPrefix("--") && place[$0 - 1] != "--batch" ? place[$0 - 1] : "" } ?? ""
    }

    @Test(arguments: ["folder", "link-to-folder", "loop-a", "missing", "huge"])
    func aBadPathIsOneErrorLineWithExit2Everywhere(name: String) throws {
        let fixture = try Fixture()
        // `--batch` reads up to 256 MiB, so the 1 MiB file is judged there, line by line.
        for place in Self.places where !(name == "huge" && place.contains("--batch")) {
            let output = Self.run(place, path: fixture.path(name), fixture: fixture)
            #expect(output.status == 2, "\(place) \(name): \(output)")
            #expect(output.standardOutput.isEmpty || place.contains("--batch"), "\(place) \(name)")
            let lines = output.standardError.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("error: "), "\(place) \(name): \(output.standardError)")
            #expect(output.standardError.contains(fixture.path(name)), "the error names the path: \(output.standardError)")
            let option = Self.option(place)
            #expect(option.isEmpty || output.standardError.contains(option), "the error names \(option): \(output.standardError)")
        }
    }

    @Test func eachFailureSaysWhy() throws {
        let fixture = try Fixture()
        let why = [
            "folder": "is a folder, expected a file", "link-to-folder": "is a folder, expected a file",
            "loop-a": "cannot open the file", "missing": "cannot open the file", "huge": "more than the 1048576 read",
        ]
        for (name, words) in why {
            let output = Self.run(["validate", "PATH"], path: fixture.path(name), fixture: fixture)
            #expect(output.standardError.contains(words), "\(name): \(output.standardError)")
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root reads a file whatever its permissions"))
    func anUnreadableFileIsOneErrorLine() throws {
        let fixture = try Fixture()
        for place in Self.places {
            let output = Self.run(place, path: fixture.path("unreadable"), fixture: fixture)
            #expect(output.status == 2 && output.standardError.contains("Permission denied"), "\(place): \(output)")
        }
    }

    @Test func anEmptyFileOrDeviceIsReadAndJudgedNeverATrap() throws {
        let fixture = try Fixture()
        for place in Self.places {
            for path in [fixture.path("empty"), "/dev/null"] {
                let output = Self.run(place, path: path, fixture: fixture)
                #expect([0, 1, 2].contains(output.status), "\(place) \(path): \(output)")
                // JSON Lines with no line have no verdict: `--batch` alone may say nothing.
                #expect(
                    !output.standardOutput.isEmpty || !output.standardError.isEmpty || place.contains("--batch"), "\(place) \(path): says something")
            }
        }
    }

    @Test func aPipeIsReadToItsEnd() throws {
        let fixture = try Fixture()
        let fifo = fixture.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let payload = Data(#"{"aps": {"alert": "hi"}}"#.utf8)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(payload)
                handle.closeFile()
            }
        }
        writer.start()
        let output = CommandLineTool(io: .process).run(["validate", fifo])
        #expect(output.status == 0, "\(output)")
    }

    @Test func randomBytesInEveryPlaceNeverTrap() throws {
        let fixture = try Fixture()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<40 {
            let size = [0, 1, 7, 100, 5_000, 70_000][round % 6]
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let file = fixture.path("random-\(round)")
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            for place in Self.places {
                let output = Self.run(place, path: file, fixture: fixture)
                #expect([0, 1, 2].contains(output.status), "\(place) with \(size) random bytes: \(output.status)")
            }
        }
    }
}

/// `validate --batch` is bounded on input that is not JSON Lines.
@Suite struct ValidateBatchBoundsTests {
    @Test func aLineOverTheLimitIsUnreadableWithoutBeingParsed() {
        let long = #"{"aps":{"alert":""# + String(repeating: "x", count: ValidateBatchCommand.maxLineBytes) + #""}}"#
        let output = CommandLineTool(io: .memory(stdin: Array((long + "\n" + #"{"aps":{"alert":"hi"}}"#).utf8))).run(["validate", "--batch", "-"])
        let lines = output.standardOutput.split(separator: "\n")
        #expect(output.status == 1)
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""unreadable":"the line has "#) && lines[0].contains("more than the 65536"))
        #expect(lines[1].contains(#""valid":true"#))
    }

    static func batch(_ text: String) -> CommandOutput {
        CommandLineTool(io: .memory(stdin: Array(text.utf8))).run(["validate", "--batch", "-"])
    }

    /// Input that starts with 100 unreadable lines is not JSON Lines: it stops there, says where
    /// and why.
    @Test func inputWhoseFirstLinesAreAllUnreadableStopsThereAndSaysWhy() {
        let leading = ValidateBatchCommand.NotJSONLines.leadingLines
        let output = Self.batch(Array(repeating: "not json", count: leading + 50).joined(separator: "\n"))
        #expect(output.status == 2)
        #expect(output.standardOutput.split(separator: "\n").count == leading)
        #expect(
            output.standardError
                == "error: input: stopped at line 100: its first 100 lines are all unreadable (is it JSON Lines, one payload a line?); the lines after it were not checked\n"
        )
        // Nothing after them: every line was checked, none is skipped.
        let exactly = Self.batch(Array(repeating: "not json", count: leading).joined(separator: "\n"))
        #expect(exactly.status == 1 && exactly.standardError.isEmpty)
    }

    /// A batch that turns into something else (a log appended, say): more than half of the last
    /// 1,000 lines unreadable stops it.
    @Test func aBatchThatTurnsToGarbageStopsWhenMostOfTheWindowIsUnreadable() {
        let text = (Array(repeating: #"{"aps":{"alert":"hi"}}"#, count: 200) + Array(repeating: "not json", count: 2_000)).joined(separator: "\n")
        let output = Self.batch(text)
        #expect(output.status == 2)
        #expect(output.standardOutput.split(separator: "\n").count == 1_000)
        #expect(output.standardError.hasPrefix("error: input: stopped at line 1000: 800 of its last 1000 lines are unreadable"))
    }

    /// A real batch with unreadable lines scattered through it is checked to its end, however many
    /// they are: 1,100 of 55,000 (2 %), more than the 1,000 that once stopped the batch benchmark.
    @Test func aLegitimateBatchWithTwoPercentUnreadableIsCheckedToItsEnd() {
        let lines = (0..<55_000).map { $0 % 50 == 7 ? "{\"aps\":{\"alert\":\"cut \($0)\"" : "{\"aps\":{\"alert\":\"hi \($0)\"}}" }
        let output = Self.batch(lines.joined(separator: "\n"))
        #expect(output.status == 1)
        #expect(output.standardError.isEmpty)
        let verdicts = output.standardOutput.split(separator: "\n")
        #expect(verdicts.count == 55_000)
        #expect(verdicts.filter { $0.contains(#""unreadable""#) }.count == 1_100)
    }
}

/// Every subcommand answers `--help` and `-h` with its options, their defaults and an example; the
/// options are the parser's own table, so none is accepted undocumented.
@Suite struct CommandHelpTests {
    @Test(arguments: ["simulate", "validate", "check-config", "matrix"])
    func everySubcommandHasHelp(command: String) throws {
        let help = try #require(CommandHelp.all[command])
        for flag in ["--help", "-h"] {
            let output = CommandLineTool(io: .memory()).run([command, flag])
            #expect(output.status == 0 && output.standardError.isEmpty)
            #expect(output.standardOutput == help.text + "\n")
        }
        #expect(help.text.contains("example:\n  pushbridge \(command)"))
        for option in help.options {
            #expect(help.text.contains(option.name), "\(command) --help lacks \(option.name)")
            #expect(CommandLineTool.usage.contains(option.name), "the top-level help lacks \(command) \(option.name)")
        }
    }

    @Test func theParsersAcceptExactlyTheDocumentedOptions() {
        // A documented option is accepted (no "unknown option" error); an undocumented one is not.
        for (command, help) in CommandHelp.all {
            for option in help.options where !option.value.isEmpty {
                let output = CommandLineTool(io: .memory()).run([command, option.name])
                #expect(!output.standardError.contains("unknown option"), "\(command) \(option.name): \(output.standardError)")
            }
            let output = CommandLineTool(io: .memory()).run([command, "--no-such-option", "x"])
            #expect(output.status == 2 && output.standardError.contains("--no-such-option"), "\(command): \(output)")
        }
    }

    @Test func everyOptionTheReadmeNamesIsDocumented() throws {
        let readme = try ReadmeClaimsTests.text("README.md")
        let documented = Set(CommandHelp.all.values.flatMap { $0.options.map(\.name) })
        // The options of `swift` itself that the README's build instructions use.
        let swiftOptions: Set<String> = ["--package-path", "--sanitize", "--scratch-path", "--filter", "--help"]
        var named = Set<String>()
        var rest = readme[...]
        while let range = rest.range(of: "--") {
            let option = "--" + rest[range.upperBound...].prefix { $0.isLetter || $0 == "-" }
            rest = rest[range.upperBound...]
            if option.count > 2, option.dropFirst(2).first?.isLetter == true { named.insert(option) }
        }
        #expect(named.count > 5)
        for option in named.subtracting(swiftOptions) {
            #expect(documented.contains(option), "the README names \(option), which no command's --help documents")
        }
    }
}
