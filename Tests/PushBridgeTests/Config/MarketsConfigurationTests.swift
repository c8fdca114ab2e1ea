import Foundation
import PushBridge
import PushBridgeGetui
import PushBridgeJPush
import Testing

/// One `push.json` for every market: `"markets"` maps App Store storefronts to providers, read
/// with errors naming the key, and the rule that picks the provider at launch.
@Suite("push.json's markets and the provider chosen at launch")
struct MarketsConfigurationTests {
    static let jpush = #""jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}"#
    static let getui = #""getui": {"appId": "A1b2C3", "appKey": "K4d5E6", "appSecret": "S7f8G9"}"#

    private func decode(_ text: String) throws(PushConfigurationError) -> PushConfiguration {
        try PushConfiguration(jsonBytes: Array(text.utf8), providers: [JPushDefinition(), GetuiDefinition()])
    }

    @Test("markets are read in the order of their codes; a file without them reads as before")
    func marketsRead() throws {
        let configuration = try decode(#"{"provider": "apns", "markets": {"HKG": "getui", "CHN": "jpush"}, \#(Self.jpush), \#(Self.getui)}"#)
        #expect(configuration.provider == .apns)
        #expect(configuration.markets == [.init(code: "CHN", provider: .jpush), .init(code: "HKG", provider: .getui)])
        #expect(configuration.namedProviders == [.apns, .jpush, .getui])
        #expect(configuration.providers == [.apns])  // what runs without a choice: the default
        #expect(configuration.description.contains("markets: [CHN: jpush, HKG: getui]"))
        #expect(!configuration.description.contains("5a6e94518f6bd85ba173cf77"))

        let single = try decode(#"{"provider": "jpush", \#(Self.jpush)}"#)
        #expect(single.markets.isEmpty)
        #expect(single.namedProviders == [.jpush])
    }

    static let invalid: [(String, [String])] = [
        (#"{"provider": "apns", "markets": ["CHN"]}"#, ["markets"]),
        (#"{"provider": "apns", "markets": {"CN": "jpush"}, \#(jpush)}"#, ["markets.CN"]),
        (#"{"provider": "apns", "markets": {"chn": "jpush"}, \#(jpush)}"#, ["markets.chn"]),
        (#"{"provider": "apns", "markets": {"CHN": 1}}"#, ["markets.CHN"]),
        (#"{"provider": "apns", "markets": {"CHN": "firebase"}}"#, ["markets.CHN"]),
        // A market's provider needs its section like `provider` does.
        (#"{"provider": "apns", "markets": {"CHN": "jpush"}}"#, ["jpush"]),
        (#"{"provider": "apns", "additionalProviders": ["jpush"], "markets": {"CHN": "jpush"}, \#(jpush)}"#, ["markets.CHN"]),
    ]

    @Test("every bad market is reported with its key", arguments: invalid)
    func invalidMarkets(json: String, fields: [String]) {
        do {
            _ = try decode(json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.problems.map { $0.field ?? "" } == fields, "\(error)")
        }
    }

    @Test("the message says what a market's code is")
    func codeMessage() {
        #expect(throws: PushConfigurationError.self) { try decode(#"{"provider": "apns", "markets": {"CN": "jpush"}, \#(Self.jpush)}"#) }
        do {
            _ = try decode(#"{"provider": "apns", "markets": {"CN": "jpush"}, \#(Self.jpush)}"#)
        } catch {
            #expect(error.description.contains("ISO 3166-1 alpha-3"))
        }
    }

    @Test("the rule: the app's choice, else the storefront's market, else the recorded provider, else the default")
    func choiceRule() throws {
        let configuration = try decode(#"{"provider": "apns", "markets": {"CHN": "jpush"}, \#(Self.jpush)}"#)
        func choose(_ app: PushProviderID?, _ storefront: String?, _ recorded: PushProviderID?) throws(PushError) -> PushProviderID {
            try configuration.chosenProvider(appChoice: app, storefront: { storefront }, recorded: recorded)
        }
        #expect(try choose(nil, "CHN", nil) == .jpush)
        #expect(try choose(nil, "chn", nil) == .jpush)
        #expect(try choose(nil, "USA", .jpush) == .apns)  // a known storefront wins over the record
        #expect(try choose(nil, nil, .jpush) == .jpush)  // storefront unknown: last launch's provider
        #expect(try choose(nil, nil, .getui) == .apns)  // a recorded provider the file no longer names
        #expect(try choose(nil, nil, nil) == .apns)
        #expect(try choose(.jpush, "USA", nil) == .jpush)  // the app decides
        #expect(try choose(.apns, "CHN", .jpush) == .apns)
        #expect { try choose(.getui, "CHN", nil) } throws: { ($0 as? PushError)?.field == "options.provider" }
    }

    @Test("without markets the storefront is never read, and a recorded provider that only receives beside another is never chosen")
    func withoutMarketsOrWithAdditionalProviders() throws {
        let single = try decode(#"{"provider": "jpush", "additionalProviders": ["getui"], \#(Self.jpush), \#(Self.getui)}"#)
        let reads = Locked(0)
        let read: @Sendable () -> String? = {
            reads.withLock { $0 += 1 }
            return "CHN"
        }
        #expect(try single.chosenProvider(appChoice: nil, storefront: read, recorded: .getui) == .jpush)
        #expect(reads.withLock { $0 } == 0)
        #expect { try single.chosenProvider(appChoice: .getui, storefront: read, recorded: nil) } throws: {
            ($0 as? PushError)?.field == "options.provider"
        }

        let mixed = try decode(
            #"{"provider": "apns", "additionalProviders": ["getui"], "markets": {"CHN": "jpush"}, \#(Self.jpush), \#(Self.getui)}"#)
        #expect(mixed.selectableProviders == [.apns, .jpush])
        #expect(try mixed.chosenProvider(appChoice: nil, storefront: { nil }, recorded: .getui) == .apns)
        #expect(mixed.choosing(.jpush).providers == [.jpush, .getui])
    }

    @Test("the record the app leaves for its extension: written atomically, read back; absent or garbled reads as none")
    func providerRecord() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(ProviderRecord.read(in: directory) == nil)
        try ProviderRecord(provider: .jpush, environment: .development).write(in: directory)
        #expect(ProviderRecord.read(in: directory) == ProviderRecord(provider: .jpush, environment: .development))
        try Data("{\"provider\": \"jpush\"}".utf8).write(to: directory.appendingPathComponent(ProviderRecord.fileName))
        #expect(ProviderRecord.read(in: directory) == nil)
        try Data("not json".utf8).write(to: directory.appendingPathComponent(ProviderRecord.fileName))
        #expect(ProviderRecord.read(in: directory) == nil)
        #expect(throws: PushError.self) {
            try ProviderRecord(provider: .apns, environment: .production).write(in: directory.appendingPathComponent("missing"))
        }
    }
}
