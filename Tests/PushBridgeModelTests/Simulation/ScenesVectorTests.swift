import Foundation
import PushBridge
import PushBridgeGetuiTesting
import PushBridgeJPushTesting
import PushBridgeModel
import Testing

/// The vectors of `Tests/Vectors/scenes-and-target-content.json`: which scene a tap or a
/// foreground action brings forward or connects (`scenes`, `supportsMultipleScenes`, the payload's
/// `aps.target-content-id`) — each from a public source, run through every provider as CI runs
/// them with `../shared/tools/conformance`, compared as that tool compares, plus the trace's
/// `scene`.
@Suite struct ScenesVectorTests {
    static let vectorsPath: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Simulation
        .deletingLastPathComponent()  // PushBridgeModelTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Vectors/scenes-and-target-content.json").path

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

    @Test func atLeastFiveCitedCasesWithUniqueNamesEachNamingItsScene() {
        #expect(Self.vectors.count >= 5)
        #expect(Set(Self.vectors.map(\.name)).count == Self.vectors.count)
        for vector in Self.list {
            let source = vector["source"]?.stringValue ?? ""
            #expect(source.count > 40 && (source.contains("#") || source.contains("Apple")), "\(vector["name"]?.stringValue ?? "")")
            #expect(vector["expect"]?["scene"] != nil)
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
            if let want = expect["scene"], got["scene"] != want {
                problems.append("scene \(got["scene"].map { JSONWriter.string(from: $0) } ?? "absent") != \(JSONWriter.string(from: want))")
            }
            #expect(problems == [], "\(provider.id)")
        }
    }
}
