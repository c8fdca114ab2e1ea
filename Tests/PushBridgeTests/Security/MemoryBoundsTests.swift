import Foundation
import PushBridge
import PushBridgeTesting
import Testing

/// A million distinct notifications: the dedupe window and the held events stay bounded.
@Suite struct MemoryBoundsTests {
    /// Resident memory in bytes, from `/proc/self/statm` (Linux); `nil` elsewhere.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * 4_096
    }

    /// Whether ThreadSanitizer is in this process: its shadow memory, and the memory of every
    /// test running beside this one, then dominate the resident size.
    static var isThreadSanitized: Bool {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(process) }
        return dlsym(process, "__tsan_init") != nil
    }

    @Test func aMillionDistinctNotificationsStayBounded() throws {
        let options = PushClientOptions(heldEventLimit: 100, dedupeWindow: 1_024)
        let client = PushClient(options: options, scheduler: ManualScheduler())
        let template = try PushNotification(payload: ["aps": ["alert": "x"]], identifier: "warm-up")
        client.handle(CallbackInvocation(callback: .willPresent, state: .active, notification: template))
        let before = Self.residentBytes()
        for index in 0..<1_000_000 {
            let note = try PushNotification(payload: ["aps": ["alert": "x"]], identifier: "n\(index)")
            client.handle(CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .background, notification: note))
        }
        #expect(client.heldEventCount == 100)
        #expect(client.droppedEventCount == 1_000_001 - 100)
        #expect(client.rememberedCount <= 3 * 1_024)
        // The counts above bound the windows under every build; the resident size is checked
        // only where it measures them (the benchmarks measure it alone, in release).
        if let before, let after = Self.residentBytes(), !Self.isThreadSanitized {
            // Generous: the windows hold ~2,000 short strings; unbounded growth would be ~100 MB.
            // The resident size is the process's, and the other suites run beside this one.
            #expect(after - before < 64 << 20, "resident memory grew by \(after - before) bytes")
        }
    }
}
