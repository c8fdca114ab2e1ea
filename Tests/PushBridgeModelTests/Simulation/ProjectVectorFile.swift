import AdapterTestSupport
import Foundation
import PushBridge
import PushBridgeModel
import PushBridgeTesting

/// One of the project's own vector files in `Tests/Vectors`, read once, and run as CI runs it
/// with `../shared/tools/conformance`: through every provider, compared as the tool compares,
/// plus the trace fields the tool does not know that the file's vectors may expect.
struct ProjectVectorFile: Sendable {
    /// Every vector of the file as the tool reads it.
    let vectors: [ConformanceVectorTests.Vector]
    /// Each vector's citation, by name.
    let sources: [String: String]
    /// The trace fields compared beyond the tool's (for example `delivery`, `scene`).
    let extraFields: [String]

    /// `<package root>/Tests/Vectors/<name>`, with the extra fields its vectors may expect.
    init(_ name: String, extraFields: [String]) {
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Simulation
            .deletingLastPathComponent()  // PushBridgeModelTests
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("Vectors/\(name)").path
        let list =
            FileManager.default.contents(atPath: path)
            .flatMap { try? JSONParser.parse($0, limits: JSONParser.Limits(maxBytes: 1 << 24)) }?.arrayValue ?? []
        vectors = list.enumerated().map { index, vector in
            ConformanceVectorTests.Vector(
                name: vector["name"]?.stringValue ?? "vector \(index)", scenario: vector["scenario"] ?? .null,
                expect: vector["expect"]?.objectValue ?? JSONObject())
        }
        sources = Dictionary(
            list.compactMap { vector in vector["name"]?.stringValue.map { ($0, vector["source"]?.stringValue ?? "") } },
            uniquingKeysWith: { first, _ in first })
        self.extraFields = extraFields
    }

    /// The names given to more than one vector.
    var repeatedNames: [String] {
        Dictionary(grouping: vectors, by: \.name).filter { $0.value.count > 1 }.keys.sorted()
    }

    /// The vectors whose `source` is no citation: shorter than `minimumLength`, or holding none of
    /// `markers` (a URL, an issue number, an Apple page).
    func uncited(minimumLength: Int, markers: [String] = ["http", "#", "Apple"]) -> [String] {
        vectors.map(\.name).filter { name in
            let source = sources[name] ?? ""
            return source.count <= minimumLength || !markers.contains { source.contains($0) }
        }
    }

    /// The trace `pushbridge simulate` writes: a scenario with steps runs on a simulated device.
    static func trace(_ scenario: DispatchScenario, provider: any ProviderSimulator) throws -> JSONValue {
        if !scenario.steps.isEmpty { return try StepSimulator.run(scenario, provider: provider).jsonValue }
        return try ScenarioSimulator.run(scenario, provider: provider).jsonValue
    }

    /// What differs from `vector`'s expectation, per provider. The vendors' calls are their
    /// SDKs' own: only the events are compared for them, an absent expectation meaning none (as
    /// the tool does).
    func problems(_ vector: ConformanceVectorTests.Vector) throws -> [PushProviderID: [String]] {
        let scenario = try DispatchScenario(json: vector.scenario)
        var found: [PushProviderID: [String]] = [:]
        for provider in allSimulators {
            let got = try Self.trace(scenario, provider: provider)
            let expect = provider.id == .apns ? vector.expect : ["events": vector.expect["events"] ?? .array([])]
            var problems = ConformanceVectorTests.problems(got: got, expect: expect)
            for key in extraFields {
                if let want = expect[key], got[key] != want {
                    problems.append("\(key) \(got[key].map { JSONWriter.string(from: $0) } ?? "absent") != \(JSONWriter.string(from: want))")
                }
            }
            found[provider.id] = problems
        }
        return found
    }
}
