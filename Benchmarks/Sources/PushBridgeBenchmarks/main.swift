import Foundation
import PushBridge
import PushBridgeTesting

// Each benchmark prints its figure, a baseline measured in this same run, their ratio, and the
// target from the performance issue. Run in release: swift run -c release --package-path Benchmarks

print("PushBridge benchmarks (release, median of 9 samples)")
await EventPipelineBenchmark.run()
PayloadBenchmark.run()
DispatchModelBenchmark.run()
await ColdStartBenchmark.run()
MemoryBenchmark.run()
