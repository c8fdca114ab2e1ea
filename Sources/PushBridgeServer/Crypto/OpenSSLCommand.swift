#if os(Linux) || os(macOS)
    import Foundation

    /// One run of the system's `openssl`: what `OpenSSLCommandES256Signer` (APNs' provider token)
    /// and `OpenSSLCommandRS256Signer` (FCM's service-account assertion) share.
    package enum OpenSSLCommand {
        /// `openssl` could not be started; `reason` never holds what was written to its input.
        package struct LaunchFailure: Error {
            /// Why, in one sentence.
            package let reason: String
        }

        /// Runs `executable` with `arguments`, writes `input` to its standard input and closes it,
        /// and returns the exit status and the standard output; the standard error is read (so the
        /// process cannot block on it) and dropped.
        package static func run(
            _ executable: String, arguments: [String], input: Data
        ) throws(LaunchFailure) -> (status: Int32, output: [UInt8]) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            let inputPipe = Pipe()
            let output = Pipe()
            let errors = Pipe()
            process.standardInput = inputPipe
            process.standardOutput = output
            process.standardError = errors
            do {
                try process.run()
            } catch {
                throw LaunchFailure(reason: "`\(executable)` could not be started: \(error.localizedDescription)")
            }
            inputPipe.fileHandleForWriting.write(input)
            try? inputPipe.fileHandleForWriting.close()
            let written = output.fileHandleForReading.readDataToEndOfFile()
            _ = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, [UInt8](written))
        }
    }
#endif
