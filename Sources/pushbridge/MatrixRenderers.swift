import PushBridge
import PushBridgeModel

/// The decision flow and the matrix drawn for people: Mermaid, Graphviz and a filterable page.
enum MatrixRenderers {
    /// A Mermaid flowchart of ``DecisionFlow``.
    static func mermaid(_ paths: [DecisionFlow.Path]) -> String {
        var lines = ["flowchart TD", "  legend[\"\(escape(callbackLegend))\"]", "  start([A remote notification arrives]) --> appState{App state?}"]
        for (stateIndex, state) in DecisionFlow.states.enumerated() {
            let stateNode = "s\(stateIndex)"
            lines.append("  appState -->|\(state.name)| \(stateNode){iOS version?}")
            for (bandIndex, band) in DecisionFlow.bands.enumerated() {
                guard let path = paths.first(where: { $0.state == state.name && $0.versions == band.name }) else { continue }
                let bandNode = "\(stateNode)v\(bandIndex)"
                lines.append("  \(stateNode) -->|\(escape(band.name))| \(bandNode){Which methods?}")
                lines += mermaidLeaves(of: path, from: bandNode)
            }
        }
        // iOS 13 and later: the settings and the way the app is built, before the handlers.
        lines.append("  modern([iOS 13 and later: a notification arrives]) --> modernState{App state?}")
        for (index, path) in DecisionFlow.settingsPaths().enumerated() {
            let node = "m\(index)"
            lines.append("  modernState -->|\(escape(path.state))| \(node){Settings and build?}")
            lines += mermaidLeaves(of: path, from: node)
        }
        return lines.joined(separator: "\n")
    }

    /// What the drawings' numbers and letters stand for: each callback's label and its selector,
    /// drawn on the same page as the labels (the traces' `1`–`5`, `S`, `L`, `A`, `AL`).
    static let callbackLegend: String = {
        let labelled: [SystemCallback] = [
            .didFinishLaunching, .didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse,
            .sceneWillConnect,
        ]
        return "Callbacks: " + labelled.map { "\($0.seedLabel) \($0.rawValue)" }.joined(separator: "; ")
    }()

    /// A Graphviz digraph of ``DecisionFlow``.
    static func dot(_ paths: [DecisionFlow.Path]) -> String {
        var lines = [
            "digraph dispatch {", "  rankdir=LR;", "  node [fontname=\"Helvetica\"];",
            "  legend [shape=note, label=\"\(escape(callbackLegend))\"];",
            "  start [shape=oval, label=\"A remote notification arrives\"];",
        ]
        for (stateIndex, state) in DecisionFlow.states.enumerated() {
            lines.append("  s\(stateIndex) [shape=diamond, label=\"iOS version?\"];")
            lines.append("  start -> s\(stateIndex) [label=\"\(state.name)\"];")
            for (bandIndex, band) in DecisionFlow.bands.enumerated() {
                guard let path = paths.first(where: { $0.state == state.name && $0.versions == band.name }) else { continue }
                let bandNode = "s\(stateIndex)v\(bandIndex)"
                lines.append("  \(bandNode) [shape=diamond, label=\"Which methods?\"];")
                lines.append("  s\(stateIndex) -> \(bandNode) [label=\"\(band.name)\"];")
                lines += dotLeaves(of: path, from: bandNode)
            }
        }
        lines.append("  modern [shape=oval, label=\"iOS 13 and later: a notification arrives\"];")
        for (index, path) in DecisionFlow.settingsPaths().enumerated() {
            let node = "m\(index)"
            lines.append("  \(node) [shape=diamond, label=\"Settings and build?\"];")
            lines.append("  modern -> \(node) [label=\"\(path.state)\"];")
            lines += dotLeaves(of: path, from: node)
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// A self-contained page: the matrix as a table a person can filter by iOS version and state.
    static func html(_ tables: [ExperimentMatrix.Table]) -> String {
        var rows: [String] = []
        var versions: [String] = []
        for table in tables {
            for row in table.rows {
                if !versions.contains(row.ios.description) { versions.append(row.ios.description) }
                for cell in row.cells {
                    rows.append(
                        "<tr data-ios=\"\(row.ios)\" data-state=\"\(cell.state.rawValue)\"><td>\(table.experiment.number)</td>"
                            + "<td>\(htmlEscape(table.experiment.title))</td><td>\(row.ios)</td><td>\(cell.state.rawValue)</td>"
                            + "<td>\(htmlEscape(MatrixCommand.cellText(cell)))</td></tr>")
                }
            }
        }
        let versionOptions = versions.map { "<option>\($0)</option>" }.joined()
        let stateOptions = ExperimentMatrix.columns.map { "<option>\($0.rawValue)</option>" }.joined()
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>PushBridge: how iOS calls an app's push methods</title>
            <style>body{font-family:-apple-system,Helvetica,sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style>
            </head><body>
            <h1>How iOS calls an app's push methods</h1>
            <p>Computed by PushBridge's dispatch model for a published on-device experiment's tables. \(htmlEscape(callbackLegend))</p>
            <label>iOS <select id="ios"><option value="">all</option>\(versionOptions)</select></label>
            <label>State <select id="state"><option value="">all</option>\(stateOptions)</select></label>
            <table><thead><tr><th>Table</th><th>Handlers</th><th>iOS</th><th>State</th><th>Shown; arrival; tap</th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n"))
            </tbody></table>
            <script>
            function filter(){var i=document.getElementById('ios').value,s=document.getElementById('state').value;
            document.querySelectorAll('tbody tr').forEach(function(r){r.style.display=((!i||r.dataset.ios===i)&&(!s||r.dataset.state===s))?'':'none';});}
            document.getElementById('ios').onchange=filter;document.getElementById('state').onchange=filter;
            </script>
            </body></html>
            """
    }

    /// A path's branches as Mermaid edges from `node` to one leaf each.
    private static func mermaidLeaves(of path: DecisionFlow.Path, from node: String) -> [String] {
        path.branches.enumerated().map { index, branch in
            "  \(node) -->|\(escape(branch.answer))| \(node)b\(index)[\"\(escape(branch.outcome))\"]"
        }
    }

    /// A path's branches as Graphviz leaves under `node`, each a box and its edge.
    private static func dotLeaves(of path: DecisionFlow.Path, from node: String) -> [String] {
        path.branches.enumerated().flatMap { index, branch in
            ["  \(node)b\(index) [shape=box, label=\"\(branch.outcome)\"];", "  \(node) -> \(node)b\(index) [label=\"\(branch.answer)\"];"]
        }
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "'").replacingOccurrences(of: "|", with: "/")
    }

    private static func htmlEscape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
