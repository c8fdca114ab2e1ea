import Foundation
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// `PushError`: a closed list of codes, the vendor's code and the underlying error kept, the
/// underlying error out of equality and printed without its text.
@Suite struct PushErrorTests {
    /// An error whose text holds a secret, as an app's or a vendor's might.
    struct LeakyError: Error, CustomStringConvertible {
        var description: String { "token=9f86d081884c7d659a2feaa0c55ad015" }
    }

    static let allCodes: [(PushError.Code, String)] = [
        (.malformedJSON, "malformedJSON"), (.invalidScenario, "invalidScenario"), (.invalidPayload, "invalidPayload"),
        (.invalidConfiguration, "invalidConfiguration"), (.unsupported, "unsupported"), (.outOfRange, "outOfRange"),
        (.timeout, "timeout"), (.providerFailure, "providerFailure"),
    ]

    @Test func theCodesAreAClosedListOfStableNames() {
        #expect(Self.allCodes.map(\.0.rawValue) == Self.allCodes.map(\.1))
        #expect(Self.allCodes.map(\.0.description) == Self.allCodes.map(\.1))
        #expect(Set(Self.allCodes.map(\.0)).count == Self.allCodes.count, "each code is distinct")
        #expect(PushError.Code.timeout == .timeout)
        #expect(PushError.Code.timeout != .providerFailure)
    }

    @Test func theUnderlyingErrorIsKeptButNotCompared() throws {
        let plain = PushError(.invalidConfiguration, field: "jpush", "the adapter could not be built")
        let wrapping = PushError(.invalidConfiguration, field: "jpush", "the adapter could not be built", underlying: LeakyError())
        #expect(wrapping.underlying is LeakyError)
        #expect(plain.underlying == nil)
        #expect(plain == wrapping)
    }

    @Test func theVendorCodeIsCompared() {
        let a = PushError(.providerFailure, field: "alias", "failed", vendorCode: .init(domain: "JPush", code: 6011))
        let b = PushError(.providerFailure, field: "alias", "failed", vendorCode: .init(domain: "JPush", code: 6014))
        #expect(a != b)
        #expect(a == PushError(.providerFailure, field: "alias", "failed", vendorCode: .init(domain: "JPush", code: 6011)))
        #expect(a.vendorCode?.description == "JPush 6011")
    }

    @Test func theDescriptionNamesTheUnderlyingErrorWithoutItsText() {
        let error = PushError(.invalidConfiguration, field: "jpush", "the adapter could not be built", underlying: LeakyError())
        #expect(!error.description.contains("9f86d081"), "\(error)")
        #expect(error.description.hasPrefix("jpush: the adapter could not be built (underlying: "))
        #expect(error.description.contains("LeakyError"))
        #expect(PushError(.timeout, "late").description == "late", "no underlying error: as before")
    }

    @Test func aWrappedPushErrorIsPrintedWhole() {
        let inner = PushError(.invalidConfiguration, field: "jpush.appKey", "missing")
        let outer = PushError(.invalidConfiguration, field: "jpush", "the adapter could not be built", underlying: inner)
        #expect(outer.description == "jpush: the adapter could not be built (underlying: jpush.appKey: missing)")
        #expect((outer.underlying as? PushError) == inner)
    }

    @Test func aFactorysOwnErrorIsKeptAsTheUnderlyingError() throws {
        let adapters = [PushAdapter(id: .apns, definition: nil) { _ in throw LeakyError() }]
        let configuration = try PushConfiguration(jsonBytes: Array(#"{"provider": "apns"}"#.utf8), providers: [])
        do throws(PushError) {
            _ = try adapters.provider(for: configuration)
            Issue.record("expected the factory's error")
        } catch {
            #expect(error.code == .invalidConfiguration)
            #expect(error.field == "apns")
            #expect(error.underlying is LeakyError, "the factory's error survives")
            #expect(!"\(error)".contains("9f86d081"), "\(error)")
        }
    }

    // MARK: Input that cannot be read

    @Test func aUserInfoWithNoJSONFormKeepsItsConversionError() throws {
        let info = SystemNotification(foundationUserInfo: ["aps": ["alert": "x"], "sent": Date(timeIntervalSince1970: 0)], identifier: "req-1")
        #expect(info.userInfo.isEmpty)
        #expect(info.identifier == "req-1")
        let error = try #require(info.conversionError)
        #expect(error.code == .invalidPayload)
        #expect(error.field == "payload.sent", "\(error)")
        #expect(throws: error) { _ = try info.read(by: APNsDefinition()) }
    }

    @Test func aReadableUserInfoConvertsWhole() throws {
        let info = SystemNotification(foundationUserInfo: ["aps": ["alert": "x"]], identifier: "req-1")
        #expect(info.conversionError == nil)
        #expect(try info.read(by: APNsDefinition()).id == "req-1")
    }

    @Test func anUnreadablePayloadIsReportedOnceThroughTheSink() async {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let received = Locked<[PushDiagnostic]>([])
        client.setDiagnosticHandler { diagnostic in received.withLock { $0.append(diagnostic) } }
        let info = SystemNotification(userInfo: ["content": "secret-value-42"], identifier: nil)
        let note = info.notification(by: APNsDefinition(), in: "someCallback:", reportingTo: client.pipelineSink)
        #expect(note == nil)
        let diagnostics = received.withLock { $0 }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.code == .unreadablePayload)
        #expect(diagnostics.first?.error?.field == "aps")
        #expect(diagnostics.first?.notificationID == NotificationIdentity.payloadHash(["content": "secret-value-42"]))
        #expect(diagnostics.first.map { "\($0)".contains("secret-value-42") } == false, "never a payload value")
        #expect(client.heldEventCount == 0, "no event")
    }

    @Test func theIntegrationLayerReportsWhatItCouldNotRead() async {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        await confirmation(expectedCount: 1) { reported in
            client.setDiagnosticHandler { diagnostic in
                #expect(diagnostic.code == .unreadablePayload)
                #expect(diagnostic.notificationID == "req-9")
                #expect(diagnostic.message.hasPrefix(SystemCallback.willPresent.rawValue))
                #expect(diagnostic.message.contains("aps: missing"))
                reported()
            }
            do throws(PushError) {
                _ = try PushNotification(payload: ["content": "x"])
            } catch {
                client.reportUnreadablePayload(error, in: .willPresent, identifier: "req-9")
            }
        }
        #expect(client.heldEventCount == 0)
    }

    @Test func withoutAnIdentifierTheDiagnosticSaysSo() {
        let diagnostics = Locked<[PushDiagnostic]>([])
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        client.setDiagnosticHandler { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
        client.reportUnreadablePayload(PushError(.invalidPayload, field: "aps", "missing"), in: .didReceiveRemoteNotificationFetch)
        #expect(diagnostics.withLock { $0.map(\.notificationID) } == ["unidentified"])
    }

    /// The sink a provider holds before a client attaches its own drops a diagnostic, reaching no
    /// client's handler, and still answers a completion handler passed through it, once, with its
    /// default: dropping never leaves iOS waiting.
    @Test func aDiscardingSinkDropsDiagnostics() async {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        await confirmation("no client hears a diagnostic the discarding sink dropped", expectedCount: 0) { heard in
            client.setDiagnosticHandler { _ in heard() }
            PushEventSink.discarding.report(.unreadablePayload(in: "x:", notificationID: "n", error: PushError(.invalidPayload, "y")))
        }
        let answers = Locked<[BackgroundFetchResult]>([])
        PushEventSink.discarding.handle(
            CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .background, notification: nil),
            completion: .fetch { result in answers.withLock { $0.append(result) } })
        #expect(answers.withLock { $0 } == [.noData], "answered once, with the default")
    }
}
