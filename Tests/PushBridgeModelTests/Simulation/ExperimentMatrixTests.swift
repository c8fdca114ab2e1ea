import PushBridge
import PushBridgeModel
import Testing

/// The experiment matrix equals seed 001's real-device tables, cell by cell.
@Suite struct ExperimentMatrixTests {
    /// One cell of seed 001: what was shown on arrival, what ran on arrival, what ran on the tap
    /// (`nil` where nothing was shown, so there was nothing to tap). Methods by seed number.
    struct SeedCell: Sendable, CustomTestStringConvertible {
        var table: Int
        var ios: IOSVersion
        var state: ArrivalState
        var display: NotificationDisplay
        var arrival: [String]
        var tap: [String]?
        var testDescription: String { "table \(table), iOS \(ios), \(state)" }
    }

    /// A row of seed 001: the app in the foreground (前台), in the background (后台), closed (关闭).
    static func row(
        _ table: Int, _ ios: IOSVersion,
        foreground: (NotificationDisplay, [String], [String]?),
        background: (NotificationDisplay, [String], [String]?),
        closed: (NotificationDisplay, [String], [String]?)
    ) -> [SeedCell] {
        [(ArrivalState.foreground, foreground), (.background, background), (.forceQuit, closed)].map { state, cell in
            SeedCell(table: table, ios: ios, state: state, display: cell.0, arrival: cell.1, tap: cell.2)
        }
    }

    static let v9 = IOSVersion(9, 3, 2)
    static let v12 = IOSVersion(12, 3, 1)

    /// Seed 001, transcribed. 不显示通知弹框,直接调用方法N = nothing shown, N called on arrival;
    /// 显示通知…点击弹框后…调用方法N = a banner, N called on the tap; 会调用方法1,接着调用方法N = 1 then N.
    static let seed: [SeedCell] = [
        // Table 1: only method 2.
        row(1, v9, foreground: (.none, ["2"], nil), background: (.banner, [], ["2"]), closed: (.banner, [], ["1"])),
        row(1, v12, foreground: (.none, ["2"], nil), background: (.banner, [], ["2"]), closed: (.banner, [], ["1"])),
        // Table 2: only method 3.
        row(2, v9, foreground: (.none, ["3"], nil), background: (.banner, [], ["3"]), closed: (.banner, [], ["1", "3"])),
        row(2, v12, foreground: (.none, ["3"], nil), background: (.banner, [], ["3"]), closed: (.banner, [], ["1", "3"])),
        // Table 3: methods 2 and 3 — 2 is never called.
        row(3, v9, foreground: (.none, ["3"], nil), background: (.banner, [], ["3"]), closed: (.banner, [], ["1", "3"])),
        row(3, v12, foreground: (.none, ["3"], nil), background: (.banner, [], ["3"]), closed: (.banner, [], ["1", "3"])),
        // Table 4: methods 4 and 5, willPresent answering 0. On 9.3.2 they do not exist: 不会调用方法.
        row(4, v9, foreground: (.none, [], nil), background: (.banner, [], []), closed: (.banner, [], ["1"])),
        row(4, v12, foreground: (.none, ["4"], nil), background: (.banner, [], ["5"]), closed: (.banner, [], ["1", "5"])),
        // Table 5: methods 4 and 5, willPresent answering alert (iOS 12.3.1 only): shown, the tap reaches 5.
        row(5, v12, foreground: (.banner, ["4"], ["5"]), background: (.banner, [], ["5"]), closed: (.banner, [], ["1", "5"])),
        // Table 6: all methods.
        row(6, v9, foreground: (.none, ["3"], nil), background: (.banner, [], ["3"]), closed: (.banner, [], ["1", "3"])),
        row(6, v12, foreground: (.none, ["4"], nil), background: (.banner, [], ["5"]), closed: (.banner, [], ["1", "5"])),
        // Table 7: methods 5 and 3 (iOS 12.3.1 only).
        row(7, v12, foreground: (.none, ["3"], nil), background: (.banner, [], ["5"]), closed: (.banner, [], ["1", "5"])),
        // Table 8: methods 4 and 3 (iOS 12.3.1 only).
        row(8, v12, foreground: (.none, ["4"], nil), background: (.banner, [], ["3"]), closed: (.banner, [], ["1", "3"])),
    ].flatMap { $0 }

    static let tables = ExperimentMatrix.tables()

    @Test(arguments: seed)
    func theModelReproducesTheSeedCell(expected: SeedCell) throws {
        let table = try #require(Self.tables.first { $0.experiment.number == expected.table })
        let row = try #require(table.rows.first { $0.ios == expected.ios })
        let cell = try #require(row.cells.first { $0.state == expected.state })
        #expect(cell.trace.display == expected.display)
        #expect(cell.trace.arrivalCalls.map(\.callback.seedLabel) == expected.arrival)
        if let tap = expected.tap {
            #expect(cell.trace.actionCalls.map(\.callback.seedLabel) == tap)
            #expect(cell.trace.actionDelivered == !tap.isEmpty)
        } else {
            #expect(cell.trace.actionCalls.isEmpty)
            #expect(cell.trace.actionDelivered == false)
        }
    }

    @Test func theSeedCoversThirteenRowsOfThreeCells() {
        #expect(Self.seed.count == 13 * 3)
    }

    @Test func theMatrixHasTheArticlesShape() {
        #expect(Self.tables.map(\.experiment.number) == Array(1...8))
        #expect(Self.tables.allSatisfy { $0.rows.map(\.ios) == [Self.v9, Self.v12] })
        #expect(Self.tables.allSatisfy { $0.rows.allSatisfy { $0.cells.map(\.state) == [.foreground, .background, .forceQuit] } })
        #expect(ExperimentMatrix.payload == ["aps": ["alert": "Testing.. (0)", "badge": 1, "sound": "default"]])
        #expect(ExperimentMatrix.experiments[4].presentation == [.alert])
        #expect(ExperimentMatrix.experiments.enumerated().allSatisfy { index, experiment in index == 4 || experiment.presentation.isEmpty })
    }

    @Test(arguments: [[IOSVersion(6, 1)], [IOSVersion(6, 1), IOSVersion(9, 3, 2), IOSVersion(12, 3, 1), IOSVersion(17)], []])
    func chosenVersionsGiveOneRowEach(versions: [IOSVersion]) {
        let tables = ExperimentMatrix.tables(versions: versions)
        #expect(tables.count == 8)
        #expect(tables.allSatisfy { $0.rows.map(\.ios) == versions })
    }

    @Test func tappedCellsUseTheSpecsStates() throws {
        // The seed does not record states; the spec does: a background tap is inactive, a cold start is 1 then N, both inactive.
        let table6 = try #require(Self.tables.first { $0.experiment.number == 6 })
        let row12 = try #require(table6.rows.first { $0.ios == Self.v12 })
        #expect(row12.cells[1].trace.actionCalls.map { "\($0.callback.seedLabel) \($0.state)" } == ["5 inactive"])
        #expect(
            row12.cells[2].trace.actionCalls.map { "\($0.callback.seedLabel) \($0.state) \($0.launchOptionsKey?.rawValue ?? "-")" }
                == ["1 inactive remoteNotification", "5 inactive -"])
    }
}
