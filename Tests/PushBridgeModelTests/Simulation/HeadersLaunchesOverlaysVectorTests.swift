import Foundation
import PushBridge
import PushBridgeGetuiTesting
import PushBridgeJPushTesting
import PushBridgeModel
import Testing

/// The vectors of `Tests/Vectors/headers-launches-and-overlays.json`: a push type that does not
/// match its payload, `apns-priority`, the background budget, pushes for frameworks that launch
/// a not-running app, and a tap from Notification Center pulled over the running app — each from
/// a public source, run through every provider as CI runs them with `../shared/tools/conformance`,
/// compared as that tool compares, plus the trace's `delivery` and `contentExtension` where a
/// vector expects them.
@Suite struct HeadersLaunchesOverlaysVectorTests {
    static let vectorsPath: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Simulation
        .deletingLastPathComponent()  // PushBridgeModelTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Vectors/headers-launches-and-overlays.json").path

    static let list: [JSONValue] = {
        guard let data = FileManager.default.contents(atPath: vectorsPath),
            let list = (try? JSONParser.parse(data, limits: JSONParser.Limits(maxBytes: 1 << 24)))?.arrayValue
        else { return [] }
        return list
    }()

    static let vectors: [ConformanceVectorTests.Vector] = list.enumerated().map { index, vector in
        ConformanceVectorTests.Vector(
            name: vector["name"]?.stringValue ?? "vector \(index)", scenario: vector["scenario"] ?? .null,
            expect: vector["expect"]?.objectValue ?? JSONObject())
    }

    static let providers: [any ProviderSimulator] = [SystemSimulator(), JPushSimulator(), GetuiSimulator()]

    @Test func atLeastThirtyCitedCasesWithUniqueNames() {
        #expect(Self.vectors.count >= 30)
        #expect(Set(Self.vectors.map(\.name)).count == Self.vectors.count)
        for vector in Self.list {
            let source = vector["source"]?.stringValue ?? ""
            #expect(source.count > 40 && (source.contains("#") || source.contains("Apple")), "\(vector["name"]?.stringValue ?? "")")
        }
    }

    @Test(arguments: vectors)
    func vectorConformsThroughEveryProvider(vector: ConformanceVectorTests.Vector) throws {
        let scenario = try DispatchScenario(json: vector.scenario)
        for provider in Self.providers {
            let got = try ScenarioSimulator.run(scenario, provider: provider).jsonValue
            var expect = vector.expect
            if provider.id != .apns { expect = ["events": vector.expect["events"] ?? .array([])] }
            var problems = ConformanceVectorTests.problems(got: got, expect: expect)
            for key in ["delivery", "contentExtension"] {
                if let want = expect[key], got[key] != want {
                    problems.append("\(key) \(got[key].map { JSONWriter.string(from: $0) } ?? "absent") != \(JSONWriter.string(from: want))")
                }
            }
            #expect(problems == [], "\(provider.id)")
        }
    }
}
