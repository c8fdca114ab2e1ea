import PushBridge
import PushBridgeModel
import PushBridgePushKit

/// What PushKit remembers of an app on a simulated device: how often it failed to report a VoIP
/// push's call, and whether iOS stopped launching it for VoIP pushes.
struct VoIPRecord: Sendable {
    var failures = 0
    var stopped = false
}

/// CallKit on a simulated device: what the app's call reporter calls instead of
/// `CXProvider.reportNewIncomingCall(with:update:completion:)`.
///
/// Like CallKit, it answers later (on its own queue, CallKit says: here, once the app's PushKit
/// handler has returned), with `nil` or the refusal the test chose.
public final class SimulatedCallKit: Sendable {
    private struct State {
        var reports: [String] = []
        var pending: [@Sendable ((any Error)?) -> Void] = []
    }
    private let state = Locked(State())
    /// Why CallKit refuses calls (Do Not Disturb, a blocked caller), or `nil`: it shows them.
    public let refusal: String?

    /// CallKit that shows every call, or refuses each with `refusal`.
    public init(refusal: String? = nil) {
        self.refusal = refusal
    }

    /// Reports an incoming call with the app's UUID; `completion` runs when CallKit answers.
    public func reportNewIncomingCall(uuid: String, completion: @escaping @Sendable ((any Error)?) -> Void) {
        state.withLock { state in
            state.reports.append(uuid)
            state.pending.append(completion)
        }
    }

    /// The UUIDs of the calls reported, in order.
    public var reportedCalls: [String] { state.withLock { $0.reports } }

    /// Answers every report not answered yet.
    func answerPending() {
        let pending = state.withLock { state in
            defer { state.pending.removeAll() }
            return state.pending
        }
        let error: (any Error)? = refusal.map { PushError(.providerFailure, field: "call", $0) }
        for completion in pending { completion(error) }
    }
}

/// What happened to one VoIP push on a simulated device.
public struct VoIPDelivery: Sendable, Hashable {
    /// Whether PushKit delivered it (`false` once iOS stopped launching the app for VoIP).
    public var delivered: Bool
    /// Whether the push launched the app (it was not running).
    public var launched: Bool
    /// How many calls the app reported to CallKit before its PushKit handler returned.
    public var callsReportedInHandler: Int
    /// How many times the PushKit completion handler ran.
    public var completionCount: Int
    /// Whether the completion ran before any call was reported.
    public var completedBeforeReport: Bool
    /// Whether iOS terminated the app for not reporting a call.
    public var terminated: Bool
    /// Whether, after this push, iOS stopped launching the app for VoIP pushes.
    public var deliveryStopped: Bool
}

extension SimulatedDevice {
    /// The app's PushKit handler (`pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`):
    /// handed the running process's client, the push's payload, the device's CallKit and PushKit's
    /// completion.
    public typealias VoIPHandler =
        @Sendable (
            _ client: PushClient, _ payload: JSONObject, _ callKit: SimulatedCallKit, _ completion: @escaping @Sendable () -> Void
        ) -> Void

    /// How many unreported VoIP pushes make iOS stop launching the app for VoIP. Apple gives no
    /// number ("If your app repeatedly fails to report VoIP notifications to CallKit, the system
    /// stops launching your app for VoIP push notifications",
    /// https://developer.apple.com/documentation/pushkit/pkpushtype/voip): 3 is an inference.
    public static let voipFailuresBeforeStop = 3

    /// Sends a VoIP push (`apns-push-type: voip`) and runs the app's PushKit handler as iOS 13+
    /// does, enforcing the rule: "For apps linked against the iOS 13 SDK or later, the system
    /// terminates your app if you fail to report these notifications to CallKit"
    /// (https://developer.apple.com/documentation/pushkit/pkpushtype/voip). A call must be
    /// reported before the handler returns (the same run loop: Apple's iOS 13 guidance, as
    /// quoted on https://forums.developer.apple.com/thread/117939) and before the completion
    /// runs; otherwise the process ends, and after ``voipFailuresBeforeStop`` such pushes iOS no
    /// longer delivers any.
    ///
    /// A VoIP push never reaches the notification delegates (it is PushKit's, not the
    /// notification center's). The app is launched in the background if it is not running
    /// (also after a force quit: an inference — PushKit's documentation says it launches the app,
    /// and does not make the exception background pushes have).
    ///
    /// ```swift
    /// let outcome = device.deliverVoIPPush(["caller": "Ada"], callKit: callKit) { client, payload, callKit, completion in
    ///     client.handleVoIPPush(payload, completion: completion) { push, reported in
    ///         callKit.reportNewIncomingCall(uuid: "A1", completion: reported)
    ///     }
    /// }
    /// // outcome.terminated == false, outcome.completionCount == 1
    /// ```
    @discardableResult
    public func deliverVoIPPush(
        _ payload: JSONObject, callKit: SimulatedCallKit = SimulatedCallKit(), handler: VoIPHandler
    ) -> VoIPDelivery {
        if voip.withLock({ $0.stopped }) {
            return VoIPDelivery(
                delivered: false, launched: false, callsReportedInHandler: 0, completionCount: 0, completedBeforeReport: false, terminated: false,
                deliveryStopped: true)
        }
        var launched = false
        if client == nil {
            startProcess(as: .background)
            launched = true
        }
        guard let client else {
            return VoIPDelivery(
                delivered: false, launched: launched, callsReportedInHandler: 0, completionCount: 0, completedBeforeReport: false, terminated: false,
                deliveryStopped: false)
        }
        let completions = Locked((count: 0, beforeReport: false))
        let before = callKit.reportedCalls.count
        handler(client, payload, callKit) {
            let reported = callKit.reportedCalls.count > before
            completions.withLock { state in
                state.count += 1
                if !reported { state.beforeReport = true }
            }
        }
        let inHandler = callKit.reportedCalls.count - before
        // CallKit answers once the handler has returned.
        callKit.answerPending()
        let (count, beforeReport) = completions.withLock { ($0.count, $0.beforeReport) }
        let compliant = inHandler > 0 && !beforeReport
        var stopped = false
        if !compliant {
            end(as: .notRunning)
            stopped = voip.withLock { record in
                record.failures += 1
                if record.failures >= Self.voipFailuresBeforeStop { record.stopped = true }
                return record.stopped
            }
        }
        return VoIPDelivery(
            delivered: true, launched: launched, callsReportedInHandler: inHandler, completionCount: count, completedBeforeReport: beforeReport,
            terminated: !compliant, deliveryStopped: stopped)
    }

    /// Whether iOS has stopped launching the app for VoIP pushes.
    public var voipDeliveryStopped: Bool { voip.withLock { $0.stopped } }

    /// ActivityKit hands the running app a Live Activity's push token (`pushTokenUpdates`); the
    /// app's code forwards it, as it would on a device: `client.didUpdateLiveActivityToken`.
    /// Does nothing when the app is not running (ActivityKit has no one to hand it to).
    public func updateLiveActivityToken(_ token: [UInt8], activityID: String) {
        client?.didUpdateLiveActivityToken(token, activityID: activityID)
    }
}
