import PushBridge
import PushBridgeModel
import PushBridgePushKit
import PushBridgeTesting
import Testing

/// iOS 13+'s VoIP rule on the simulated device: report the call, or the process ends.
@Suite struct SimulatedDeviceVoIPTests {
    static func device() -> SimulatedDevice {
        SimulatedDevice(ios: IOSVersion(17), app: SimulatedApp())
    }

    /// The app through PushBridge's facade: the compliant path.
    static let compliant: SimulatedDevice.VoIPHandler = { client, payload, callKit, completion in
        client.handleVoIPPush(payload, completion: completion) { _, reported in
            callKit.reportNewIncomingCall(uuid: "A1", completion: reported)
        }
    }

    /// An app that completes without reporting a call.
    static let nonCompliant: SimulatedDevice.VoIPHandler = { _, _, _, completion in completion() }

    @Test func anAppThatReportsTheCallKeepsRunningAndGetsItsEvent() async throws {
        let device = Self.device()
        let outcome = device.deliverVoIPPush(["caller": "Ada"], handler: Self.compliant)
        #expect(outcome.launched)
        #expect(outcome.callsReportedInHandler == 1)
        #expect(outcome.completionCount == 1)
        #expect(!outcome.terminated)
        #expect(device.appState == .background)
        #expect(device.calls.isEmpty, "a VoIP push reaches no notification delegate")
        let client = try #require(device.client)
        var iterator = client.pushKitEvents().makeAsyncIterator()
        #expect(await iterator.next() == .voipPush(PushKitEvent.VoIPPush(payload: ["caller": "Ada"], report: .reported)))
    }

    @Test func anAppThatDoesNotReportIsTerminatedAndAfterRepeatedFailuresGetsNoMoreVoIPPushes() {
        let device = Self.device()
        for attempt in 1...SimulatedDevice.voipFailuresBeforeStop {
            let outcome = device.deliverVoIPPush(["caller": "Ada"], handler: Self.nonCompliant)
            #expect(outcome.delivered)
            #expect(outcome.terminated)
            #expect(outcome.completedBeforeReport)
            #expect(device.client == nil, "the process ended")
            #expect(outcome.deliveryStopped == (attempt == SimulatedDevice.voipFailuresBeforeStop))
        }
        let after = device.deliverVoIPPush(["caller": "Ada"], handler: Self.compliant)
        #expect(!after.delivered)
        #expect(after.deliveryStopped)
        #expect(device.launchCount == SimulatedDevice.voipFailuresBeforeStop)
    }

    @Test func reportingLaterThanTheHandlerIsTooLate() {
        let device = Self.device()
        let late = Locked<SimulatedCallKit?>(nil)
        let outcome = device.deliverVoIPPush([:]) { _, _, callKit, _ in late.withLock { $0 = callKit } }
        late.withLock { $0 }?.reportNewIncomingCall(uuid: "A1") { _ in }
        #expect(outcome.terminated)
        #expect(outcome.callsReportedInHandler == 0)
    }

    @Test func aRefusedCallStillCountsAsReported() async throws {
        let device = Self.device()
        let outcome = device.deliverVoIPPush(["caller": "Ada"], callKit: SimulatedCallKit(refusal: "Do Not Disturb"), handler: Self.compliant)
        #expect(!outcome.terminated)
        #expect(outcome.completionCount == 1)
        var iterator = try #require(device.client).pushKitEvents().makeAsyncIterator()
        guard case .voipPush(let push) = await iterator.next() else {
            Issue.record("no event")
            return
        }
        #expect(push.report.map { "\($0)" }?.contains("Do Not Disturb") == true)
    }

    @Test func aLiveActivityPushReachesNoDelegateAndItsTokenIsAnEvent() async throws {
        let device = Self.device()
        device.openFromIcon()
        let callsBefore = device.calls.count
        try device.deliver(.remote(["aps": ["event": "update", "timestamp": 1, "content-state": [:]]]), pushType: .liveactivity)
        #expect(device.calls.count == callsBefore)
        device.updateLiveActivityToken([1, 2, 3, 4, 5, 6, 7, 8], activityID: "order-42")
        var iterator = try #require(device.client).pushKitEvents().makeAsyncIterator()
        guard case .tokenChanged(let change) = await iterator.next() else {
            Issue.record("no event")
            return
        }
        #expect(change.kind == .liveActivity(activityID: "order-42"))
        #expect("\(change)".contains("••••0708"))
    }
}
