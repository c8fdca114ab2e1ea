import PushBridgeModel
import Foundation

/// What a command prints and the status it exits with.
struct CommandOutput: Sendable, Equatable {
    var status: Int32
    var standardOutput = ""
    var standardError = ""

    /// Success with `text` on standard output.
    static func success(_ text: String) -> CommandOutput {
        CommandOutput(status: 0, standardOutput: text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Failure with one `error: …` line on standard error and nothing on standard output.
    static func failure(_ message: String, status: Int32 = ExitStatus.invalidInput) -> CommandOutput {
        CommandOutput(status: status, standardError: "error: \(oneLine(message))\n")
    }

    /// `text` with line breaks escaped, so that a message is one line whatever it quotes.
    static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
    }
}

/// The exit statuses of `pushbridge` (`cli-contract.md`).
enum ExitStatus {
    /// Done.
    static let success: Int32 = 0
    /// A check found problems (`validate`, `check-config`).
    static let problemsFound: Int32 = 1
    /// The input or the command line could not be read.
    static let invalidInput: Int32 = 2
}

/// Where a command's input comes from: files and standard input, injectable for tests.
struct CommandIO: Sendable {
    /// The most a command reads from one input: 1 MiB (a payload is at most 5 KB).
    static let maxInputBytes = 1 << 20
    /// The most `validate --batch` reads: 256 MiB of JSON Lines.
    static let maxBatchInputBytes = 256 << 20

    /// Reads `path`, or standard input for `nil` or `-`, failing past `limit` bytes.
    /// (Untyped `throws` in a stored function type: typed-throws function types need a newer
    /// runtime than the package's deployment targets.)
    var read: @Sendable (_ path: String?, _ limit: Int) throws -> [UInt8]

    /// Why an input could not be read.
    struct InputError: Error, Sendable {
        var message: String
    }

    /// Reads `path` (or standard input), at most `limit` bytes; every failure is an ``InputError``.
    func input(_ path: String?, limit: Int = maxInputBytes) throws(InputError) -> [UInt8] {
        do {
            return try read(path, limit)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(message: "\(error)")
        }
    }

    /// The real process: files and standard input.
    static let process = CommandIO { (path, limit) throws(InputError) -> [UInt8] in
        let handle: FileHandle
        if let path, path != "-" {
            guard let file = FileHandle(forReadingAtPath: path) else {
                throw InputError(message: "\(path): cannot open the file")
            }
            handle = file
        } else {
            handle = FileHandle.standardInput
        }
        var bytes: [UInt8] = []
        while bytes.count <= limit {
            let chunk = handle.readData(ofLength: 64 * 1024)
            if chunk.isEmpty { break }
            bytes.append(contentsOf: chunk)
        }
        guard bytes.count <= limit else {
            throw InputError(message: "input is larger than \(limit) bytes")
        }
        return bytes
    }

    /// Input from memory: `stdin` for standard input, `files` by path.
    static func memory(stdin: [UInt8] = [], files: [String: [UInt8]] = [:]) -> CommandIO {
        CommandIO { (path, limit) throws(InputError) -> [UInt8] in
            guard let path, path != "-" else {
                guard stdin.count <= limit else { throw InputError(message: "input is larger than \(limit) bytes") }
                return stdin
            }
            guard let bytes = files[path] else { throw InputError(message: "\(path): cannot open the file") }
            return bytes
        }
    }
}
