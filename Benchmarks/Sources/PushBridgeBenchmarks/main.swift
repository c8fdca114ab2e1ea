import Foundation
import PushBridge
import PushBridgeModel
import PushBridgeTesting

// Each benchmark prints its figure, a baseline measured in this same run, their ratio, and the
// target from the performance issue. Run in release:
//
//     swift run -c release --package-path Benchmarks PushBridgeBenchmarks [--short] [pipeline|payload|batch|dispatch|coldstart|memory|send]...
//
// With no argument every benchmark runs; --short runs each once on less work (CI).

let known = ["pipeline", "payload", "batch", "dispatch", "coldstart", "memory", "send"]
let chosen = Set(CommandLine.arguments.dropFirst()).subtracting(["--short"])
if let unknown = chosen.subtracting(known).sorted().first {
    FileHandle.standardError.write(Data("error: unknown benchmark \"\(unknown)\" (expected one of: \(known.joined(separator: ", ")))\n".utf8))
    exit(2)
}
func wanted(_ name: String) -> Bool { chosen.isEmpty || chosen.contains(name) }

print(
    Harness.short
        ? "PushBridge benchmarks, short run (each once, on less work: not measurements)" : "PushBridge benchmarks (release, median of 9 samples)")
if wanted("pipeline") { await EventPipelineBenchmark.run() }
if wanted("payload") { PayloadBenchmark.run() }
if wanted("batch") { BatchBenchmark.run() }
if wanted("dispatch") { DispatchModelBenchmark.run() }
if wanted("coldstart") { await ColdStartBenchmark.run() }
if wanted("memory") { MemoryBenchmark.run() }
if wanted("send") { await SendBenchmark.run() }
