import CAllocationCounter
import Dispatch
import Foundation

/// A tiny harness: runs a body several times and reports the median, in nanoseconds per operation.
enum Harness {
    /// Nanoseconds now, monotonic.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// `--short`: every benchmark once, on less work (CI's run: a crash in any fails it; the
    /// figures are not measurements).
    static let short = CommandLine.arguments.contains("--short")

    /// `full`, or `short` in a short run.
    static func size(_ full: Int, short: Int) -> Int { Self.short ? short : full }

    /// The median of `samples` runs of `body` (one in a short run), each doing `operations`
    /// operations, in ns/op.
    static func measure(samples: Int = 9, operations: Int, _ body: () -> Void) -> Double {
        let samples = short ? 1 : samples
        body()  // warm-up
        var times: [Double] = []
        for _ in 0..<samples {
            let start = now()
            body()
            times.append(Double(now() - start) / Double(operations))
        }
        times.sort()
        return times[times.count / 2]
    }

    /// Async variant.
    static func measure(samples: Int = 9, operations: Int, _ body: () async -> Void) async -> Double {
        let samples = short ? 1 : samples
        await body()
        var times: [Double] = []
        for _ in 0..<samples {
            let start = now()
            await body()
            times.append(Double(now() - start) / Double(operations))
        }
        times.sort()
        return times[times.count / 2]
    }

    /// Resident memory in bytes (Linux `/proc/self/statm`); 0 where unavailable.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * 4_096 : 0
    }

    /// Bytes currently allocated by malloc (glibc `mallinfo2`); `nil` where unavailable.
    static func allocatedBytes() -> Int? {
        let bytes = pushbridge_allocated_bytes()
        return bytes < 0 ? nil : Int(bytes)
    }

    /// The bytes and the number of allocations `body` makes (every thread counts while it runs);
    /// `nil` where allocations cannot be counted (only glibc's allocator is interposed).
    static func allocations(_ body: () async -> Void) async -> (bytes: Int, calls: Int)? {
        guard pushbridge_allocation_counting_available() != 0 else { return nil }
        pushbridge_allocation_counting_start()
        await body()
        pushbridge_allocation_counting_stop()
        return (Int(pushbridge_allocation_counted_bytes()), Int(pushbridge_allocation_counted_calls()))
    }

    /// One result line: the figure, the baseline, the ratio and the target (`nil` for a figure
    /// reported without one).
    static func report(_ name: String, value: Double, unit: String, baseline: (name: String, value: Double)?, target: String?, met: Bool) {
        var line = "\(name): \(format(value)) \(unit)"
        if let baseline {
            line += " | baseline \(baseline.name): \(format(baseline.value)) \(unit) | ratio \(format(value / baseline.value))×"
        }
        if let target { line += " | target \(target): \(met ? "met" : "MISSED")" }
        print(line)
    }

    static func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.3g", value)
    }
}
