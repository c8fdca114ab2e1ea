import Foundation
import PushBridge
import PushBridgeModel
import Testing

@testable import pushbridge

/// `pushbridge matrix`: seed 001's eight tables as the model computes them, in markdown and JSON.
@Suite struct MatrixCommandTests {
    static func run(_ arguments: [String]) -> CommandOutput {
        CommandLineTool(io: .memory()).run(["matrix"] + arguments)
    }

    /// The markdown's tables: each `## Table` heading with the data rows under it (after the separator).
    static func tables(_ markdown: String) -> [(title: String, rows: [String])] {
        var tables: [(title: String, rows: [String])] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## Table ") {
                tables.append((line, []))
            } else if line.hasPrefix("| "), !line.hasPrefix("| iOS |"), !tables.isEmpty {
                tables[tables.count - 1].rows.append(line)
            }
        }
        return tables
    }

    @Test func markdownHasEightTablesOfTwoRowsByDefault() {
        let output = Self.run([])
        #expect(output.status == 0)
        #expect(output.standardError.isEmpty)
        let tables = Self.tables(output.standardOutput)
        #expect(tables.count == 8)
        #expect(tables.map(\.title.count).allSatisfy { $0 > "## Table 1: ".count })
        for table in tables {
            #expect(table.rows.count == 2, "\(table.title)")
            #expect(table.rows.map { $0.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) } == ["9.3.2", "12.3.1"])
            // iOS, foreground, background, closed.
            #expect(table.rows.allSatisfy { $0.split(separator: "|").count == 4 })
        }
        #expect(output.standardOutput.contains("| iOS | foreground | background | closed (forceQuit) |"))
        #expect(output.standardOutput == Self.run(["--format", "markdown"]).standardOutput)
    }

    @Test(arguments: [
        (1, "| 12.3.1 | none; arrival: 2; tap: n/a | banner; arrival: —; tap: 2 | banner; arrival: —; tap: 1 |"),
        (4, "| 9.3.2 | none; arrival: —; tap: n/a | banner; arrival: —; tap: — | banner; arrival: —; tap: 1 |"),
        (5, "| 12.3.1 | banner; arrival: 4; tap: 5 | banner; arrival: —; tap: 5 | banner; arrival: —; tap: 1 → 5 |"),
        (8, "| 12.3.1 | none; arrival: 4; tap: n/a | banner; arrival: —; tap: 3 | banner; arrival: —; tap: 1 → 3 |"),
    ])
    func markdownRowsSayWhatWasShownAndCalled(table: Int, row: String) throws {
        let tables = Self.tables(Self.run([]).standardOutput)
        let found = try #require(tables.first { $0.title.hasPrefix("## Table \(table):") })
        #expect(found.rows.contains(row))
    }

    @Test func chosenVersionsGiveOneRowEach() {
        let output = Self.run(["--ios", "6.1,9.3.2,12.3.1,17.0"])
        #expect(output.status == 0)
        let tables = Self.tables(output.standardOutput)
        #expect(tables.count == 8)
        for table in tables {
            #expect(table.rows.count == 4)
            #expect(table.rows.map { $0.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) } == ["6.1", "9.3.2", "12.3.1", "17.0"])
        }
        // Spaces around the commas are allowed.
        #expect(Self.run(["--ios", "6.1, 9.3.2 ,12.3.1,17.0"]).standardOutput == output.standardOutput)
    }

    @Test func jsonParsesAndHasTheCells() throws {
        let output = Self.run(["--format", "json"])
        #expect(output.status == 0)
        let json = try JSONValue(parsing: output.standardOutput)
        #expect(json["payload"] == .object(ExperimentMatrix.payload))
        let tables = try #require(json["tables"]?.arrayValue)
        #expect(tables.count == 8)
        #expect(tables.map { $0["table"] } == (1...8).map { .integer(Int64($0)) })
        for table in tables {
            let rows = try #require(table["rows"]?.arrayValue)
            #expect(rows.map { $0["ios"] } == ["9.3.2", "12.3.1"])
            for row in rows {
                for state in ["foreground", "background", "forceQuit"] {
                    let cell = try #require(row[state]?.objectValue, "\(state)")
                    #expect(Set(cell.keys) == ["display", "arrival", "tap", "actionDelivered", "calls"])
                }
            }
        }
        // Table 5 on iOS 12.3.1 in the foreground: shown, 4 on arrival, 5 on the tap.
        let cell = try #require(tables[4]["rows"]?.arrayValue?[1]["foreground"])
        #expect(cell["display"] == "banner")
        #expect(cell["arrival"] == ["4"])
        #expect(cell["tap"] == ["5"])
        #expect(cell["actionDelivered"] == true)
        #expect(cell["calls"]?.arrayValue?.map { $0["state"] } == ["active", "active"])
        // Table 1 on iOS 9.3.2, closed: the tap is the launch alone, with its key.
        let closed = try #require(tables[0]["rows"]?.arrayValue?[0]["forceQuit"])
        #expect(closed["tap"] == ["1"])
        #expect(closed["calls"]?.arrayValue?.first?["launchOptionsKey"] == "remoteNotification")
    }

    @Test func jsonHonoursChosenVersions() throws {
        let json = try JSONValue(parsing: Self.run(["--format", "json", "--ios", "17"]).standardOutput)
        let tables = try #require(json["tables"]?.arrayValue)
        #expect(tables.allSatisfy { $0["rows"]?.arrayValue?.map { $0["ios"] } == ["17.0"] })
    }

    @Test(arguments: [
        (["--ios", "2.0"], "--ios: \"2.0\" is older than iOS 3.0"),
        (["--ios", "abc"], "--ios: \"abc\" is not a version"),
        (["--ios", ""], "--ios: \"\" is not a version"),
        (["--ios", "9.3.2,,12"], "--ios: \"\" is not a version"),
        (["--ios", "9.3.2;12"], "is not a version"),
        (["--ios"], "--ios: missing value"),
        (["--format", "csv"], "--format"),
        (["table.md"], "matrix takes no input file"),
        (["--bogus"], "--bogus: unknown option"),
    ])
    func badArgumentsExitTwo(arguments: [String], phrase: String) {
        let output = Self.run(arguments)
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix("error: "))
        #expect(output.standardError.contains(phrase), "\(output.standardError)")
        #expect(output.standardError.filter { $0 == "\n" }.count == 1)
    }
}

/// `pushbridge matrix --by DIMENSION`: the iOS 13–26 dimensions' tables.
@Suite struct MatrixDimensionTests {
    static func run(_ arguments: [String]) -> CommandOutput {
        CommandLineTool(io: .memory()).run(["matrix"] + arguments)
    }

    @Test func byAuthorizationHasARowPerStatusComputedByTheModel() throws {
        let output = Self.run(["--by", "authorization"])
        #expect(output.status == 0)
        let rows = output.standardOutput.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| authorization |") }
        #expect(rows.map { $0.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) } == ["authorized", "provisional", "denied"])
        // Provisional: quietly to the list; denied: nothing shown, the silent push still reaches 3.
        #expect(rows[1].contains("| list; arrival: —; action: 5 |"))
        #expect(rows[2].hasSuffix("| none; arrival: 3 |"))
        let table = DimensionTables.table(.authorization)
        for (row, computed) in zip(rows, table.rows) {
            #expect(row.contains(DimensionTables.cellText(computed.cells[0])))
        }
    }

    @Test func byLifecycleShowsTheLaunchOptionsAndTheScene() {
        let output = Self.run(["--by", "lifecycle"])
        #expect(output.status == 0)
        #expect(
            output.standardOutput.contains(
                "| appDelegate | banner; arrival: —; action: 1 (remoteNotification) → 5 | banner; arrival: —; action: 1 (no key) → 5 |"))
        #expect(output.standardOutput.contains("| scenes | banner; arrival: —; action: 1 (no key) → S → 5 |"))
    }

    @Test func byCenterDelegateNamesTheLostResponse() {
        let output = Self.run(["--by", "centerDelegate"])
        #expect(output.standardOutput.contains("action: 1 (no key); response lost (centerDelegateSetAfterLaunch)"))
        #expect(output.standardOutput.contains("action: 1 (no key); response lost (noCenterDelegate)"))
    }

    @Test func allDimensionsInJSON() throws {
        let output = Self.run(["--by", "all", "--format", "json"])
        #expect(output.status == 0)
        let json = try JSONValue(parsing: output.standardOutput)
        let tables = try #require(json["tables"]?.arrayValue)
        #expect(tables.compactMap { $0["dimension"]?.stringValue } == DimensionTables.Dimension.allCases.map(\.rawValue))
        for table in tables {
            let columns = table["columns"]?.arrayValue?.count ?? 0
            #expect(columns > 0)
            #expect(table["rows"]?.arrayValue?.allSatisfy { $0["cells"]?.arrayValue?.count == columns } == true)
        }
    }

    @Test func anUnknownDimensionOrADrawingFormatIsAUsageError() {
        let unknown = Self.run(["--by", "weather"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("--by"))
        let drawing = Self.run(["--by", "lifecycle", "--format", "mermaid"])
        #expect(drawing.status == 2)
        #expect(drawing.standardError.contains("markdown or json"))
    }

    @Test func theDrawingsCarryTheSettingsFlow() {
        let mermaid = Self.run(["--format", "mermaid"]).standardOutput
        #expect(mermaid.contains("modern([iOS 13 and later: a notification arrives])"))
        for question in DecisionFlow.settingsQuestions {
            #expect(mermaid.contains("|\(question.answer)|"), "\(question.answer)")
        }
        let dot = Self.run(["--format", "dot"]).standardOutput
        #expect(dot.contains("modern [shape=oval"))
    }
}
