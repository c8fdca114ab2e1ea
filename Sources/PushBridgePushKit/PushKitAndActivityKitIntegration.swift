#if canImport(PushKit) && canImport(UIKit)
    // Apple-only glue, never compiled on Linux: PushKit's and ActivityKit's types converted at
    // the edge, every decision left to `PushClient+PushKit.swift` (tested on Linux).
    import Foundation
    import PushBridge
    import PushKit

    extension PushClient {
        /// `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`: a `.voIP` push goes to
        /// `PushClient.handleVoIPPush(_:completion:reportCall:)` (the call reported first,
        /// PushKit's completion once, after CallKit answered); another type completes at once.
        ///
        /// ```swift
        /// func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
        ///                   for type: PKPushType, completion: @escaping () -> Void) {
        ///     client.handleVoIPPush(payload, for: type, completion: completion) { push, reported in
        ///         callProvider.reportNewIncomingCall(with: UUID(), update: update(for: push), completion: reported)
        ///     }
        /// }
        /// ```
        ///
        /// `completion` is PushKit's handler as the delegate method receives it: not `Sendable`
        /// in the iOS 17 SDK's declaration, and whatever a newer SDK declares converts to this
        /// plain closure type, so the app passes it as it is with either.
        ///
        /// `reportCall` reports the incoming call the push announces to CallKit: call
        /// `CXProvider.reportNewIncomingCall(with:update:completion:)` in it, at once, and pass
        /// `reported` as (or call it from) CallKit's completion. PushBridge calls it first,
        /// synchronously, before anything else, and calls PushKit's completion only after
        /// `reported`, exactly once.
        public func handleVoIPPush(
            _ payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void,
            reportCall: @Sendable (_ push: PushKitEvent.VoIPPush, _ reported: @escaping @Sendable ((any Error)?) -> Void) -> Void
        ) {
            // PushKit's handler may be called from any thread; the client calls it exactly once.
            nonisolated(unsafe) let completion = completion
            guard type == .voIP else { return completion() }
            // A payload with no JSON form is handed on as an empty object: the call must be
            // reported whatever it carries.
            var json = JSONObject()
            if case .object(let object)? = try? JSONValue(foundation: payload.dictionaryPayload) { json = object }
            handleVoIPPush(json, completion: { completion() }, reportCall: reportCall)
        }

        /// `pushRegistry(_:didUpdate:for:)`: the VoIP token, to the providers and the app's server.
        public func didUpdate(_ credentials: PKPushCredentials, for type: PKPushType) {
            guard type == .voIP else { return }
            didUpdateVoIPToken(Array(credentials.token))
        }

        /// `pushRegistry(_:didInvalidatePushTokenFor:)`.
        public func didInvalidatePushToken(for type: PKPushType) {
            guard type == .voIP else { return }
            didInvalidateVoIPToken()
        }
    }
#endif

#if canImport(ActivityKit) && canImport(UIKit)
    import ActivityKit
    import PushBridge

    extension PushClient {
        /// Forwards each push token of `activity` (`pushTokenUpdates`, iOS 16.1+) until the
        /// sequence ends, then reports the activity ended. Run it in a task per activity.
        ///
        /// From a task that owns the activity; from a new task, use
        /// ``forwardPushTokens(ofActivityWithID:attributes:)``.
        @available(iOS 16.1, *)
        public func forwardPushTokens<Attributes: ActivityAttributes>(of activity: Activity<Attributes>) async {
            for await token in activity.pushTokenUpdates {
                didUpdateLiveActivityToken(Array(token), activityID: activity.id)
            }
            didEndLiveActivity(activityID: activity.id)
        }

        /// Forwards the push tokens of the running activity with identifier `activityID`, as
        /// ``forwardPushTokens(of:)`` does; does nothing when no such activity runs.
        ///
        /// For a task of its own: `Activity` is not `Sendable` in the iOS 17 SDK, so a task that
        /// captured the activity itself would not compile in Swift 6 mode; its identifier is a
        /// `String`, and this builds whether or not a newer SDK marks `Activity` `Sendable`.
        ///
        /// ```swift
        /// let activity = try Activity.request(attributes: attributes, content: content, pushType: .token)
        /// let id = activity.id
        /// Task { await client.forwardPushTokens(ofActivityWithID: id, attributes: DeliveryAttributes.self) }
        /// ```
        @available(iOS 16.1, *)
        public func forwardPushTokens<Attributes: ActivityAttributes>(ofActivityWithID activityID: String, attributes _: Attributes.Type) async {
            guard let activity = Activity<Attributes>.activities.first(where: { $0.id == activityID }) else { return }
            await forwardPushTokens(of: activity)
        }

        /// Forwards each push-to-start token of `Attributes` (`pushToStartTokenUpdates`, iOS
        /// 17.2+), named by the type's name (what JPush and Getui call `activityAttributes`).
        @available(iOS 17.2, *)
        public func forwardPushToStartTokens<Attributes: ActivityAttributes>(for _: Attributes.Type) async {
            for await token in Activity<Attributes>.pushToStartTokenUpdates {
                didUpdatePushToStartToken(Array(token), attributesType: String(describing: Attributes.self))
            }
        }
    }
#endif
