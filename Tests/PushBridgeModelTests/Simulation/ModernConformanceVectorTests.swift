import Foundation
import PushBridge
import PushBridgeModel
import Testing

/// The project's own conformance vectors for iOS 13 and later (`Tests/Vectors/ios13-and-later.json`):
/// each from a public source — Apple's documentation, or a real-device report with its iOS
/// version — run through every provider as CI runs them with `../shared/tools/conformance`, and
/// compared as that tool compares, plus the trace's `serviceExtension` and `lostResponse` where a
/// vector expects them (the tool ignores fields it does not know).
@Suite struct ModernConformanceVectorTests {
    static let file = ProjectVectorFile("ios13-and-later.json", extraFields: ["serviceExtension", "lostResponse"])
    static let vectors = file.vectors

    @Test func atLeastSixtyCitedCasesOnIOS13AndLater() throws {
        #expect(Self.vectors.count >= 60)
        #expect(Self.file.repeatedNames == [])
        #expect(Self.file.uncited(minimumLength: 20) == [])
        for vector in Self.vectors {
            let scenario = try DispatchScenario(json: vector.scenario)
            #expect(scenario.ios >= IOSVersion(13), "\(vector.name)")
            #expect(!vector.expect.isEmpty, "\(vector.name)")
        }
    }

    @Test(arguments: vectors)
    func vectorConformsThroughEveryProvider(vector: ConformanceVectorTests.Vector) throws {
        for (provider, problems) in try Self.file.problems(vector) { #expect(problems == [], "\(provider)") }
    }
}
