/// What PushBridge learns from the push channels beside the notification center: VoIP pushes
/// (PushKit) and the push tokens of VoIP and Live Activities (PushKit, ActivityKit).
///
/// A type and a stream of their own (`PushClient.channelEvents()`), not new ``PushEvent``
/// cases, for three reasons:
/// - An app's `switch` over ``PushEvent`` is exhaustive (a source package's enum is not
///   resilient, so there is no `@unknown default`): a new case would break every app that
///   upgrades, whether or not it uses VoIP.
/// - A VoIP push cannot be *handled* from an asynchronous stream: iOS 13+ requires the call to be
///   reported to CallKit before the PushKit handler's work ends, which `PushClient.handleVoIPPush(_:completion:reportCall:)`
///   does synchronously. The event only says, afterwards, what arrived and how its report went.
/// - These tokens go to a different place than the notification events: the app's VoIP or Live
///   Activity server, not the router of notification taps.
///
/// ```swift
/// Task {
///     for await event in client.channelEvents() {
///         switch event {
///         case .tokenChanged(let change): await server.upload(change.kind, change.token?.revealed)
///         case .voipPush(let push): log.info("call push \(push)") // already reported to CallKit
///         case .tokenForwardingFailed(let failure): log.error("\(failure)")
///         }
///     }
/// }
/// ```
public enum PushChannelEvent: Sendable, Equatable {
    /// A VoIP push arrived and its call was reported to CallKit (the report's outcome inside).
    case voipPush(VoIPPush)
    /// A VoIP, Live Activity or push-to-start token arrived, changed or ended (masked when
    /// printed): send it to the server that pushes to it. Published whatever the provider.
    case tokenChanged(TokenChange)
    /// A provider did not accept a token (its SDK refused it, or answered with an error).
    case tokenForwardingFailed(ForwardingFailure)
}

extension PushChannelEvent {
    /// Which of the tokens beside the APNs device token a ``PushChannelEvent/TokenChange`` is.
    public enum TokenKind: Sendable, Hashable, CustomStringConvertible {
        /// The PushKit VoIP token (`pushRegistry(_:didUpdate:for:)` with `.voIP`).
        case voip
        /// One Live Activity's push token (ActivityKit `Activity.pushTokenUpdates`, iOS 16.1+), with
        /// the identifier the app's server knows the activity by (`Activity.id`, or the app's own).
        case liveActivity(activityID: String)
        /// The push-to-start token of one `ActivityAttributes` type (ActivityKit
        /// `Activity<Attributes>.pushToStartTokenUpdates`, iOS 17.2+), with the type's name.
        case pushToStart(attributesType: String)

        /// `voip`, `liveActivity(order-42)`, `pushToStart(DeliveryAttributes)`.
        public var description: String {
            switch self {
            case .voip: "voip"
            case .liveActivity(let id): "liveActivity(\(id))"
            case .pushToStart(let type): "pushToStart(\(type))"
            }
        }
    }

    /// A VoIP push, as PushKit handed it over (`PKPushPayload.dictionaryPayload`).
    ///
    /// Printed without its content: a call push carries who is calling.
    public struct VoIPPush: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
        /// The payload (`dictionaryPayload`).
        public var payload: JSONObject
        /// How the app's call report went: `nil` while CallKit has not answered, else the error
        /// CallKit answered with (`nil` inside: the call was shown).
        public var report: CallReport?

        /// How CallKit answered `reportNewIncomingCall(with:update:completion:)`.
        public enum CallReport: Sendable, Equatable, CustomStringConvertible {
            /// CallKit showed the call.
            case reported
            /// CallKit refused it (Do Not Disturb, a blocked caller, a duplicate UUID, …): the
            /// error's description. The call still counts as reported for PushKit's rule.
            case refused(String)

            /// `reported` or `refused(…)`.
            public var description: String {
                switch self {
                case .reported: "reported"
                case .refused(let reason): "refused(\(reason))"
                }
            }
        }

        /// A push from its payload.
        public init(payload: JSONObject, report: CallReport? = nil) {
            self.payload = payload
            self.report = report
        }

        /// The keys and the report; never the values.
        public var description: String {
            "VoIPPush(keys: \(payload.count), report: \(report.map { "\($0)" } ?? "pending"))"
        }

        /// The same as ``description``.
        public var debugDescription: String { description }

        /// A mirror without the values.
        public var customMirror: Mirror {
            Mirror(self, children: ["keys": payload.keys.sortedByUTF8(), "report": report as Any], displayStyle: .struct)
        }
    }

    /// A token arrived, changed or ended. Masked in every description.
    public struct TokenChange: Sendable, Equatable, CustomStringConvertible {
        /// Which token.
        public var kind: TokenKind
        /// The token in lowercase hex, masked when printed; `nil` when it ended (the activity ended,
        /// PushKit invalidated the VoIP token): tell the server to stop pushing to it.
        public var token: SecretText?
        /// The providers it was forwarded to (those with the capability for this kind).
        public var forwardedTo: [PushProviderID]

        /// A change from its parts.
        public init(kind: TokenKind, token: SecretText?, forwardedTo: [PushProviderID]) {
            self.kind = kind
            self.token = token
            self.forwardedTo = forwardedTo
        }

        /// `TokenChange(voip, ••••9f0a, forwardedTo: [jpush])`.
        public var description: String {
            "TokenChange(\(kind), \(token.map(\.masked) ?? "ended"), forwardedTo: \(forwardedTo))"
        }
    }

    /// A provider did not accept a token.
    public struct ForwardingFailure: Sendable, Equatable, CustomStringConvertible {
        /// The provider.
        public var provider: PushProviderID
        /// Which token.
        public var kind: TokenKind
        /// Why (the vendor's code where it gave one; never the token).
        public var error: PushError

        /// A failure from its parts.
        public init(provider: PushProviderID, kind: TokenKind, error: PushError) {
            self.provider = provider
            self.kind = kind
            self.error = error
        }

        /// `ForwardingFailure(getui, voip: …)`.
        public var description: String { "ForwardingFailure(\(provider), \(kind): \(error))" }
    }
}
