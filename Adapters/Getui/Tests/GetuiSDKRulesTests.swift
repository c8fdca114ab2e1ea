import PushBridge
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// What Getui's SDK requires of its caller, enforced by the adapter and reproduced by the mock:
/// consent before starting, the main thread, the IDFA at run time, the authorization answer, and
/// its alias and tag rules with its own codes.
@Suite struct GetuiSDKRulesTests {
    private static let launch = PushStartRequest(iosVersion: IOSVersion(17))
    private static let registration = PushRegistrationRequest(iosVersion: IOSVersion(17), options: [.alert, .badge, .sound])

    private static func refused(_ code: Int) -> @Sendable (any Error) -> Bool {
        { ($0 as? PushError)?.vendorCode == GetuiResultCode.vendorCode(code) }
    }

    // MARK: Consent, threads, the IDFA

    @Test func nothingReachesGetuiBeforeConsent() async {
        let harness = GetuiHarness(consent: nil)
        #expect { try harness.provider.start(Self.launch) } throws: { ($0 as? PushError)?.code == .consentRequired }
        #expect { try harness.provider.register(Self.registration) } throws: { ($0 as? PushError)?.code == .consentRequired }
        #expect { try harness.provider.setBadge(BadgeRequest(value: 1)) } throws: { ($0 as? PushError)?.code == .consentRequired }
        #expect { try harness.provider.setPushModeForOff(true) } throws: { ($0 as? PushError)?.code == .consentRequired }
        #expect { _ = try harness.provider.report(FeedbackRequest(.custom(90001), messageID: "t:m")) } throws: {
            ($0 as? PushError)?.code == .consentRequired
        }
        await #expect { _ = try await harness.provider.alias(AliasRequest(.set("u"))) } throws: { ($0 as? PushError)?.code == .consentRequired }
        await #expect { _ = try await harness.provider.tags(TagsRequest(.getAll)) } throws: { ($0 as? PushError)?.code == .consentRequired }
        harness.provider.sceneWillConnect(SceneConnectionRequest(connectionOptions: nil))
        harness.provider.handleVoIPPush(VoIPPushRequest(payload: ["callID": "c1"]))
        #expect(harness.bridge.calls.isEmpty, "no Getui call at all: \(harness.bridge.calls)")
        #expect(
            harness.recorder.diagnostics.map(\.code) == [.withheldBeforeConsent, .withheldBeforeConsent],
            "the scene connection and the VoIP push's receipt are reported, not dropped")
    }

    @Test func aDeclineRefusesStart() throws {
        let harness = GetuiHarness(consent: .denied)
        #expect { try harness.provider.start(Self.launch) } throws: { "\($0)".contains("declined") }
        #expect(harness.bridge.calls.isEmpty)
    }

    @Test func theIDFAIsSetBeforeGetuiStartsOnItsThread() throws {
        let thread = SDKThread.serialQueue()
        let bridge = MockGetuiBridge(sdkThread: thread)
        let provider = GetuiProvider(
            settings: GetuiHarness.settings, bridge: bridge, scheduler: ManualScheduler(), sdkThread: thread,
            advertisingIdentifier: { "6D92078A-8246-4BA4-AE5B-76104861E7DC" })
        try provider.setPrivacyConsent(.granted)
        try provider.start(Self.launch)
        #expect(bridge.calls.first == .setIDFA("6D92078A-8246-4BA4-AE5B-76104861E7DC"))
        guard case .start = bridge.calls.last else {
            Issue.record("setIDFA, then start: \(bridge.calls)")
            return
        }
        #expect(bridge.callsOffSDKThread.isEmpty)
        #expect(!"\(bridge.calls)".contains("6D92078A"))
    }

    @Test func theMockCatchesACallOffTheSDKThread() throws {
        let bridge = MockGetuiBridge(sdkThread: .serialQueue())
        let provider = GetuiProvider(settings: GetuiHarness.settings, bridge: bridge, scheduler: ManualScheduler(), sdkThread: .calling)
        try provider.setPrivacyConsent(.granted)
        try provider.start(Self.launch)
        try provider.register(Self.registration)
        #expect(bridge.callsOffSDKThread == ["startSdkWithAppId:appKey:appSecret:delegate:launchingOptions:", "registerRemoteNotification:"])
    }

    // MARK: Authorization

    @Test func aRefusedAuthorizationIsARegistrationFailure() {
        let harness = GetuiHarness()
        harness.bridge.trigger(.grantAuthorization(true))
        harness.bridge.trigger(.grantAuthorization(false))
        let failure = PushError.VendorCode(domain: "UNErrorDomain", code: 1)
        harness.bridge.trigger(.grantAuthorization(false, error: failure))
        let errors = harness.events.compactMap { event -> PushError? in
            if case .registrationFailed(let failed) = event { failed.error } else { nil }
        }
        #expect(errors.count == 2, "a grant is no failure; each refusal is one")
        #expect(errors.allSatisfy { $0.field == "authorization" })
        #expect(errors.last?.vendorCode == failure)
    }

    // MARK: Alias and tag rules, before sending

    @Test func aBindWithinFiveSecondsIsRefusedBeforeSending() async throws {
        let harness = GetuiHarness()
        _ = try await harness.provider.alias(AliasRequest(.set("user-1")))
        await #expect(performing: { _ = try await harness.provider.alias(AliasRequest(.set("user-2"))) }, throws: Self.refused(30001))
        #expect(harness.bridge.calls.count == 1)
        harness.scheduler.advance(by: GetuiResultCode.minimumBindInterval)
        _ = try await harness.provider.alias(AliasRequest(.set("user-2")))
        #expect(harness.bridge.calls.count == 2)
    }

    @Test func offlineAliasAndTagRequestsAreRefused() async {
        let harness = GetuiHarness()
        harness.bridge.status = .offline
        await #expect { _ = try await harness.provider.alias(AliasRequest(.set("u"))) } throws: { "\($0)".contains("not online") }
        await #expect(performing: { _ = try await harness.provider.tags(TagsRequest(.set(["vip"]))) }, throws: Self.refused(20008))
        await #expect(performing: { _ = try await harness.provider.tags(TagsRequest(.getAll)) }, throws: Self.refused(20008))
        #expect(harness.bridge.calls.isEmpty)
    }

    @Test(arguments: [
        ([String](), 20006), ((0...100).map { "t\($0)" }, 20001), (["vip", "has space"], 20011), (["vip", "a/b"], 20011),
    ])
    func tagsGetuiWouldRefuseAreRefusedBeforeSending(tags: [String], code: Int) async {
        let harness = GetuiHarness()
        await #expect(performing: { _ = try await harness.provider.tags(TagsRequest(.set(Set(tags)))) }, throws: Self.refused(code))
        #expect(harness.bridge.calls.isEmpty)
    }

    @Test func chineseLettersDigitsAndPunctuationAreTags() async throws {
        let harness = GetuiHarness()
        _ = try await harness.provider.tags(TagsRequest(.set(["会员", "vip_2", "a+b-c*d.e"])))
        #expect(harness.bridge.calls.count == 1)
    }

    @Test func oneSuccessfulSetTagsADay() async throws {
        let harness = GetuiHarness()
        _ = try await harness.provider.tags(TagsRequest(.set(["a"])))
        await #expect(performing: { _ = try await harness.provider.tags(TagsRequest(.set(["b"]))) }, throws: Self.refused(20002))
        #expect(harness.bridge.calls.count == 1)
        harness.scheduler.advance(by: GetuiResultCode.tagSetWindow)
        _ = try await harness.provider.tags(TagsRequest(.set(["b"])))
        #expect(harness.bridge.calls.count == 2)
    }

    @Test func aRaisedDailyLimitIsHonouredByTheAdapterAndTheMock() async throws {
        let harness = GetuiHarness(tagSetsPerDay: 3)
        for tag in ["a", "b", "c"] { _ = try await harness.provider.tags(TagsRequest(.set([tag]))) }
        await #expect(performing: { _ = try await harness.provider.tags(TagsRequest(.set(["d"]))) }, throws: Self.refused(20002))
    }

    @Test func cleaningTagsIsRefusedAsGetuiWouldRefuseAnEmptyList() async {
        let harness = GetuiHarness()
        await #expect { _ = try await harness.provider.tags(TagsRequest(.clean)) } throws: { error in
            (error as? PushError)?.code == .unsupported && "\(error)".contains("20006")
        }
        #expect(harness.bridge.calls.isEmpty)
    }

    // MARK: The mock alone answers as Getui would

    @Test func theMockAnswersBySDKRules() {
        let clock = ManualScheduler()
        let bridge = MockGetuiBridge(clock: clock)
        let delegate = ResultRecorder()
        bridge.delegate = delegate
        bridge.bindAlias("a", sequenceNum: "1")
        bridge.bindAlias("b", sequenceNum: "2")
        _ = bridge.setTags([], sequenceNum: "3")
        _ = bridge.setTags((0...100).map { "t\($0)" }, sequenceNum: "4")
        _ = bridge.setTags(["ok"], sequenceNum: "5")
        _ = bridge.setTags(["again"], sequenceNum: "6")
        bridge.status = .offline
        clock.advance(by: GetuiResultCode.tagSetWindow)
        _ = bridge.setTags(["offline"], sequenceNum: "7")
        #expect(delegate.results == ["1:ok", "2:30001", "3:20006", "4:20001", "5:ok", "6:20002", "7:20008"])
    }
}

/// A delegate that keeps only the alias and tag results, as `sequence:ok` or `sequence:code`.
private final class ResultRecorder: GetuiBridgeDelegate {
    private let log = Locked<[String]>([])
    var results: [String] { log.withLock { $0 } }

    private func note(_ sequenceNum: String, _ result: Bool, _ error: PushError.VendorCode?) {
        log.withLock { $0.append("\(sequenceNum):\(result ? "ok" : error.map { String($0.code) } ?? "failed")") }
    }

    func geTuiSdkDidAliasAction(_ action: String, result: Bool, sequenceNum: String, error: PushError.VendorCode?) {
        note(sequenceNum, result, error)
    }
    func geTuiSdkDidSetTagsAction(_ sequenceNum: String, result: Bool, error: PushError.VendorCode?) { note(sequenceNum, result, error) }
    func getuiSdkDidQueryTag(_ tags: [String], sequenceNum: String, error: PushError.VendorCode?) { note(sequenceNum, error == nil, error) }
    func geTuiSdkDidRegisterClient(_ clientID: String) {}
    func geTuiSDkDidNotifySdkState(_ status: GetuiSdkStatus) {}
    func geTuiSdkDidOccurError(_ error: PushError.VendorCode) {}
    func getuiSdkGrantAuthorization(_ granted: Bool, error: PushError.VendorCode?) {}
    func geTuiSdkNotificationCenter(willPresent notification: GetuiNotificationInfo, completionHandler: @escaping @Sendable (Int) -> Void) {}
    func geTuiSdkNotificationCenter(openSettingsFor notification: GetuiNotificationInfo?) {}
    func geTuiSdkDidReceiveNotification(
        _ notification: GetuiNotificationInfo, response: GetuiResponseInfo?, fetchCompletionHandler: (@Sendable (BackgroundFetchResult) -> Void)?
    ) {}
    func geTuiSdkDidReceiveSlience(
        _ userInfo: JSONObject, fromGetui: Bool, offLine: Bool, appID: String?, taskID: String?, msgID: String?,
        fetchCompletionHandler: (@Sendable (BackgroundFetchResult) -> Void)?
    ) {}
    func geTuiSdkDidReceivePayloadData(_ payload: [UInt8], taskID: String, msgID: String, offLine: Bool, appID: String?) {}
    func geTuiSdkDidReceivePayload(_ payloadID: String, taskID: String, messageID: String, offLine: Bool, application: String?) {}
    func sdkBridgeCouldNotRead(_ diagnostic: PushDiagnostic) {}
}
