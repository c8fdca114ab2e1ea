#if canImport(PushKit) && canImport(UIKit)
    // Apple-only glue, never compiled on Linux: PushKit's and ActivityKit's types converted at
    // the edge, every decision left to `PushClient+Channels.swift` (tested on Linux).
    import Foundation
    import PushBridge
    import PushKit

    extension PushClient {
        /// `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`: a `.voIP` push goes to
        /// ``PushClient/handleVoIPPush(_:completion:reportCall:)`` (the call reported first,
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
        public func handleVoIPPush(
            _ payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void, reportCall: IncomingCallReporter
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
        /// ```swift
        /// let activity = try Activity.request(attributes: attributes, content: content, pushType: .token)
        /// Task { await client.forwardPushTokens(of: activity) }
        /// ```
        @available(iOS 16.1, *)
        public func forwardPushTokens<Attributes: ActivityAttributes>(of activity: Activity<Attributes>) async {
            for await token in activity.pushTokenUpdates {
                didUpdateLiveActivityToken(Array(token), activityID: activity.id)
            }
            didEndLiveActivity(activityID: activity.id)
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
