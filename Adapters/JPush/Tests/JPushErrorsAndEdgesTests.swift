import Foundation
import PushBridge
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeTesting
import Testing

/// JPush's result codes survive as `PushError.vendorCode`, and what the adapter cannot read is
/// reported once as a diagnostic (with its completion handler answered once), never dropped.
@Suite struct JPushErrorsAndEdgesTests {
    /// The diagnostics a client handed its app, in order.
    final class Diagnostics: Sendable {
        private let values = Locked<[PushDiagnostic]>([])
        var all: [PushDiagnostic] { values.withLock { $0 } }
        func record(_ diagnostic: PushDiagnostic) { values.withLock { $0.append(diagnostic) } }
    }

    /// A harness whose client hands its diagnostics to `Diagnostics`, as an app's handler would.
    private func harness() -> (JPushHarness, Diagnostics) {
        let harness = JPushHarness()
        let diagnostics = Diagnostics()
        harness.recorder.client.setDiagnosticHandler { diagnostics.record($0) }
        return (harness, diagnostics)
    }

    /// A payload that is not a notification (no `aps`), holding a value that must never be printed.
    static let unreadable: JSONObject = ["content": "secret-value-42", "_j_msgid": 777]

    // MARK: Vendor codes

    @Test(arguments: [6011, 6002, 6099])
    func aResultCodeSurvivesToTheAliasError(code: Int) async {
        let (harness, _) = harness()
        harness.bridge.aliasAnswer = .code(code)
        do throws(PushError) {
            _ = try await harness.provider.alias(AliasRequest(.set("user-7-secret")))
            Issue.record("expected JPush's \(code)")
        } catch {
            #expect(error.vendorCode == PushError.VendorCode(domain: "JPush", code: code))
            #expect(error.field == "alias")
            #expect(!"\(error)".contains("user-7-secret"))
        }
    }

    @Test func aResultCodeSurvivesToTheTagsError() async {
        let (harness, _) = harness()
        harness.bridge.tagAnswer = .code(6011)
        do throws(PushError) {
            _ = try await harness.provider.tags(TagsRequest(.set(["vip"])))
            Issue.record("expected JPush's 6011")
        } catch {
            #expect(error.vendorCode == JPushResultCode.vendorCode(6011))
            #expect(error.code == .providerFailure)
            #expect(error.field == "tags")
        }
    }

    @Test func aCheckBeforeSendingNamesTheCodeJPushWouldAnswer() async {
        let (harness, _) = harness()
        do throws(PushError) {
            _ = try await harness.provider.alias(AliasRequest(.set("")))
            Issue.record("expected 6003")
        } catch {
            #expect(error.vendorCode == JPushResultCode.vendorCode(6003))
        }
    }

    @Test func theRegistrationIDFailureKeepsItsResultCode() {
        let (harness, _) = harness()
        harness.bridge.registrationID = nil
        harness.bridge.registrationIDAnswer = (1011, nil)
        harness.bridge.trigger(.network(.didLogin))
        let failures = harness.events.compactMap { if case .registrationFailed(let failure) = $0 { failure } else { nil } }
        #expect(failures.map(\.error.vendorCode) == [JPushResultCode.vendorCode(1011)])
        #expect(failures.first?.error.field == "registrationID")
    }

    @Test func aServiceErrorKeepsItsNumberAndNeverItsText() {
        let (harness, _) = harness()
        harness.bridge.trigger(.network(.serviceError, userInfo: ["error": 1005]))
        harness.bridge.trigger(.network(.serviceError, userInfo: ["error": "appKey 5a6e94518f6bd85ba173cf77 does not exist"]))
        let failures = harness.events.compactMap { if case .registrationFailed(let failure) = $0 { failure.error } else { nil } }
        #expect(failures.map(\.vendorCode) == [JPushResultCode.vendorCode(1005), nil])
        #expect(!"\(failures)".contains("5a6e94518f6bd85ba173cf77"), "\(failures)")
    }

    // MARK: Input that cannot be read

    @Test func anUnreadableWillPresentIsReportedOnceAndAnsweredOnce() async {
        let (harness, diagnostics) = harness()
        await confirmation(expectedCount: 1) { answered in
            harness.bridge.trigger(
                .willPresent(JPushNotificationInfo(userInfo: Self.unreadable)) { options in
                    #expect(options == 0)
                    answered()
                })
        }
        #expect(harness.events.isEmpty)
        #expect(harness.invocations.isEmpty)
        #expect(harness.recorder.diagnostics.count == 1)
        let diagnostic = diagnostics.all
        #expect(diagnostic.map(\.code) == [.unreadablePayload])
        #expect(diagnostic.first?.notificationID == "777", "named as its events would be: by JPush's message ID")
        #expect(diagnostic.first?.error?.field == "aps")
        #expect(diagnostic.first?.message.hasPrefix(JPushCallbackName.willPresent) == true)
        #expect(!"\(diagnostic)".contains("secret-value-42"), "never a payload value")
    }

    @Test func anUnreadableResponseIsReportedOnceAndAnsweredOnce() async {
        let (harness, diagnostics) = harness()
        await confirmation(expectedCount: 1) { answered in
            harness.bridge.trigger(
                .didReceiveResponse(JPushResponseInfo(notification: JPushNotificationInfo(userInfo: Self.unreadable))) {
                    answered()
                })
        }
        #expect(harness.events.isEmpty)
        #expect(diagnostics.all.map(\.code) == [.unreadablePayload])
        #expect(diagnostics.all.first?.message.hasPrefix(JPushCallbackName.didReceiveResponse) == true)
        #expect(harness.bridge.calls.isEmpty, "no receipt reported for something that is not a notification")
    }

    @Test func aUserInfoWithNoJSONFormIsReportedWithItsKeyPath() async {
        let (harness, diagnostics) = harness()
        let info = JPushNotificationInfo(foundationUserInfo: ["aps": ["alert": "x"], "sent": Date(timeIntervalSince1970: 0)], identifier: "req-3")
        await confirmation(expectedCount: 1) { answered in
            harness.bridge.trigger(.willPresent(info) { _ in answered() })
        }
        #expect(harness.events.isEmpty)
        #expect(diagnostics.all.map(\.code) == [.unreadablePayload])
        #expect(diagnostics.all.first?.notificationID == "req-3")
        #expect(diagnostics.all.first?.error?.field == "payload.sent")
    }

    @Test(arguments: [
        ["extras": ["token": "secret-value-42"]] as JSONObject,
        ["content": ["token": "secret-value-42"]] as JSONObject,
    ])
    func aCustomMessageItsDefinitionCannotReadIsDeliveredAndReported(message: JSONObject) {
        let (harness, diagnostics) = harness()
        harness.bridge.trigger(.network(.didReceiveMessage, userInfo: message))
        #expect(harness.messages.count == 1, "kept, not lost")
        #expect(harness.messages.first?.id == NotificationIdentity.payloadHash(message))
        #expect(diagnostics.all.map(\.code) == [.unreadableMessage])
        #expect(diagnostics.all.first?.notificationID == harness.messages.first?.id)
        #expect(diagnostics.all.first?.error != nil)
        #expect(!"\(diagnostics.all)".contains("secret-value-42"), "never a payload value")
    }

    @Test func aReadableCallbackReportsNothing() async {
        let (harness, diagnostics) = harness()
        harness.bridge.trigger(.willPresent(.push()) { _ in })
        harness.bridge.trigger(.network(.didReceiveMessage, userInfo: ["content": "hi", "_j_msgid": 7]))
        #expect(diagnostics.all.isEmpty)
        #expect(harness.recorder.diagnostics.isEmpty)
    }
}
