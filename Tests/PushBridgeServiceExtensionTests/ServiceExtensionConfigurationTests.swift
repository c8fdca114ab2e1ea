import PushBridge
import PushBridgeServiceExtension
import Testing

/// The extension reads the configuration file the app reads: the provider's reporter among the
/// adapters it links, the app group named once — and a file it cannot use is reported with every
/// notification, never dropped in silence.
@Suite("The service extension's configuration file")
struct ServiceExtensionConfigurationTests {
    /// A reporter standing in for a vendor's, recording what it was made with.
    struct Recorded: ServiceExtensionReporter {
        let provider: PushProviderID
        let made: String
        func claims(_ payload: JSONObject) -> Bool { payload["_j_msgid"] != nil }
        func report(_ request: ServiceExtensionRequest, completion: @escaping @Sendable (ServiceExtensionReport) -> Void) {
            completion(.reported())
        }
    }

    static let adapters = [
        ServiceExtensionReporterAdapter(id: "jpush") { Recorded(provider: "jpush", made: try $0.string("appKey", of: "jpush")) },
        ServiceExtensionReporterAdapter(id: "getui") { Recorded(provider: "getui", made: try $0.requireAppGroup()) },
    ]

    static func reporters(_ file: String) -> [any ServiceExtensionReporter] {
        ServiceExtensionConfiguration.reporters(reading: { () throws(PushError) in Array(file.utf8) }, adapters: adapters)
    }

    /// The one report a notification gets from `reporters`.
    static func report(_ reporters: [any ServiceExtensionReporter]) throws -> ServiceExtensionReport? {
        let reporter = try #require(reporters.first { $0.claims(["_j_msgid": 7, "aps": [:]]) })
        let answer = Locked<[ServiceExtensionReport]>([])
        reporter.report(ServiceExtensionRequest(identifier: "r", payload: ["aps": [:]])) { report in answer.withLock { $0.append(report) } }
        let answers = answer.withLock { $0 }
        #expect(answers.count == 1)
        return answers.first
    }

    @Test("the provider's reporter, made with its section's key and the app group named once")
    func reportersFromTheFile() throws {
        let jpush = Self.reporters(
            #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}, "serviceExtension": {"appGroup": "group.a"}}"#)
        #expect(jpush.map(\.provider) == ["jpush"])
        #expect((jpush.first as? Recorded)?.made == "5a6e94518f6bd85ba173cf77")
        let getui = Self.reporters(
            #"{"provider": "getui", "getui": {"appId": "a", "appKey": "b", "appSecret": "c"}, "serviceExtension": {"appGroup": "group.a"}}"#)
        #expect((getui.first as? Recorded)?.made == "group.a")
        let configuration = try ServiceExtensionConfiguration(
            jsonBytes: Array(#"{"provider": "apns", "serviceExtension": {"appGroup": "group.a"}}"#.utf8))
        #expect(configuration.appGroup == "group.a")
        #expect(Self.reporters(#"{"provider": "apns"}"#).isEmpty)
    }

    @Test(
        "a file it cannot use: every notification's report fails with the reason",
        arguments: [
            (#"{"provider": "jpush""#, "configuration"),
            (#"{"provider": "jpush", "jpush": {"channel": "x"}}"#, "jpush.appKey"),
            (#"{"provider": "getui", "getui": {"appId": "a", "appKey": "b", "appSecret": "c"}}"#, "serviceExtension.appGroup"),
            (#"{"provider": "acme", "acme": {}}"#, "provider"),
        ])
    func unusableFile(_ file: String, field: String) throws {
        let reporters = Self.reporters(file)
        #expect(reporters.count == 1)
        guard case .failed(let error) = try Self.report(reporters) else {
            Issue.record("expected a failed report")
            return
        }
        #expect(error.field == field)
    }

    @Test("a file missing from the bundle: the reason names it")
    func missingFile() throws {
        let reporters = ServiceExtensionConfiguration.reporters(
            reading: { () throws(PushError) -> [UInt8] in throw PushError(.invalidConfiguration, field: "push.json", "not found") },
            adapters: Self.adapters)
        guard case .failed(let error) = try Self.report(reporters) else {
            Issue.record("expected a failed report")
            return
        }
        #expect(error.field == "push.json")
    }
}
