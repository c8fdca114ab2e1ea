import Foundation
import PushBridgeModel

/// The `pushbridge` executable: reads its arguments and standard input, runs the command, writes
/// its output and exits with its status. All logic is in ``CommandLineTool`` (tested in-process).
@main
enum Main {
    static func main() {
        let output = CommandLineTool(io: .process).run(Array(CommandLine.arguments.dropFirst()))
        FileHandle.standardOutput.write(Data(output.standardOutput.utf8))
        FileHandle.standardError.write(Data(output.standardError.utf8))
        exit(output.status)
    }
}
