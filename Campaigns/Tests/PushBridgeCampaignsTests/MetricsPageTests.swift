import Foundation
import PushBridgeCampaigns
import PushBridgeCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `pushbridge-campaign work --metrics-port`: the worker's counters on a Prometheus page.
@Suite(
    "The worker's /metrics page", .enabled(if: TestDatabase.isAvailable && BuiltCommand.path != nil, Comment(rawValue: BuiltCommand.skipReason)))
struct MetricsPageTests {
    @Test(
        "--metrics-port 0: the worker logs the port it got, and /metrics counts the campaign's results by provider and code as the database records them; other paths 404; a second worker on that port exits 1 before it starts; SIGTERM closes it"
    )
    func metricsPage() async throws {
        let count = 250
        let prefix = uniquePrefix("m")
        // Three targets Getui knows no device for: not accepted, so the accepted counter is not
        // simply the audience's size.
        let invalid = (0..<3).map { "\"\(targetName(prefix, $0 * 100 + 7))\"" }.joined(separator: ", ")
        let (emulator, config) = try Emulator.getui(scriptJSON: "{\"invalid\": [\(invalid)]}")
        let log = emulator.folder.appendingPathComponent("worker.log")
        try await TestDatabase.withStore { store in
            let (id, _) = try await makeCampaign(store, provider: "getui", kind: .clientID, count: count, batchSize: 100, prefix: prefix)
            let child = try BuiltCommand.work(
                campaign: id, config: config, provider: "getui", at: emulator.baseURL, lease: 60, more: ["--metrics-port", "0"], log: log)
            defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }

            // The port the system gave, from the worker's log line.
            var page: URL?
            try await waitUntil {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                if let line = text.split(separator: "\n").first(where: { $0.contains("serving metrics at http://") }),
                    let start = line.range(of: "http://"), let end = line.range(of: "/metrics", range: start.upperBound..<line.endIndex)
                {
                    page = URL(string: String(line[start.lowerBound..<end.upperBound]))
                }
                return page != nil
            }
            let url = try #require(
                page, "no \"serving metrics at\" line in the worker's log: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
            #expect(url.host == "127.0.0.1", "the default host is loopback")

            // The worker runs until SIGTERM: the page is read once the campaign is done.
            try await waitUntil(every: .milliseconds(50)) { try await store.status(id)?.state != .running }
            let status = try #require(try await store.status(id))
            #expect(status.state == .done)
            #expect(status.done == Int64(count))
            let accepted = try #require(status.byOutcome["accepted"])
            #expect(accepted == Int64(count - 3))

            let session = URLSession(configuration: .ephemeral)
            let (body, response) = try await session.data(from: url)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(http.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
            let samples = Self.samples(String(decoding: body, as: UTF8.self))
            #expect(samples["pushbridge_campaign_accepted{provider=\"getui\"}"] == Double(accepted), "\(samples)")
            // Every recorded outcome, summed over its codes, as the database has it.
            for (outcome, recorded) in status.byOutcome where outcome != "accepted" {
                let counted = samples.filter { $0.key.hasPrefix("pushbridge_campaign_\(outcome){") && $0.key.contains("provider=\"getui\"") }
                #expect(!counted.isEmpty && counted.allSatisfy { $0.key.contains("code=\"") }, "\(outcome): \(samples)")
                #expect(counted.values.reduce(0, +) == Double(recorded), "\(outcome): \(samples)")
            }
            // One request begun per target here: the emulator retries nothing.
            #expect(samples["pushbridge_campaign_sent{provider=\"getui\"}"] == Double(count), "\(samples)")
            // No secret of the configuration in a label or anywhere on the page.
            let text = String(decoding: body, as: UTF8.self)
            for secret in [Emulator.getuiSecret, "pY5gRtHCMs8XCZ1kV9n0r3", "hPJ4a0Gr4r7QjWmTwxoNF2"] { #expect(!text.contains(secret)) }

            let other = try #require(URL(string: url.absoluteString.replacingOccurrences(of: "/metrics", with: "/other")))
            let (_, otherResponse) = try await session.data(from: other)
            #expect((otherResponse as? HTTPURLResponse)?.statusCode == 404)

            // A second worker on the port taken: stops before it starts, naming the option.
            let secondLog = emulator.folder.appendingPathComponent("second.log")
            let second = try BuiltCommand.work(
                campaign: id, config: config, provider: "getui", at: emulator.baseURL, lease: 60,
                more: ["--metrics-port", "\(try #require(url.port))"],
                log: secondLog)
            second.waitUntilExit()
            let secondText = (try? String(contentsOf: secondLog, encoding: .utf8)) ?? ""
            #expect(second.terminationReason == .exit && second.terminationStatus == 1)
            #expect(secondText.contains("--metrics-port: cannot listen on 127.0.0.1:\(url.port ?? 0)"), "\(secondText)")
            #expect(!secondText.contains("worker started"), "the worker started before its metrics port was known to be free")

            BuiltCommand.stop(child, with: SIGTERM)
            #expect(child.terminationReason == .exit && child.terminationStatus == 0)
            await #expect(throws: (any Error).self, "the page outlived the worker") { _ = try await session.data(from: url) }
        }
    }

    /// The text exposition format's samples: `name{labels}` to value, comments skipped.
    static func samples(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        return samples
    }
}
