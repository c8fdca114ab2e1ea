import Foundation
import Testing

/// The README's first example is the app `MinimalAppFlowTests` runs: it subclasses
/// `PushAppDelegate`, lists every adapter, grants consent — and `PushAppDelegate`'s launch does
/// what the flow test does (forward the launch, subscribe, start with that consent). If either
/// side stops, registration would stop on a device while the flow test still passed; this fails
/// instead.
@Suite("The README's minimal app is the one the flow test runs")
struct ReadmeMinimalAppTests {
    static let root: URL = {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path), root.path != "/" {
            root.deleteLastPathComponent()
        }
        return root
    }()

    /// The first Swift block under "## Receive events in an app".
    static func minimalExample() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Receive events in an app").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first)
        return try #require(block.components(separatedBy: "```").first)
    }

    /// Lines that are neither blank nor `//` comments.
    static func codeLines(_ source: String) -> [String] {
        source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("//") }
    }

    @Test("it subclasses PushAppDelegate, lists every adapter and grants consent")
    func theExampleIsTheFlow() throws {
        let example = try Self.minimalExample()
        #expect(example.contains(": PushAppDelegate {"))
        #expect(example.contains("override var pushAdapters: [PushAdapter] { [.apns, .jpush, .getui] }"))
        #expect(example.contains("override var privacyConsent: PrivacyConsent { .granted }"))
        #expect(example.contains("override func handle(_ event: PushEvent)"))
        #expect(Self.codeLines(example).count <= 20, "the minimal app is at most 20 lines")
    }

    /// Whether `steps` are all in `text`, in this order.
    static func inOrder(_ steps: [String], in text: String) -> Bool {
        let positions = steps.map { text.range(of: $0)?.lowerBound }
        let found = positions.compactMap { $0 }
        return found.count == steps.count && found == found.sorted()
    }

    @Test("PushAppDelegate's launch forwards the launch, then runs the push app's launch routine, which subscribes and starts with the app's consent")
    func theBaseClassStarts() throws {
        let source = try String(contentsOf: Self.root.appendingPathComponent("Sources/PushBridgeUIKit/PushAppDelegate.swift"), encoding: .utf8)
        let launch = try #require(source.components(separatedBy: "didFinishLaunchingWithOptions launchOptions:").dropFirst().first)
        let body = try #require(launch.components(separatedBy: "\n        }\n").first)
        let steps = ["PushAppIntegration.application(application, didFinishLaunchingWithOptions:", "pushApp.launch(client"]
        #expect(Self.inOrder(steps, in: body), "in this order: \(steps)")
        // The routine SimulatedDevice runs too (MinimalAppFlowTests runs it on every provider).
        let routine = try String(contentsOf: Self.root.appendingPathComponent("Sources/PushBridge/Integration/PushApp.swift"), encoding: .utf8)
        let launchRoutine = try #require(routine.components(separatedBy: "public func launch(_ push: PushClient").dropFirst().first)
        let routineSteps = [
            "push.events()", "for await event in events { self?.handle(event) }", "push.start(consent: privacyConsent", "didStart(push)",
        ]
        #expect(Self.inOrder(routineSteps, in: launchRoutine), "in this order: \(routineSteps)")
    }

    /// The Swift block of the README's full integration, under "With foreground presentation".
    static func fullExample() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "With foreground presentation, routing").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first)
        return try #require(block.components(separatedBy: "```").first)
    }

    @Test("the README's push app is the one Examples/CommentsApp tests on a simulated device, word for word")
    func theReadmeAppIsTested() throws {
        let readme = try Self.fullExample()
        let app = try #require(readme.components(separatedBy: "import UIKit\n\n").dropFirst().first?.components(separatedBy: "@main").first)
        let example = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/CommentsApp/Sources/CommentsApp/CommentsPush.swift"), encoding: .utf8)
        let tested = try #require(
            example.components(separatedBy: "// README: begin\n").dropFirst().first?.components(separatedBy: "// README: end").first)
        #expect(app.contains(": PushApp {"))
        #expect(readme.contains("override func makePushApp() -> any PushApp { CommentsPush() }"))
        #expect(app.trimmingCharacters(in: .whitespacesAndNewlines) == tested.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
