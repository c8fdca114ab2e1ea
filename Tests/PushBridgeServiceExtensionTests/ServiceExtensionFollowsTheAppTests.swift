import Foundation
import PushBridge
import PushBridgeServiceExtension
import Testing

/// The extension follows the provider the app recorded in the app group, with no code of the
/// app's; before any record, every provider the file names, each claiming its own payloads.
@Suite("The service extension follows the app's provider")
struct ServiceExtensionFollowsTheAppTests {
    struct Claiming: ServiceExtensionReporter {
        let provider: PushProviderID
        let key: String
        func claims(_ payload: JSONObject) -> Bool { payload[key] != nil }
        func report(_ request: ServiceExtensionRequest, completion: @escaping @Sendable (ServiceExtensionReport) -> Void) {
            completion(.reported())
        }
    }

    static let adapters = [
        ServiceExtensionReporterAdapter(id: "jpush") { _ in Claiming(provider: "jpush", key: "_j_msgid") },
        ServiceExtensionReporterAdapter(id: "getui") { _ in Claiming(provider: "getui", key: "_gmid_") },
    ]

    static let file = #"""
        {"provider": "apns", "markets": {"CHN": "jpush", "HKG": "getui"}, "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"},
         "getui": {"appId": "a", "appKey": "b", "appSecret": "c"}, "serviceExtension": {"appGroup": "group.a"}}
        """#

    static func reporters(recorded: PushProviderID?) -> [PushProviderID] {
        ServiceExtensionConfiguration.reporters(reading: { () throws(PushError) in Array(file.utf8) }, adapters: adapters, recorded: recorded).map(
            \.provider)
    }

    @Test("the recorded provider's reporter alone; none for APNs")
    func recorded() {
        #expect(Self.reporters(recorded: "jpush") == ["jpush"])
        #expect(Self.reporters(recorded: "getui") == ["getui"])
        #expect(Self.reporters(recorded: .apns).isEmpty)
    }

    @Test("no record, or one the file no longer names: every named provider's reporter, each claiming its own payloads")
    func noRecord() throws {
        #expect(Self.reporters(recorded: nil) == ["jpush", "getui"])
        #expect(Self.reporters(recorded: "acme") == ["jpush", "getui"])
        let reporters = ServiceExtensionConfiguration.reporters(reading: { () throws(PushError) in Array(Self.file.utf8) }, adapters: Self.adapters)
        #expect(reporters.filter { $0.claims(["_j_msgid": 7]) }.map(\.provider) == ["jpush"])
        #expect(reporters.filter { $0.claims(["_gmid_": "x"]) }.map(\.provider) == ["getui"])
        #expect(reporters.filter { $0.claims(["aps": [:]]) }.isEmpty)
    }

    @Test("the record the app writes is the one the extension reads")
    func recordRoundTrip() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("extension-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(ServiceExtensionConfiguration.recordedProvider(in: directory) == nil)
        try ProviderRecord(provider: "jpush", environment: .production).write(in: directory)
        #expect(ServiceExtensionConfiguration.recordedProvider(in: directory) == "jpush")
    }

    @Test("a file without markets: its providers, whatever the record says")
    func withoutMarkets() throws {
        let configuration = try ServiceExtensionConfiguration(
            jsonBytes: Array(#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}}"#.utf8))
        #expect(configuration.providers(following: nil) == ["jpush"])
        #expect(configuration.providers(following: "getui") == ["jpush"])
    }
}
