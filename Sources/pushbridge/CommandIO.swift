import Foundation
import PushBridgeModel

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

/// The exit statuses of `pushbridge` (`docs/spec/cli-contract.md`).
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

    /// The real process: files and standard input, read with the system's `open` and `read`, so
    /// that every failure is an ``InputError`` naming the path and the reason (`FileHandle`'s
    /// reads trap on an error such as reading a folder).
    static let process = CommandIO { (path, limit) throws(InputError) -> [UInt8] in
        guard let path, path != "-" else { return try readAll(descriptor: 0, named: "standard input", limit: limit) }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw InputError(message: "\(path): cannot open the file (\(reason(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw InputError(message: "\(path): cannot read the file (\(reason(errno)))") }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: throw InputError(message: "\(path): is a folder, expected a file")
        case S_IFREG, S_IFIFO, S_IFCHR: break  // a file, a pipe (`<(…)`), a terminal or /dev/stdin
        default: throw InputError(message: "\(path): is not a file, a pipe or a terminal")
        }
        if status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > limit {
            throw InputError(message: "\(path): the file has \(status.st_size) bytes, more than the \(limit) read")
        }
        return try readAll(descriptor: descriptor, named: path, limit: limit)
    }

    /// Everything `descriptor` holds, at most `limit` bytes.
    private static func readAll(descriptor: Int32, named name: String, limit: Int) throws(InputError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(message: "\(name): cannot read (\(reason(errno)))")
            }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit { throw InputError(message: "\(name): input is larger than \(limit) bytes") }
        }
        return bytes
    }

    /// The system's words for `code` (`Permission denied`, `Too many levels of symbolic links`, …).
    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

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

/// `read(2)`, named apart from ``CommandIO/read``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
