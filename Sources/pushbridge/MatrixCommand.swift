import PushBridge
import PushBridgeModel

/// `pushbridge matrix`: a published on-device experiment's tables as the dispatch model computes them.
struct MatrixCommand: Sendable {
    func run(_ arguments: [String]) throws(Arguments.UsageError) -> CommandOutput {
        let arguments = try Arguments(arguments, valued: CommandHelp.matrix.valued)
        let format = try arguments.choice("--format", ["markdown", "json", "mermaid", "dot", "html"], default: "markdown")
        guard arguments.operands.isEmpty else { throw Arguments.UsageError(message: "matrix takes no input file") }
        // `--by DIMENSION` (or `all`): the iOS 13–26 dimensions' tables instead of the experiment's tables.
        if arguments[option: "--by"] != nil {
            let names = ["all"] + DimensionTables.Dimension.allCases.map(\.rawValue)
            let chosen = try arguments.choice("--by", names, default: "all")
            let tables = DimensionTables.Dimension(rawValue: chosen).map { [DimensionTables.table($0)] } ?? DimensionTables.tables()
            switch format {
            case "json": return .success(JSONWriter.string(from: Self.json(tables), style: .pretty))
            case "markdown": return .success(Self.markdown(tables))
            default: throw Arguments.UsageError(message: "--by: the dimension tables come as markdown or json (not \(format))")
            }
        }
        var versions = ExperimentMatrix.articleVersions
        if let list = arguments[option: "--ios"] {
            versions = []
            for text in list.split(separator: ",", omittingEmptySubsequences: false) {
                do {
                    versions.append(try IOSVersion(parsing: text.trimmingSpaces, field: "--ios"))
                } catch {
                    throw Arguments.UsageError(message: error.description)
                }
            }
        }
        let tables = ExperimentMatrix.tables(versions: versions)
        switch format {
        case "json": return .success(JSONWriter.string(from: Self.json(tables), style: .pretty))
        case "mermaid": return .success(MatrixRenderers.mermaid(DecisionFlow.paths()))
        case "dot": return .success(MatrixRenderers.dot(DecisionFlow.paths()))
        case "html": return .success(MatrixRenderers.html(tables))
        default: return .success(Self.markdown(tables))
        }
    }

    /// One cell: what was shown, what ran on arrival, what ran on the tap.
    static func cellText(_ cell: ExperimentMatrix.Cell) -> String {
        let trace = cell.trace
        let arrival = labels(trace.arrivalCalls)
        let tap = trace.display.isActionable ? labels(trace.actionCalls) : "n/a"
        return "\(trace.display); arrival: \(arrival); tap: \(tap)"
    }

    static func labels(_ calls: [SystemCall]) -> String {
        calls.isEmpty ? "—" : calls.map(\.callback.seedLabel).joined(separator: " → ")
    }

    static func markdown(_ tables: [ExperimentMatrix.Table]) -> String {
        var lines = [
            "# How iOS calls an app's push methods (a published on-device experiment's eight tables, computed by the model)",
            "",
            "Methods: 1 didFinishLaunchingWithOptions, 2 didReceiveRemoteNotification, "
                + "3 didReceiveRemoteNotification:fetchCompletionHandler, 4 willPresentNotification, "
                + "5 didReceiveNotificationResponse. Payload: `{\"aps\":{\"alert\":\"Testing.. (0)\",\"badge\":1,\"sound\":\"default\"}}`. "
                + "Each cell: what was shown; the methods called on arrival; the methods called when the banner is tapped.",
        ]
        for table in tables {
            lines += ["", "## Table \(table.experiment.number): \(table.experiment.title)", ""]
            lines.append("| iOS | " + ExperimentMatrix.columns.map(columnTitle).joined(separator: " | ") + " |")
            lines.append("|---|" + String(repeating: "---|", count: ExperimentMatrix.columns.count))
            for row in table.rows {
                lines.append("| \(row.ios) | " + row.cells.map(cellText).joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func columnTitle(_ state: ArrivalState) -> String {
        state == .forceQuit ? "closed (forceQuit)" : state.rawValue
    }

    static func json(_ tables: [ExperimentMatrix.Table]) -> JSONValue {
        .object([
            "payload": .object(ExperimentMatrix.payload),
            "tables": .array(
                tables.map { table in
                    .object([
                        "table": .integer(Int64(table.experiment.number)),
                        "title": .string(table.experiment.title),
                        "implements": .array(table.experiment.implements.map { .string($0.rawValue) }),
                        "presentation": .array(table.experiment.presentation.names.map { .string($0) }),
                        "rows": .array(
                            table.rows.map { row in
                                var object: JSONObject = ["ios": .string(row.ios.description)]
                                for cell in row.cells {
                                    object[cell.state.rawValue] = .object([
                                        "display": .string(cell.trace.display.rawValue),
                                        "arrival": .array(cell.trace.arrivalCalls.map { .string($0.callback.seedLabel) }),
                                        "tap": .array(cell.trace.actionCalls.map { .string($0.callback.seedLabel) }),
                                        "actionDelivered": cell.trace.actionDelivered.map(JSONValue.bool) ?? .null,
                                        "calls": .array(cell.trace.calls.map(\.jsonValue)),
                                    ])
                                }
                                return .object(object)
                            }),
                    ])
                }),
        ])
    }
}

/// The iOS 13–26 dimensions' tables, as `matrix --by` writes them.
extension MatrixCommand {
    static func markdown(_ tables: [DimensionTables.Table]) -> String {
        var lines = [
            "# How iOS 13–26 settings change the callbacks (computed)",
            "",
            "A typical modern app: methods 3, 4 and 5, willPresent answering banner, list and sound, the remote-notification "
                + "background mode. Each cell: what was shown; the methods called on arrival; the methods called for the user's action "
                + "(1 with its launch options key, S for a scene's connection with the response).",
        ]
        for table in tables {
            lines += ["", "## \(table.title)", "", table.note, ""]
            lines.append("| \(table.dimension) | " + table.columns.map(\.title).joined(separator: " | ") + " |")
            lines.append("|---|" + String(repeating: "---|", count: table.columns.count))
            for row in table.rows {
                lines.append("| \(row.label) | " + row.cells.map(DimensionTables.cellText).joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ tables: [DimensionTables.Table]) -> JSONValue {
        .object([
            "tables": .array(
                tables.map { table in
                    .object([
                        "dimension": .string(table.dimension.rawValue),
                        "title": .string(table.title),
                        "note": .string(table.note),
                        "columns": .array(table.columns.map { .string($0.title) }),
                        "rows": .array(
                            table.rows.map { row in
                                .object([
                                    "value": .string(row.label),
                                    "cells": .array(
                                        row.cells.map { trace in
                                            var cell: JSONObject = [
                                                "display": .string(trace.display.rawValue),
                                                "calls": .array(trace.calls.map(\.jsonValue)),
                                            ]
                                            if let delivered = trace.actionDelivered { cell["actionDelivered"] = .bool(delivered) }
                                            if let lost = trace.lostResponse { cell["lostResponse"] = .string(lost.rawValue) }
                                            return .object(cell)
                                        }),
                                ])
                            }),
                    ])
                })
        ])
    }
}

extension Substring {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
