import Foundation
import PushBridge
import PushBridgeModel
import Testing

/// The seed conformance vectors (`../shared/vectors/seeds.json`), in-process, compared as `../shared/tools/conformance` does.
@Suite struct ConformanceVectorTests {
    /// One vector: a scenario and the fields of the trace it expects.
    struct Vector: Sendable, CustomTestStringConvertible {
        var name: String
        var scenario: JSONValue
        var expect: JSONObject
        var testDescription: String { name }
    }

    /// `<package root>/../shared/vectors/seeds.json`; the package root is three levels above this file's folder.
    static let vectorsPath: String = {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Simulation
            .deletingLastPathComponent()  // PushBridgeModelTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // the package root
        return root.deletingLastPathComponent().appendingPathComponent("shared/vectors/seeds.json").path
    }()

    static let vectorsPresent = FileManager.default.fileExists(atPath: vectorsPath)

    static let vectors: [Vector] = {
        guard let data = FileManager.default.contents(atPath: vectorsPath),
            let list = (try? JSONParser.parse(data, limits: JSONParser.Limits(maxBytes: 1 << 24)))?.arrayValue
        else { return [] }
        return list.enumerated().map { index, vector in
            Vector(
                name: vector["name"]?.stringValue ?? "vector \(index)", scenario: vector["scenario"] ?? .null,
                expect: vector["expect"]?.objectValue ?? JSONObject())
        }
    }()

    @Test(.enabled(if: vectorsPresent, "the shared vectors are beside the package"))
    func theSeedVectorsAreAllThere() {
        #expect(Self.vectors.count == 63)
        #expect(Set(Self.vectors.map(\.name)).count == Self.vectors.count)
        #expect(Self.vectors.allSatisfy { !$0.expect.isEmpty && $0.scenario.objectValue != nil })
    }

    @Test(.enabled(if: vectorsPresent, "the shared vectors are beside the package"), arguments: vectors)
    func vectorConforms(vector: Vector) throws {
        let scenario = try DispatchScenario(json: vector.scenario)
        let got = try ScenarioSimulator.run(scenario).jsonValue
        #expect(Self.problems(got: got, expect: vector.expect) == [])
    }

    /// The conformance tool's comparison: `display` and `actionDelivered` (absent counts as true)
    /// when expected; calls by `phase`, `method` and `state`, plus `launchOptionsKey` and `action`
    /// where the expected call names them; events by the `type`, `origin` and `action` the
    /// expected event names; the same number of calls and events.
    static func problems(got: JSONValue, expect: JSONObject) -> [String] {
        var problems: [String] = []
        if let display = expect["display"], got["display"] != display {
            problems.append("display \(got["display"].map { JSONWriter.string(from: $0) } ?? "absent") != \(JSONWriter.string(from: display))")
        }
        if let delivered = expect["actionDelivered"], (got["actionDelivered"] ?? .bool(true)) != delivered {
            problems.append("actionDelivered")
        }
        if let calls = expect["calls"]?.arrayValue {
            let gotCalls = got["calls"]?.arrayValue ?? []
            let same =
                gotCalls.count == calls.count
                && zip(gotCalls, calls).allSatisfy { got, want in
                    ["phase", "method", "state"].allSatisfy { field(got, $0) == field(want, $0) }
                        && ["launchOptionsKey", "action"].allSatisfy { want[$0] == nil || field(got, $0) == field(want, $0) }
                }
            if !same { problems.append("calls \(JSONWriter.string(from: .array(gotCalls))) != \(JSONWriter.string(from: .array(calls)))") }
        }
        if let events = expect["events"]?.arrayValue {
            let gotEvents = got["events"]?.arrayValue ?? []
            let same =
                gotEvents.count == events.count
                && zip(gotEvents, events).allSatisfy { got, want in
                    ["type", "origin", "action"].allSatisfy { want[$0] == nil || field(got, $0) == field(want, $0) }
                }
            if !same { problems.append("events \(JSONWriter.string(from: .array(gotEvents))) != \(JSONWriter.string(from: .array(events)))") }
        }
        return problems
    }

    /// A member as the tool reads it: absent and `null` are the same (Python's `None`).
    static func field(_ object: JSONValue, _ key: String) -> JSONValue {
        object[key] ?? .null
    }

    @Test func theComparisonRejectsWhatTheToolRejects() throws {
        let got = try JSONValue(
            parsing: #"""
                {"display": "banner",
                 "calls": [{"phase": "action", "method": "application:didFinishLaunchingWithOptions:", "state": "inactive", "launchOptionsKey": "remoteNotification"}],
                 "events": [{"type": "opened", "origin": "coldStart", "action": "default", "id": "n"}]}
                """#)
        let expectations: [(String, Bool)] = [
            (#"{"display": "banner"}"#, true),
            (#"{"display": "none"}"#, false),
            (#"{"actionDelivered": true}"#, true),  // absent counts as true
            (#"{"actionDelivered": false}"#, false),
            (#"{"calls": [{"phase": "action", "method": "application:didFinishLaunchingWithOptions:", "state": "inactive"}]}"#, true),
            (
                #"{"calls": [{"phase": "action", "method": "application:didFinishLaunchingWithOptions:", "state": "inactive", "launchOptionsKey": null}]}"#,
                false
            ),
            (#"{"calls": [{"method": "application:didFinishLaunchingWithOptions:", "state": "inactive"}]}"#, false),  // phase always compared
            (#"{"calls": []}"#, false),
            (#"{"calls": [{"phase": "action", "method": "application:didFinishLaunchingWithOptions:", "state": "inactive", "action": null}]}"#, true),
            (#"{"events": [{"type": "opened"}]}"#, true),
            (#"{"events": [{"type": "opened", "origin": "background"}]}"#, false),
            (#"{"events": [{"type": "opened"}, {"type": "received"}]}"#, false),
        ]
        for (text, passes) in expectations {
            let expect = try #require(JSONValue(parsing: text).objectValue)
            #expect(Self.problems(got: got, expect: expect).isEmpty == passes, "\(text)")
        }
    }
}
