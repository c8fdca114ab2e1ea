import Foundation
import PushBridgeModel
import Testing

/// The vectors of `Tests/Vectors/scenes-and-target-content.json`: which scene a tap or a
/// foreground action brings forward or connects (`scenes`, `supportsMultipleScenes`, the payload's
/// `aps.target-content-id`) — each from a public source, run through every provider as CI runs
/// them with `../shared/tools/conformance`, compared as that tool compares, plus the trace's
/// `scene`.
@Suite struct ScenesVectorTests {
    static let file = ProjectVectorFile("scenes-and-target-content.json", extraFields: ["scene"])
    static let vectors = file.vectors

    @Test func atLeastFiveCitedCasesWithUniqueNamesEachNamingItsScene() {
        #expect(Self.vectors.count >= 5)
        #expect(Self.file.repeatedNames == [])
        #expect(Self.file.uncited(minimumLength: 40, markers: ["#", "Apple"]) == [])
        for vector in Self.vectors { #expect(vector.expect["scene"] != nil, "\(vector.name)") }
    }

    @Test(arguments: vectors)
    func vectorConformsThroughEveryProvider(vector: ConformanceVectorTests.Vector) throws {
        for (provider, problems) in try Self.file.problems(vector) { #expect(problems == [], "\(provider)") }
    }
}
