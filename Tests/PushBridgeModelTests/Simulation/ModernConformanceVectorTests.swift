import Foundation
@_spi(ProviderAuthor) import PushBridge
@_spi(ProviderAuthor) import PushBridgeGetuiTesting
@_spi(ProviderAuthor) import PushBridgeJPushTesting
@_spi(ProviderAuthor) import PushBridgeModel
@_spi(ProviderAuthor) import PushBridgeTesting
import Testing

/// The project's own conformance vectors for iOS 13 and later (`Tests/Vectors/ios13-and-later.json`):
/// each from a public source — Apple's documentation, or a real-device report with its iOS
/// version — run through every provider as CI runs them with `../shared/tools/conformance`, and
/// compared as that tool compares, plus the trace's `serviceExtension` and `lostResponse` where a
/// vector expects them (the tool ignores fields it does not know).
@Suite struct ModernConformanceVectorTests {
    /// `<package root>/Tests/Vectors/ios13-and-later.json`.
    static let vectorsPath: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Simulation
        .deletingLastPathComponent()  // PushBridgeModelTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Vectors/ios13-and-later.json").path

    /// Every vector, with the fields a reader checks.
    static let vectors: [ConformanceVectorTests.Vector] = {
        guard let data = FileManager.default.contents(atPath: vectorsPath),
            let list = (try? JSONParser.parse(data, limits: JSONParser.Limits(maxBytes: 1 << 24)))?.arrayValue
        else { return [] }
        return list.enumerated().map { index, vector in
            ConformanceVectorTests.Vector(
                name: vector["name"]?.stringValue ?? "vector \(index)", scenario: vector["scenario"] ?? .null,
                expect: vector["expect"]?.objectValue ?? JSONObject())
        }
    }()

    static let sources: [String: String] = {
        guard let data = FileManager.default.contents(atPath: vectorsPath),
            let list = (try? JSONParser.parse(data, limits: JSONParser.Limits(maxBytes: 1 << 24)))?.arrayValue
        else { return [:] }
        return Dictionary(list.compactMap { vector in
            guard let name = vector["name"]?.stringValue else { return nil }
            return (name, vector["source"]?.stringValue ?? "")
        }, uniquingKeysWith: { first, _ in first })
    }()

    static let providers: [any ProviderSimulator] = [SystemSimulator(), JPushSimulator(), GetuiSimulator()]

    @Test func atLeastSixtyCitedCasesOnIOS13AndLater() throws {
        #expect(Self.vectors.count >= 60)
        #expect(Set(Self.vectors.map(\.name)).count == Self.vectors.count)
        for vector in Self.vectors {
            let scenario = try DispatchScenario(json: vector.scenario)
            #expect(scenario.ios >= IOSVersion(13), "\(vector.name)")
            #expect(!vector.expect.isEmpty, "\(vector.name)")
            // A citation: a URL, an issue number or an Apple page.
            let source = Self.sources[vector.name] ?? ""
            #expect(source.count > 20 && (source.contains("http") || source.contains("#") || source.contains("Apple")), "\(vector.name)")
        }
    }

    @Test(arguments: vectors)
    func vectorConformsThroughEveryProvider(vector: ConformanceVectorTests.Vector) throws {
        let scenario = try DispatchScenario(json: vector.scenario)
        for provider in Self.providers {
            let got = try Self.trace(scenario, provider: provider)
            var expect = vector.expect
            // The vendors' calls are their SDKs' own: only the events are compared, an absent
            // expectation meaning none (as the tool does).
            if provider.id != .apns { expect = ["events": vector.expect["events"] ?? .array([])] }
            var problems = ConformanceVectorTests.problems(got: got, expect: expect)
            for key in ["serviceExtension", "lostResponse"] {
                if let want = expect[key], got[key] != want { problems.append("\(key) \(got[key].map { JSONWriter.string(from: $0) } ?? "absent") != \(JSONWriter.string(from: want))") }
            }
            #expect(problems == [], "\(provider.id)")
        }
    }

    /// The trace `pushbridge simulate` writes: a scenario with steps runs on a simulated device.
    static func trace(_ scenario: DispatchScenario, provider: any ProviderSimulator) throws -> JSONValue {
        if !scenario.steps.isEmpty { return try StepSimulator.run(scenario, provider: provider).jsonValue }
        return try ScenarioSimulator.run(scenario, provider: provider).jsonValue
    }
}
