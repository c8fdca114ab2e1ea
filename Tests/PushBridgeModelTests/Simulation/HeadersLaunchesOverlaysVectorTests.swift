import Foundation
import PushBridgeModel
import Testing

/// The vectors of `Tests/Vectors/headers-launches-and-overlays.json`: a push type that does not
/// match its payload, `apns-priority`, the background budget, pushes for frameworks that launch
/// a not-running app, and a tap from Notification Center pulled over the running app — each from
/// a public source, run through every provider as CI runs them with `../shared/tools/conformance`,
/// compared as that tool compares, plus the trace's `delivery` and `contentExtension` where a
/// vector expects them.
@Suite struct HeadersLaunchesOverlaysVectorTests {
    static let file = ProjectVectorFile("headers-launches-and-overlays.json", extraFields: ["delivery", "contentExtension"])
    static let vectors = file.vectors

    @Test func atLeastThirtyCitedCasesWithUniqueNames() {
        #expect(Self.vectors.count >= 30)
        #expect(Self.file.repeatedNames == [])
        #expect(Self.file.uncited(minimumLength: 40, markers: ["#", "Apple"]) == [])
    }

    @Test(arguments: vectors)
    func vectorConformsThroughEveryProvider(vector: ConformanceVectorTests.Vector) throws {
        for (provider, problems) in try Self.file.problems(vector) { #expect(problems == [], "\(provider)") }
    }
}
