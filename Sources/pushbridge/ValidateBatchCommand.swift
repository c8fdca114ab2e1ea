import PushBridge
import PushBridgeValidation

/// `pushbridge validate --batch [--provider P] [--push-type T] FILE|-`: JSON Lines in (one
/// payload a line; blank lines skipped), one compact JSON verdict a line out, in input order:
///
/// ```
/// {"line":1,"valid":true,"size":291,"limit":4096,"errors":[],"warnings":[]}
/// {"line":2,"valid":true,"size":22,"limit":4096,"errors":[],"warnings":[{"field":"aps.badge","message":"-1 is not an integer ≥ 0, …"}]}
/// {"line":3,"valid":false,"size":13,"limit":4096,"errors":[{"field":"aps.content-available","message":"missing: …"}],"warnings":[]}
/// {"line":4,"valid":false,"unreadable":"invalid JSON at line 1, column 9: expected ',' or '}' after an object member"}
/// ```
///
/// `line` counts every line of the input from 1, blank ones included; an unreadable line's
/// position is within its line. Exit 0 when every payload is valid, 1 when any is invalid or
/// unreadable, 2 only when the input itself cannot be read (or the command line is wrong).
///
/// Bounded for input that is not JSON Lines at all (a binary file, a pretty-printed JSON
/// document, a log), whose verdicts would only repeat "unreadable" line after line: a line
/// longer than ``maxLineBytes`` is unreadable without being parsed, and the command stops when
/// the input does not look like JSON Lines (``NotJSONLines``): its first ``NotJSONLines/leadingLines``
/// non-blank lines all unreadable, or more than half of any ``NotJSONLines/window`` consecutive
/// non-blank lines unreadable. It then prints the verdicts so far on standard output and one
/// `error:` line on standard error saying where it stopped, why, and that the rest was not
/// checked (exit 2). A real batch with unreadable lines scattered through it (the batch
/// benchmark's 100,000 lines have 1 % unreadable and 1 % invalid) is checked to its end, however
/// many they are in all.
struct ValidateBatchCommand: Sendable {
    let io: CommandIO

    /// The longest line read as a payload: 64 KiB, twelve times the largest APNs payload (5 KB,
    /// a VoIP push's).
    static let maxLineBytes = 64 << 10

    /// How the command tells input that is not JSON Lines from a batch with some bad lines.
    struct NotJSONLines {
        /// Non-blank lines at the start that, all unreadable, say the input is not JSON Lines.
        static let leadingLines = 100
        /// The run of consecutive non-blank lines over which the share of unreadable ones is
        /// judged.
        static let window = 1_000

        private var recent = [Bool](repeating: false, count: window)
        private var seen = 0
        private var readable = 0
        private var unreadableInWindow = 0

        /// Counts one non-blank line; the reason to stop when the input is not JSON Lines.
        mutating func record(unreadable: Bool) -> String? {
            let slot = seen % Self.window
            if seen >= Self.window, recent[slot] { unreadableInWindow -= 1 }
            recent[slot] = unreadable
            if unreadable { unreadableInWindow += 1 } else { readable += 1 }
            seen += 1
            if readable == 0, seen >= Self.leadingLines { return "its first \(Self.leadingLines) lines are all unreadable" }
            if seen >= Self.window, unreadableInWindow * 2 > Self.window {
                return "\(unreadableInWindow) of its last \(Self.window) lines are unreadable"
            }
            return nil
        }
    }

    func run(_ arguments: [String]) throws(Arguments.UsageError) -> CommandOutput {
        let arguments = try Arguments(arguments, valued: CommandHelp.validate.valued.subtracting(["--priority"]))
        let provider =
            ProviderSimulators.definition(named: try arguments.choice("--provider", ProviderSimulators.names, default: "apns"))
            ?? APNsDefinition()
        let pushType =
            PayloadValidator.PushType(
                rawValue: try arguments.choice("--push-type", PayloadValidator.PushType.allCases.map(\.rawValue), default: "alert")) ?? .alert
        let path = try arguments.singleOperand()
        let input: [UInt8]
        do {
            input = JSONParser.withoutByteOrderMark(try io.input(path, limit: CommandIO.maxBatchInputBytes))
        } catch {
            return .failure("input: \(error.message)")
        }
        let (text, allValid, stopped) = Self.verdicts(input, pushType: pushType, provider: provider)
        guard let stopped else {
            return CommandOutput(status: allValid ? ExitStatus.success : ExitStatus.problemsFound, standardOutput: text)
        }
        return CommandOutput(
            status: ExitStatus.invalidInput, standardOutput: text,
            standardError:
                "error: input: stopped at line \(stopped.line): \(stopped.reason) (is it JSON Lines, one payload a line?); the lines after it were not checked\n"
        )
    }

    /// One verdict line per non-blank line of `input`, whether every payload was valid, and the
    /// line after which the command stopped and why (``NotJSONLines``), if it did.
    static func verdicts(
        _ input: [UInt8], pushType: PayloadValidator.PushType, provider: any PushProviderDefinition
    ) -> (text: String, allValid: Bool, stopped: (line: Int, reason: String)?) {
        var output: [UInt8] = []
        output.reserveCapacity(min(input.count / 4, 1 << 20) + 64)
        var allValid = true
        var shape = NotJSONLines()
        var lineNumber = 0
        var start = 0
        while start < input.count {
            let end = input[start...].firstIndex(of: UInt8(ascii: "\n")) ?? input.count
            lineNumber += 1
            let line = input[start..<end]
            start = end + 1
            guard !line.allSatisfy(isWhitespace) else { continue }
            let unreadable: Bool
            if line.count > maxLineBytes {
                output.append(
                    contentsOf:
                        #"{"line":\#(lineNumber),"valid":false,"unreadable":"the line has \#(line.count) bytes, more than the \#(maxLineBytes) a payload line may have"}"#
                        .utf8)
                allValid = false
                unreadable = true
            } else {
                let verdict = Self.appendVerdict(Array(line), number: lineNumber, pushType: pushType, provider: provider, to: &output)
                if verdict != .valid { allValid = false }
                unreadable = verdict == .unreadable
            }
            output.append(UInt8(ascii: "\n"))
            if let reason = shape.record(unreadable: unreadable), start < input.count {
                return (String(decoding: output, as: UTF8.self), false, (lineNumber, reason))
            }
        }
        return (String(decoding: output, as: UTF8.self), allValid, nil)
    }

    /// What a line's verdict says.
    enum Verdict {
        case valid, invalid, unreadable
    }

    /// Writes the verdict on one payload line (compact JSON, without the line break) and returns
    /// what it says. Written field by field rather than through a `JSONObject`:
    /// the same text `JSONWriter` would write for the object, in a third of the time.
    static func appendVerdict(
        _ line: [UInt8], number: Int, pushType: PayloadValidator.PushType, provider: any PushProviderDefinition, to output: inout [UInt8]
    ) -> Verdict {
        output.append(contentsOf: #"{"line":\#(number),"valid":"#.utf8)
        do {
            let report = try PayloadValidator.validate(line, pushType: pushType, provider: provider)
            output.append(contentsOf: #"\#(report.isValid),"size":\#(report.size),"limit":\#(report.limit),"errors":"#.utf8)
            appendEntries(report.problems, to: &output)
            output.append(contentsOf: #","warnings":"#.utf8)
            appendEntries(report.warnings, to: &output)
            output.append(UInt8(ascii: "}"))
            return report.isValid ? .valid : .invalid
        } catch {
            output.append(contentsOf: #"false,"unreadable":"#.utf8)
            output.append(contentsOf: JSONWriter.bytes(from: .string(error.message)))
            output.append(UInt8(ascii: "}"))
            return .unreadable
        }
    }

    /// `[{"field":…,"message":…},…]` (the field omitted when a problem has none).
    private static func appendEntries(_ problems: [PushError], to output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (position, problem) in problems.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "{"))
            if let field = problem.field {
                output.append(contentsOf: #""field":"#.utf8)
                output.append(contentsOf: JSONWriter.bytes(from: .string(field)))
                output.append(UInt8(ascii: ","))
            }
            output.append(contentsOf: #""message":"#.utf8)
            output.append(contentsOf: JSONWriter.bytes(from: .string(problem.message)))
            output.append(UInt8(ascii: "}"))
        }
        output.append(UInt8(ascii: "]"))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}
