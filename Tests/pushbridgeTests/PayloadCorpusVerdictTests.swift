import Foundation
import PushBridge
import PushBridgeModel
import PushBridgeValidation
import Testing

@testable import pushbridge

/// Every payload of the corpus (`Fixtures/PayloadCorpus/corpus.json`) through `pushbridge validate`
/// — APNs's verdict, the errors and the warnings recorded for it — and through `simulate`, on
/// every provider.
@Suite struct PayloadCorpusVerdictTests {
    /// What the corpus records of each case's verdict.
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var id: String
        var pushType: String
        var priority: Int?
        var apnsAccepts: Bool
        var payloadText: String
        var expectedErrors: [String]
        var expectedWarnings: [String]
        var testDescription: String { id }
    }

    static let cases: [Case] = {
        guard let data = FileManager.default.contents(atPath: PayloadCorpusTests.corpusPath) else { return [] }
        return (try? JSONDecoder().decode([Case].self, from: data)) ?? []
    }()

    private func validate(_ entry: Case) -> CommandOutput {
        var arguments = ["validate", "--push-type", entry.pushType]
        if let priority = entry.priority { arguments += ["--priority", String(priority)] }
        return CommandLineTool(io: .memory(stdin: Array(entry.payloadText.utf8))).run(arguments + ["-"])
    }

    @Test func theWholeCorpusIsChecked() {
        #expect(Self.cases.count >= 80)
    }

    /// Exit 2 for what is not a JSON object (APNs rejects it), else 1 exactly when the recorded
    /// errors say so; the error and warning lines name the recorded keys, in order.
    @Test(arguments: cases)
    func validateGivesTheRecordedVerdict(entry: Case) {
        let output = validate(entry)
        guard entry.apnsAccepts || !entry.expectedErrors.isEmpty || output.status != 2 else {
            #expect(output.status == 2, "APNs rejects it: \(output.standardOutput)")
            return
        }
        #expect(output.status == (entry.expectedErrors.isEmpty ? 0 : 1), "\(output.standardOutput)")
        let lines = output.standardOutput.split(separator: "\n")
        let warnings = lines.filter { $0.hasPrefix("warning: ") }.map { String($0.dropFirst(9).prefix { $0 != ":" }) }
        #expect(warnings == entry.expectedWarnings)
        if output.status == 1 {
            let errors = lines.filter { !$0.hasPrefix("warning: ") }.map { String($0.prefix { $0 != ":" }) }
            #expect(errors == entry.expectedErrors)
        }
    }

    /// Every readable payload simulated on iOS 17, in the foreground and then tapped, through
    /// every provider: the same events everywhere (their kinds and origins: a provider that finds
    /// its own message ID in the payload names the events by it), and none at all for a push type
    /// that never reaches the notification delegates. A payload with no `aps` (APNs delivers it;
    /// `validate` warns) is refused by the scenario reader, naming `aps`: the dispatch model
    /// describes notifications, and what iOS does with a push that has no `aps` is not in its
    /// sources.
    @Test(arguments: cases.filter { (try? JSONParser.parse($0.payloadText))?.objectValue != nil })
    func simulateRunsOnEveryProvider(entry: Case) throws {
        let payload = try #require(try JSONParser.parse(entry.payloadText).objectValue)
        let type = try #require(PayloadValidator.PushType(rawValue: entry.pushType))
        guard payload["aps"] != nil else {
            let scenario: JSONValue = ["ios": "17.0", "state": "foreground", "notification": ["source": "remote", "payload": .object(payload)]]
            #expect { _ = try DispatchScenario(json: scenario) } throws: { ($0 as? PushError)?.field?.hasSuffix("aps") == true }
            return
        }
        let scenario = DispatchScenario(
            ios: IOSVersion(17), state: .foreground,
            implements: [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse],
            notification: .remote(payload), presentation: [.banner, .list, .sound, .badge], user: .tap, pushType: type)
        var eventsByProvider: [[JSONValue]] = []
        for (kind, simulator) in ProviderSimulators.all.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let result = try ScenarioSimulator.run(scenario, provider: simulator)
            eventsByProvider.append(
                result.namedEvents.map { event in
                    var shown = event.jsonValue.objectValue ?? [:]
                    shown["id"] = nil
                    return .object(shown)
                })
            if !type.reachesNotificationDelegates {
                #expect(result.calls.isEmpty && result.events.isEmpty, "\(kind): \(type) goes to \(type.handler)")
                #expect(result.jsonValue["handledBy"] != nil)
            }
        }
        #expect(Set(eventsByProvider.map { JSONValue.array($0) }).count == 1, "the same events through every provider")
    }
}
