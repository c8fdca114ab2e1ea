import PushBridge
import PushBridgeProviderKit

/// VoIP (PushKit) and Live Activities (ActivityKit): what the app hands the client, and the
/// stream of what it learns (``PushKitEvent``). Opt-in: an app links it only when it imports
/// `PushBridgePushKit`.
extension PushClient {
    /// Reports the incoming call a VoIP push announces to CallKit: the app's code, handed the push
    /// and the closure to call from CallKit's completion.
    ///
    /// Call `CXProvider.reportNewIncomingCall(with:update:completion:)` in it, at once, and pass
    /// `reported` as (or call it from) CallKit's completion. PushBridge calls the reporter first,
    /// synchronously, before anything else; and calls PushKit's completion only after
    /// `reported`, exactly once.
    package typealias IncomingCallReporter = @Sendable (_ push: PushKitEvent.VoIPPush, _ reported: @escaping @Sendable ((any Error)?) -> Void) -> Void

    /// A new stream of every ``PushKitEvent`` from now on (and, for the first subscriber, the
    /// events held until it came: a token that arrived at launch, typically).
    ///
    /// Registered before this method returns; ending the iteration unsubscribes.
    public func pushKitEvents() -> AsyncStream<PushKitEvent> {
        hub.subscribe()
    }

    /// How many ``pushKitEvents()`` streams are subscribed now.
    package var pushKitSubscriberCount: Int { hub.subscriberCount }

    /// The client's PushKit hub, made the first time.
    private var hub: PushKitEventHub {
        attachment { PushKitEventHub(heldLimit: options.heldEventLimit) }
    }

    // MARK: VoIP

    /// Handles a VoIP push the way iOS 13+ requires: the call is reported to CallKit first, and
    /// PushKit's completion runs after CallKit answered, exactly once.
    ///
    /// Call it from `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`. Apple: "For apps
    /// linked against the iOS 13 SDK or later, the system terminates your app if you fail to
    /// report these notifications to CallKit. If your app repeatedly fails to report VoIP
    /// notifications to CallKit, the system stops launching your app for VoIP push notifications"
    /// (https://developer.apple.com/documentation/pushkit/pkpushtype/voip; see also
    /// https://developer.apple.com/documentation/pushkit/responding-to-voip-notifications-from-pushkit).
    /// The report must be made at once, in the handler ("in the same run loop … without delay",
    /// Apple's iOS 13 guidance as quoted on https://forums.developer.apple.com/thread/117939), so
    /// `reportCall` is synchronous and runs before this method returns; PushBridge calls
    /// PushKit's `completion` only from `reported` — after CallKit's completion, which is what
    /// Twilio's quickstart found necessary for calls arriving in the background
    /// (twilio/voice-quickstart-objc#142).
    ///
    /// Then, in order: the provider's SDK gets its receipt (JPush and Getui
    /// `+handleVoipNotification:`), and, once `reported` runs, a ``PushKitEvent/voipPush(_:)``
    /// event with CallKit's answer is published.
    ///
    /// ```swift
    /// func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
    ///                   for type: PKPushType, completion: @escaping () -> Void) {
    ///     client.handleVoIPPush(payload.dictionaryPayload, completion: completion) { push, reported in
    ///         let update = CXCallUpdate()
    ///         update.remoteHandle = CXHandle(type: .generic, value: push.payload["caller"]?.stringValue ?? "Unknown")
    ///         callProvider.reportNewIncomingCall(with: UUID(), update: update, completion: reported)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - payload: `PKPushPayload.dictionaryPayload`, as JSON (the UIKit glue converts it).
    ///   - completion: PushKit's completion handler: run once, after `reported`.
    ///   - reportCall: The app's code that reports the call to CallKit.
    package func handleVoIPPush(_ payload: JSONObject, completion: @escaping @Sendable () -> Void, reportCall: IncomingCallReporter) {
        let push = PushKitEvent.VoIPPush(payload: payload)
        let pushKitCompletion = ExactlyOnce<Void> { _ in completion() }
        let hub = self.hub
        let reported = ExactlyOnce<PushKitEvent.VoIPPush.CallReport> { report in
            var answered = push
            answered.report = report
            hub.publish(.voipPush(answered))
            pushKitCompletion.complete(())
        }
        // First and at once: the call, to CallKit.
        reportCall(push) { error in
            reported.complete(error.map { .refused(String(describing: $0)) } ?? .reported)
        }
        (provider as? any VoIPProvider)?.handleVoIPPush(VoIPPushRequest(payload: payload))
    }

    /// Forwards the PushKit VoIP token (from `pushRegistry(_:didUpdate:for:)`) to each provider
    /// with ``PushCapabilities/voip`` and publishes it as ``PushKitEvent/tokenChanged(_:)``
    /// for the app's own server (plain APNs: the only way it gets there). An unchanged token is
    /// neither forwarded nor published again.
    package func didUpdateVoIPToken(_ token: [UInt8]) {
        updateToken(.voip, token)
    }

    /// PushKit invalidated the VoIP token (`pushRegistry(_:didInvalidatePushTokenFor:)`): a
    /// ``PushKitEvent/tokenChanged(_:)`` with no token, for the app's server. The providers
    /// are not told: neither JPush's nor Getui's header has a call for it.
    package func didInvalidateVoIPToken() {
        guard hub.recordToken(nil, for: .voip) else { return }
        hub.publish(.tokenChanged(PushKitEvent.TokenChange(kind: .voip, token: nil, forwardedTo: [])))
    }

    // MARK: Live Activities

    /// Forwards one Live Activity's push token (each value of ActivityKit's
    /// `activity.pushTokenUpdates`) to each provider with ``PushCapabilities/liveActivities``
    /// and publishes it as ``PushKitEvent/tokenChanged(_:)``.
    ///
    /// ```swift
    /// Task {
    ///     for await token in activity.pushTokenUpdates {
    ///         client.didUpdateLiveActivityToken(Array(token), activityID: activity.id)
    ///     }
    ///     client.didEndLiveActivity(activityID: activity.id)
    /// }
    /// ```
    package func didUpdateLiveActivityToken(_ token: [UInt8], activityID: String) {
        updateToken(.liveActivity(activityID: activityID), token)
    }

    /// The activity ended: the providers are told with no token where the vendor asks for it
    /// (JPush: "在liveActivity结束的时候，请同步调用该接口，pushToken传nil", `JPUSHService.h` 5.7.0
    /// L280), and a ``PushKitEvent/tokenChanged(_:)`` with no token is published.
    package func didEndLiveActivity(activityID: String) {
        updateToken(.liveActivity(activityID: activityID), nil)
    }

    /// Forwards the push-to-start token of an `ActivityAttributes` type (each value of
    /// `Activity<Attributes>.pushToStartTokenUpdates`, iOS 17.2+) to each provider with
    /// `PushCapabilities.liveActivityPushToStart` and publishes it.
    ///
    /// - Parameters:
    ///   - token: The push-to-start token's bytes.
    ///   - attributesType: The attributes type's name as the provider's server knows it (JPush
    ///     and Getui call it `activityAttributes`): `String(describing: DeliveryAttributes.self)`.
    package func didUpdatePushToStartToken(_ token: [UInt8], attributesType: String) {
        updateToken(.pushToStart(attributesType: attributesType), token)
    }

    // MARK: Internals

    /// The providers that take tokens of `kind` (each of a multiplex's).
    func providersTaking(_ kind: PushKitEvent.TokenKind) -> [any PushProvider] {
        let needed: PushCapabilities =
            switch kind {
            case .voip: .voip
            case .liveActivity: .liveActivities
            case .pushToStart: .liveActivityPushToStart
            }
        let all = (provider as? any ProviderGroup)?.providers ?? [provider]
        return all.filter { $0.capabilities.contains(needed) }
    }

    private func updateToken(_ kind: PushKitEvent.TokenKind, _ token: [UInt8]?) {
        let secret = token.map { SecretText(PushTokenHex.encode($0)) }
        let hub = self.hub
        guard hub.recordToken(secret, for: kind) else { return }
        if let features = options.features, !features.allows(kind) {
            // Switched off in the configuration: the app's server still gets it, no provider does.
            report(.featureNotSwitchedOn(PushFeatures.key(for: kind), token: kind))
            hub.publish(.tokenChanged(PushKitEvent.TokenChange(kind: kind, token: secret, forwardedTo: [])))
            return
        }
        let takers = providersTaking(kind)
        switch kind {
        case .voip: (provider as? any VoIPProvider)?.registerVoIPToken(VoIPTokenRequest(token: token))
        case .liveActivity, .pushToStart:
            (provider as? any LiveActivityProvider)?.registerLiveActivityToken(LiveActivityTokenRequest(kind: kind, token: token))
        }
        hub.publish(.tokenChanged(PushKitEvent.TokenChange(kind: kind, token: secret, forwardedTo: takers.map(\.id))))
    }
}
