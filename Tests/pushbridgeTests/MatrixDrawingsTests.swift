import PushBridge
import PushBridgeModel
import Testing

@testable import pushbridge

/// `pushbridge matrix --format mermaid|dot|html`: the decision flow and a filterable page.
@Suite struct MatrixDrawingsTests {
    private func run(_ format: String) -> CommandOutput {
        CommandLineTool(io: .memory()).run(["matrix", "--format", format])
    }

    @Test func mermaidDrawsEveryComputedLeaf() {
        let output = run("mermaid")
        #expect(output.status == 0)
        #expect(output.standardOutput.hasPrefix("flowchart TD"))
        let paths = DecisionFlow.paths()
        #expect(paths.count == 9)
        for path in paths {
            for branch in path.branches { #expect(output.standardOutput.contains(branch.outcome)) }
        }
        // iOS 10+, closed, 4 and 5: a cold start through 1 then 5, as the model says.
        let closedModern = paths.first { $0.state == "closed" && $0.versions == "iOS 10 and later" }
        #expect(closedModern?.branches.first?.outcome == "banner; arrival: —; tap: 1 → 5")
    }

    @Test func dotIsADigraph() {
        let output = run("dot")
        #expect(output.standardOutput.hasPrefix("digraph dispatch {"))
        #expect(output.standardOutput.contains("-> s2v2b0"))
        #expect(output.standardOutput.hasSuffix("}\n"))
    }

    @Test func htmlIsASelfContainedFilterablePage() {
        let page = run("html").standardOutput
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<select id=\"ios\">"))
        #expect(page.contains("data-ios=\"12.3.1\" data-state=\"forceQuit\""))
        #expect(!page.contains("http://") && !page.contains("https://"))
        #expect(page.components(separatedBy: "<tr data-ios").count - 1 == 8 * 2 * 3)
    }
}
