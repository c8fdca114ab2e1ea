import Foundation
import PushBridge
import Testing

/// The seed conformance vectors (`../shared/vectors/seeds.json`), run in-process with the same
/// comparison as `../shared/tools/conformance`: only the fields each expectation names.
@Suite struct ConformanceVectorTests {
    static let vectorsURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/vectors/seeds.json")

    static var vectors: [JSONValue] {
        guard let data = FileManager.default.contents(atPath: vectorsURL.path),
            let value = try? JSONParser.parse(data, limits: JSONParser.Limits(maxBytes: 1 << 24))
        else { return [] }
        return value.arrayValue ?? []
    }

    @Test(.enabled(if: !vectors.isEmpty, "the shared vectors are beside the package"))
    func everySeedVectorPasses() throws {
        var failures: [String] = []
        for vector in Self.vectors {
            let name = vector["name"]?.stringValue ?? "?"
            let scenario = try DispatchScenario(json: try #require(vector["scenario"]))
            let got = try ScenarioSimulator.run(scenario).jsonValue
            let expect = try #require(vector["expect"]?.objectValue)
            if let display = expect["display"], got["display"] != display { failures.append("\(name): display") }
            if let delivered = expect["actionDelivered"], (got["actionDelivered"] ?? .bool(true)) != delivered { failures.append("\(name): actionDelivered") }
            if let calls = expect["calls"]?.arrayValue, !Self.matches(got["calls"]?.arrayValue ?? [], calls, keys: ["phase", "method", "state", "launchOptionsKey", "action"]) {
                failures.append("\(name): calls")
            }
            if let events = expect["events"]?.arrayValue, !Self.matches(got["events"]?.arrayValue ?? [], events, keys: ["type", "origin", "action"]) {
                failures.append("\(name): events")
            }
        }
        #expect(Self.vectors.count >= 63)
        #expect(failures.isEmpty, "\(failures)")
    }

    /// Whether `got` matches `want` element by element, comparing only the keys each wanted
    /// element has (among `keys`).
    static func matches(_ got: [JSONValue], _ want: [JSONValue], keys: [String]) -> Bool {
        guard got.count == want.count else { return false }
        return zip(got, want).allSatisfy { got, want in
            keys.allSatisfy { key in want[key] == nil || got[key] == want[key] }
        }
    }
}
