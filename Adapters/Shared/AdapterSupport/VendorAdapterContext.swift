import PushBridge
import PushBridgeProviderKit

/// What every vendor SDK's adapter (JPush's, Getui's) keeps besides its settings and its bridge:
/// the app's answers and the device's facts it was made with, the privacy-consent gate, the
/// sequenced alias and tag replies, and the client's sink.
///
/// One per provider, made in its `init`; the provider keeps its vendor-specific state itself.
package final class VendorAdapterContext: Sendable {
    /// The vendor's name in messages and errors ("JPush", "Getui").
    package let vendor: String
    /// The application state during a callback.
    package let applicationState: @Sendable () -> ApplicationState
    /// The iOS the app runs on (`nil`: not iOS, the options pass unchanged).
    package let systemVersion: IOSVersion?
    /// Time, for the watchdogs and the vendor's time rules.
    package let scheduler: any PushScheduler
    /// Where the calls the SDK needs on the main thread are made.
    package let sdkThread: SDKThread
    /// The advertising identifier, read when the SDK starts.
    package let advertisingIdentifier: @Sendable () -> String?
    /// The user's answer to the privacy policy: no SDK call before it is granted.
    package let consent = PrivacyConsentGate()
    /// Alias requests and their answers, by sequence number.
    package let aliasReplies: SequencedReplies<AliasRequest.Outcome>
    /// Tag requests and their answers, by sequence number.
    package let tagReplies: SequencedReplies<TagsRequest.Outcome>
    /// The client's sink.
    private let storedSink = Locked(PushEventSink.discarding)

    /// A context for `vendor`'s adapter; `oneAtATime`: alias (and tag) requests wait for the
    /// previous one's answer, as the vendor requires.
    package init(
        vendor: String, scheduler: any PushScheduler, systemVersion: IOSVersion?, sdkThread: SDKThread,
        advertisingIdentifier: @escaping @Sendable () -> String?, applicationState: @escaping @Sendable () -> ApplicationState,
        oneAtATime: Bool
    ) {
        self.vendor = vendor
        self.scheduler = scheduler
        self.systemVersion = systemVersion
        self.sdkThread = sdkThread
        self.advertisingIdentifier = advertisingIdentifier
        self.applicationState = applicationState
        aliasReplies = SequencedReplies(scheduler: scheduler, operation: "alias", oneAtATime: oneAtATime)
        tagReplies = SequencedReplies(scheduler: scheduler, operation: "tags", oneAtATime: oneAtATime)
    }

    /// The client's sink (discarding until the client attaches).
    package var sink: PushEventSink { storedSink.withLock { $0 } }

    /// Keeps the client's sink.
    package func attach(to sink: PushEventSink) { storedSink.withLock { $0 = sink } }

    /// The options to hand the SDK's completion handler for the running iOS.
    package func systemOptions(_ options: PresentationOptions) -> PresentationOptions {
        guard let systemVersion else { return options }
        return PresentationAdapter.systemOptions(options, on: systemVersion)
    }

    /// Throws `PushError/Code/consentRequired`, naming `call`, until the user granted consent.
    package func requireConsent(for call: String) throws(PushError) {
        try consent.require(for: call, provider: vendor)
    }

    /// Whether the SDK's `selector` may be called now; if not, reports the call withheld as a
    /// `PushDiagnostic/Code/withheldBeforeConsent` diagnostic.
    package func mayCall(_ selector: String, notificationID: String = "none") -> Bool {
        do throws(PushError) {
            try requireConsent(for: selector)
            return true
        } catch {
            sink.report(
                PushDiagnostic(
                    code: .withheldBeforeConsent, notificationID: notificationID, message: "\(vendor) \(selector) was not called: \(error.message)",
                    error: error))
            return false
        }
    }
}
