import Foundation
import PushBridge
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeTesting
import Testing

/// The domain and code of Getui's `NSError`s survive as `PushError.vendorCode` (never their
/// text), and what the adapter cannot read is reported once as a diagnostic, with its completion
/// handler answered once, never dropped.
@Suite struct GetuiErrorsAndEdgesTests {
    /// The diagnostics a client handed its app, in order.
    final class Diagnostics: Sendable {
        private let values = Locked<[PushDiagnostic]>([])
        var all: [PushDiagnostic] { values.withLock { $0 } }
        func record(_ diagnostic: PushDiagnostic) { values.withLock { $0.append(diagnostic) } }
    }

    private func harness() -> (GetuiHarness, Diagnostics) {
        let harness = GetuiHarness()
        let diagnostics = Diagnostics()
        harness.recorder.client.setDiagnosticHandler { diagnostics.record($0) }
        return (harness, diagnostics)
    }

    static let code = PushError.VendorCode(domain: "GetuiErrorDomain", code: 30001)
    static let unreadable: JSONObject = ["payload": "secret-value-42", "_gmid_": "t1:m1:zz"]

    // MARK: Vendor codes

    @Test func anSDKErrorBeforeRegistrationKeepsItsDomainAndCode() {
        let (harness, _) = harness()
        harness.bridge.trigger(.error(Self.code))
        let failures = harness.events.compactMap { if case .registrationFailed(let failure) = $0 { failure.error } else { nil } }
        #expect(failures.map(\.vendorCode) == [Self.code])
        #expect(failures.first?.field == "registration")
        #expect(failures.first?.description == "registration: Getui reported an error (GetuiErrorDomain 30001)")
    }

    /// An error outside Getui's alias and tag tables (a network failure, say).
    static let foreignCode = PushError.VendorCode(domain: "NSURLErrorDomain", code: -1009)

    @Test func anAliasFailureKeepsItsDomainAndCode() async {
        let (harness, _) = harness()
        harness.bridge.answer = .failure(Self.foreignCode)
        do throws(PushError) {
            _ = try await harness.provider.alias(AliasRequest(.set("user-7-secret")))
            Issue.record("expected Getui's failure")
        } catch {
            #expect(error.vendorCode == Self.foreignCode)
            #expect(error.field == "alias")
        }
    }

    @Test func tagFailuresKeepTheirDomainAndCode() async {
        let (harness, _) = harness()
        harness.bridge.answer = .failure(Self.foreignCode)
        for request in [TagsRequest(.set(["vip"])), TagsRequest(.getAll)] {
            do throws(PushError) {
                _ = try await harness.provider.tags(request)
                Issue.record("expected Getui's failure")
            } catch {
                #expect(error.vendorCode == Self.foreignCode)
                #expect(error.field == "tags")
            }
        }
    }

    @Test(arguments: [("bindAlias", 30003), ("setTags", 20009)])
    func aCodeOfGetuisTableIsNamedInGetuisDomain(call: String, code: Int) async {
        let (harness, _) = harness()
        harness.bridge.answer = .failure(PushError.VendorCode(domain: "GetuiErrorDomain", code: code))
        do throws(PushError) {
            if call == "bindAlias" {
                _ = try await harness.provider.alias(AliasRequest(.set("user-7-secret")))
            } else {
                _ = try await harness.provider.tags(TagsRequest(.set(["vip"])))
            }
            Issue.record("expected Getui's failure")
        } catch {
            #expect(error.vendorCode == GetuiResultCode.vendorCode(code), "one domain whoever refused: the adapter or the SDK")
            #expect(error.message.contains(GetuiResultCode.meanings[code]!.message), "\(error)")
        }
    }

    // MARK: Input that cannot be read

    @Test func anUnreadableWillPresentIsReportedOnceAndAnsweredOnce() async {
        let (harness, diagnostics) = harness()
        await confirmation(expectedCount: 1) { answered in
            harness.bridge.trigger(
                .willPresent(GetuiNotificationInfo(userInfo: Self.unreadable)) { options in
                    #expect(options == 0)
                    answered()
                })
        }
        #expect(harness.events.isEmpty)
        #expect(diagnostics.all.map(\.code) == [.unreadablePayload])
        #expect(diagnostics.all.first?.notificationID == "t1:m1", "named as its events would be: by Getui's message ID")
        #expect(diagnostics.all.first?.message.hasPrefix(GetuiCallbackName.willPresent) == true)
        #expect(!"\(diagnostics.all)".contains("secret-value-42"))
    }

    @Test(arguments: [true, false])
    func anUnreadableNotificationIsReportedOnceAndAnsweredOnce(withResponse: Bool) async {
        let (harness, diagnostics) = harness()
        await confirmation(expectedCount: 1) { answered in
            harness.bridge.trigger(
                .receiveNotification(
                    GetuiNotificationInfo(userInfo: Self.unreadable),
                    response: withResponse ? GetuiResponseInfo(notification: GetuiNotificationInfo(userInfo: Self.unreadable)) : nil,
                    fetchCompletionHandler: { result in
                        #expect(result == .noData)
                        answered()
                    }))
        }
        #expect(harness.events.isEmpty)
        #expect(diagnostics.all.map(\.code) == [.unreadablePayload])
        #expect(diagnostics.all.first?.message.hasPrefix(GetuiCallbackName.didReceiveNotification) == true)
    }

    @Test func aSilentPushWhoseApsIsNotAnObjectIsKeptAsAPassthroughAndReported() async {
        let (harness, diagnostics) = harness()
        await confirmation(expectedCount: 1) { answered in
            harness.bridge.trigger(
                .slience(
                    ["aps": "secret-value-42"], fromGetui: false, offLine: false, taskID: "t2", msgID: "m2",
                    fetchCompletionHandler: { result in
                        #expect(result == .noData)
                        answered()
                    }))
        }
        #expect(harness.invocations.isEmpty)
        #expect(harness.messages.map(\.id) == ["t2:m2"], "kept, as a passthrough")
        #expect(diagnostics.all.map(\.code) == [.unreadablePayload])
        #expect(diagnostics.all.first?.error?.field == "aps")
        #expect(!"\(diagnostics.all)".contains("secret-value-42"))
    }

    @Test func aPassthroughWithoutItsIDsIsDeliveredAndReported() {
        let (harness, diagnostics) = harness()
        harness.bridge.trigger(.slience(["payload": "secret-value-42"], fromGetui: true, offLine: true, taskID: nil, msgID: nil))
        #expect(harness.messages.count == 1, "kept, not lost")
        #expect(diagnostics.all.map(\.code) == [.unreadableMessage])
        #expect(diagnostics.all.first?.notificationID == harness.messages.first?.id)
        #expect(!"\(diagnostics.all)".contains("secret-value-42"))
    }

    @Test func aUserInfoWithNoJSONFormIsReportedWithItsKeyPath() async {
        let (harness, diagnostics) = harness()
        let info = GetuiNotificationInfo(foundationUserInfo: ["aps": ["alert": "x"], "sent": Date(timeIntervalSince1970: 0)], identifier: "req-4")
        await confirmation(expectedCount: 1) { answered in
            harness.bridge.trigger(.willPresent(info) { _ in answered() })
        }
        #expect(harness.events.isEmpty)
        #expect(diagnostics.all.map(\.error?.field) == ["payload.sent"])
        #expect(diagnostics.all.first?.notificationID == "req-4")
    }

    @Test func aReadablePassthroughReportsNothing() {
        let (harness, diagnostics) = harness()
        harness.bridge.trigger(.slience(["payload": "hi"], fromGetui: true, offLine: false, taskID: "t3", msgID: "m3"))
        #expect(harness.messages.map(\.id) == ["t3:m3"])
        #expect(diagnostics.all.isEmpty)
    }
}
