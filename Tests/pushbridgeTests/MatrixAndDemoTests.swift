import PushBridge
import Testing

@testable import pushbridge

/// `pushbridge matrix` shows seed 001's tables as computed; `pushbridge` alone demonstrates.
@Suite struct MatrixAndDemoTests {
    private func run(_ arguments: [String]) -> CommandOutput {
        CommandLineTool(io: .memory()).run(arguments)
    }

    @Test func markdownHasEightTablesOfTwoRows() {
        let output = run(["matrix"])
        #expect(output.status == 0)
        let text = output.standardOutput
        #expect(text.components(separatedBy: "\n## Table ").count - 1 == 8)
        #expect(text.components(separatedBy: "\n| 9.3.2 |").count - 1 == 8)
        #expect(text.components(separatedBy: "\n| 12.3.1 |").count - 1 == 8)
    }

    /// Seed 001's findings, cell by cell: (table, iOS, state) → display, arrival, tap.
    static let seedCells: [(table: Int, ios: String, state: String, cell: String)] = [
        (1, "9.3.2", "foreground", "none; arrival: 2; tap: n/a"),
        (1, "12.3.1", "background", "banner; arrival: —; tap: 2"),
        (1, "12.3.1", "forceQuit", "banner; arrival: —; tap: 1"),
        (2, "9.3.2", "forceQuit", "banner; arrival: —; tap: 1 → 3"),
        (3, "12.3.1", "foreground", "none; arrival: 3; tap: n/a"),
        (4, "9.3.2", "foreground", "none; arrival: —; tap: n/a"),
        (4, "9.3.2", "background", "banner; arrival: —; tap: —"),
        (4, "12.3.1", "foreground", "none; arrival: 4; tap: n/a"),
        (4, "12.3.1", "forceQuit", "banner; arrival: —; tap: 1 → 5"),
        (5, "12.3.1", "foreground", "banner; arrival: 4; tap: 5"),
        (6, "9.3.2", "background", "banner; arrival: —; tap: 3"),
        (6, "12.3.1", "foreground", "none; arrival: 4; tap: n/a"),
        (6, "12.3.1", "background", "banner; arrival: —; tap: 5"),
        (7, "12.3.1", "foreground", "none; arrival: 3; tap: n/a"),
        (7, "12.3.1", "background", "banner; arrival: —; tap: 5"),
        (8, "12.3.1", "foreground", "none; arrival: 4; tap: n/a"),
        (8, "12.3.1", "forceQuit", "banner; arrival: —; tap: 1 → 3"),
    ]

    @Test(arguments: seedCells)
    func cellsMatchTheSeed(table: Int, ios: String, state: String, cell: String) throws {
        let tables = ExperimentMatrix.tables()
        let row = try #require(tables[table - 1].rows.first { $0.ios.description == ios })
        let found = try #require(row.cells.first { $0.state.rawValue == state })
        #expect(MatrixCommand.cellText(found) == cell)
    }

    @Test func versionsAndJSON() throws {
        let markdown = run(["matrix", "--ios", "6.1,9.3.2,12.3.1,17.0"])
        #expect(markdown.standardOutput.components(separatedBy: "\n| 17.0 |").count - 1 == 8)
        let json = try JSONValue(parsing: run(["matrix", "--format", "json", "--ios", "17"]).standardOutput)
        let tables = try #require(json["tables"]?.arrayValue)
        #expect(tables.count == 8)
        #expect(tables[4]["rows"]?.arrayValue?.first?["foreground"]?["display"] == "banner")
        #expect(tables[4]["rows"]?.arrayValue?.first?["foreground"]?["tap"] == ["5"])
    }

    @Test(arguments: [["matrix", "--ios", "2.0"], ["matrix", "--ios", "x"], ["matrix", "--ios", ""], ["matrix", "--format", "csv"], ["matrix", "file"]])
    func badMatrixArgumentsExitTwo(arguments: [String]) {
        let output = run(arguments)
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix("error: "))
    }

    @Test func theDemonstrationNeedsNoInput() {
        let output = run([])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("events identical across 3 provider(s): yes"))
        #expect(output.standardOutput.contains("opened origin=coldStart"))
        #expect(run(["help"]).standardOutput.contains("usage: pushbridge"))
    }
}

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
