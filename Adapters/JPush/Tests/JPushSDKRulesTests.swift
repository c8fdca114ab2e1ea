import PushBridge
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// What JPush's SDK requires of its caller, enforced by the adapter and reproduced by the mock:
/// consent before any call, the main thread, the IDFA at run time, one alias and one tag request
/// in flight, 10 requests in 10 seconds, 10 devices per alias, 5,000 bytes of tags.
@Suite struct JPushSDKRulesTests {
    private static let launch = PushStartRequest(iosVersion: IOSVersion(17))
    private static let registration = PushRegistrationRequest(iosVersion: IOSVersion(17), options: [.alert, .badge, .sound])

    // MARK: Privacy consent

    @Test func nothingReachesJPushBeforeConsent() async {
        let harness = JPushHarness(consent: nil)
        #expect { try harness.provider.start(Self.launch) } throws: { ($0 as? PushError)?.code == .consentRequired }
        #expect { try harness.provider.register(Self.registration) } throws: { ($0 as? PushError)?.code == .consentRequired }
        #expect { try harness.provider.setBadge(BadgeRequest(value: 1)) } throws: { ($0 as? PushError)?.code == .consentRequired }
        await #expect { _ = try await harness.provider.alias(AliasRequest(.get)) } throws: { ($0 as? PushError)?.code == .consentRequired }
        await #expect { _ = try await harness.provider.tags(TagsRequest(.getAll)) } throws: { ($0 as? PushError)?.code == .consentRequired }
        harness.provider.didRegisterForRemoteNotifications(DeviceTokenRequest(token: [1, 2, 3]))
        #expect(harness.bridge.calls.isEmpty, "no JPush call at all: \(harness.bridge.calls)")
    }

    @Test func aReceiptBeforeConsentIsWithheldAndReported() throws {
        let harness = JPushHarness(consent: nil)
        let note = try PushNotification(payload: ["aps": ["content-available": 1], "_j_msgid": 77])
        harness.provider.observe(CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .background, notification: note))
        #expect(harness.reportedReceipts.isEmpty)
        #expect(harness.recorder.diagnostics.map(\.code) == [.withheldBeforeConsent])
        #expect(harness.recorder.diagnostics.first?.notificationID == note.id)
    }

    @Test func consentReachesJCoreBeforeSetup() throws {
        let harness = JPushHarness(consent: nil)
        try harness.provider.setPrivacyConsent(.granted)
        try harness.provider.start(Self.launch)
        #expect(harness.bridge.calls.first == .collectionAuthorization(true))
        guard case .setup = harness.bridge.calls.dropFirst().first else {
            Issue.record("setup after JCollectionAuth: \(harness.bridge.calls)")
            return
        }
    }

    @Test func aDeclineIsToldToJCoreAndStillRefusesEveryCall() throws {
        let harness = JPushHarness(consent: nil)
        try harness.provider.setPrivacyConsent(.denied)
        #expect(harness.bridge.calls == [.collectionAuthorization(false)])
        #expect { try harness.provider.start(Self.launch) } throws: { error in
            (error as? PushError)?.code == .consentRequired && "\(error)".contains("declined")
        }
        #expect(harness.bridge.calls.count == 1)
    }

    @Test func theClientRecordsConsentWithItsProvider() throws {
        let harness = JPushHarness(consent: nil)
        let client = PushClient(provider: harness.provider, scheduler: ManualScheduler())
        #expect(harness.provider.needsPrivacyConsent)
        try client.setPrivacyConsent(.granted)
        try client.start(Self.launch)
        #expect(harness.bridge.calls.count == 2)
    }

    // MARK: Threads and the IDFA

    @Test func mainThreadCallsAreMadeOnTheSDKThread() throws {
        let harness = JPushHarness(consent: nil)
        try harness.provider.setPrivacyConsent(.granted)
        try harness.provider.start(Self.launch)
        try harness.provider.register(Self.registration)
        #expect(harness.bridge.calls.count == 3)
        #expect(harness.bridge.callsOffSDKThread.isEmpty)
    }

    @Test func theMockCatchesACallOffTheSDKThread() throws {
        let bridge = MockJPushBridge(sdkThread: .serialQueue())
        let provider = JPushProvider(settings: JPushHarness.settings, bridge: bridge, scheduler: ManualScheduler(), sdkThread: .calling)
        try provider.setPrivacyConsent(.granted)
        try provider.start(Self.launch)
        #expect(bridge.callsOffSDKThread == ["JCollectionAuth:", "setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:"])
    }

    @Test func theIDFAIsReadWhenJPushStartsAndStaysMasked() throws {
        let idfa = Locked<String?>(nil)
        let bridge = MockJPushBridge()
        let provider = JPushProvider(
            settings: JPushHarness.settings, bridge: bridge, scheduler: ManualScheduler(), advertisingIdentifier: { idfa.withLock { $0 } })
        try provider.setPrivacyConsent(.granted)
        idfa.withLock { $0 = "6D92078A-8246-4BA4-AE5B-76104861E7DC" }  // App Tracking Transparency allowed after launch
        try provider.start(Self.launch)
        guard case .setup(_, _, _, let passed, _) = bridge.calls.last else {
            Issue.record("expected setup: \(bridge.calls)")
            return
        }
        #expect(passed?.revealed == "6D92078A-8246-4BA4-AE5B-76104861E7DC")
        #expect(!"\(bridge.calls)".contains("6D92078A"))
    }

    @Test func theConfigurationRefusesAnIDFA() {
        let json = #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "advertisingIdentifier": "6D92078A-8246-4BA4"}}"#
        #expect {
            _ = try PushConfiguration(jsonBytes: Array(json.utf8), providers: [JPushDefinition()])
        } throws: { error in
            let text = "\(error)"
            return text.contains("jpush.advertisingIdentifier") && text.contains("run time") && !text.contains("6D92078A")
        }
    }

    // MARK: Alias and tag rules

    @Test func theEleventhRequestWithinTenSecondsIsRefusedBeforeSending() async throws {
        let harness = JPushHarness()
        for _ in 0..<10 { _ = try await harness.provider.tags(TagsRequest(.getAll)) }
        await #expect { _ = try await harness.provider.alias(AliasRequest(.get)) } throws: {
            ($0 as? PushError)?.vendorCode == JPushResultCode.vendorCode(6011)
        }
        #expect(harness.bridge.calls.count == 10, "the eleventh was not sent")
        harness.scheduler.advance(by: JPushResultCode.rateWindow)
        _ = try await harness.provider.alias(AliasRequest(.get))
        #expect(harness.bridge.calls.count == 11)
    }

    @Test func tagsOverFiveThousandBytesAreRefusedBeforeSending() async {
        let harness = JPushHarness()
        let tags = Set((0..<140).map { "tag-\($0)-" + String(repeating: "x", count: 30) })  // 140 tags of 35 to 38 bytes: 5,250 in all
        await #expect { _ = try await harness.provider.tags(TagsRequest(.set(tags))) } throws: {
            ($0 as? PushError)?.vendorCode == JPushResultCode.vendorCode(6008)
        }
        #expect(harness.bridge.calls.isEmpty)
    }

    @Test func theMockAnswersWhatJPushsServerWould() async throws {
        let harness = JPushHarness()
        // 6027: the alias is on 10 other devices already.
        harness.bridge.setDevicesBound(10, toAlias: "family-account")
        await #expect { _ = try await harness.provider.alias(AliasRequest(.set("family-account"))) } throws: {
            ($0 as? PushError)?.vendorCode == JPushResultCode.vendorCode(6027)
        }
        // 6008: the device's tags would exceed 5,000 bytes in all.
        let first = Set((0..<100).map { "first-\($0)-" + String(repeating: "a", count: 30) })
        let second = Set((0..<40).map { "second-\($0)-" + String(repeating: "b", count: 30) })
        _ = try await harness.provider.tags(TagsRequest(.add(first)))
        await #expect { _ = try await harness.provider.tags(TagsRequest(.add(second))) } throws: {
            ($0 as? PushError)?.vendorCode == JPushResultCode.vendorCode(6008)
        }
    }

    @Test(arguments: [true, false])
    func theMockRefusesASecondRequestInFlight(alias: Bool) {
        let bridge = MockJPushBridge()
        bridge.aliasAnswer = .never
        bridge.tagAnswer = .never
        let codes = Locked<[Int]>([])
        let record: @Sendable (Int, String?, Int) -> Void = { code, _, _ in codes.withLock { $0.append(code) } }
        let recordTags: @Sendable (Int, Set<String>?, Int) -> Void = { code, _, _ in codes.withLock { $0.append(code) } }
        for seq in 1...2 {
            if alias { bridge.getAlias(seq: seq, completion: record) } else { bridge.getAllTags(seq: seq, completion: recordTags) }
        }
        #expect(codes.withLock { $0 } == [alias ? 6022 : 6021], "the second is refused at once; the first still waits")
        #expect(bridge.pendingSequences == [1])
    }

    @Test func theMockRefusesTheEleventhRequestWithinTenSeconds() {
        let clock = ManualScheduler()
        let bridge = MockJPushBridge(clock: clock)
        let codes = Locked<[Int]>([])
        for seq in 1...11 { bridge.getAlias(seq: seq) { code, _, _ in codes.withLock { $0.append(code) } } }
        #expect(codes.withLock { $0 } == Array(repeating: 0, count: 10) + [6011])
        clock.advance(by: JPushResultCode.rateWindow)
        bridge.getAlias(seq: 12) { code, _, _ in codes.withLock { $0.append(code) } }
        #expect(codes.withLock { $0.last } == 0)
    }
}
