import PushBridgeCore
import PushBridgeProviderKit

/// The tunable bounds and defaults of a ``PushClient``. Every default is documented here.
public struct PushClientOptions: Sendable, Equatable {
    /// Events held while nobody is subscribed, delivered in order to the next subscriber.
    /// Beyond it the oldest are dropped and counted (``PushClient/droppedEventCount``). Default 100.
    public var heldEventLimit: Int
    /// Recent events remembered for deduplication (on id, kind and origin). Default 1,024.
    public var dedupeWindow: Int
    /// The time iOS gives a background fetch (method 3, Getui passthrough): 30 s.
    public var fetchBudget: Double
    /// How long before the system's deadline the watchdog answers for the app. Default 5 s,
    /// so the fetch watchdog fires at 25 s.
    public var watchdogMargin: Double
    /// What the watchdog reports when the app's background work has not answered: `.failed`
    /// (the work did not finish), so iOS does not count it as new data.
    public var fetchTimeoutResult: BackgroundFetchResult
    /// How a foreground notification is presented when the app sets no presentation handler,
    /// and when its handler does not answer within ``presentationTimeout``:
    /// banner, list, sound and badge (what most apps write by hand). The Apple integration maps
    /// `banner`/`list` to `alert` before iOS 14.
    public var defaultPresentation: PresentationOptions
    /// How long the app's presentation handler may take: 5 s.
    public var presentationTimeout: Double
    /// How long a launch that carried a notification waits for the callback that completes it
    /// (5 or 3) before its event is emitted from the launch options alone: 2 s. Becoming
    /// active (`PushClient.applicationDidBecomeActive()`) emits it at once.
    public var launchSettleTime: Double
    /// How close in time two callbacks must be to be taken as one delivery when only their
    /// payload ties them (no message ID, no request identifier): 1 s. <doc:OneDeliveryOneEvent> has
    /// the rule and why this bound is safe.
    public var correlationInterval: Double
    /// What happens to the completion handler of a call that repeats a call of the same
    /// delivery and path whose completion is still pending (an SDK hooking the method and the
    /// app forwarding it too): ``PushClientOptions/RepeatedCallCompletion/sameHandler`` by default.
    public var repeatedCallCompletion: RepeatedCallCompletion
    /// The features the configuration switched on (`PushConfiguration.features`): a token of a
    /// feature that is off is published but not forwarded to the providers, and a
    /// `PushDiagnostic.Code.featureNotSwitchedOn` diagnostic says so. `nil` (the default, a
    /// client not built from a configuration): every token is forwarded.
    package var features: PushFeatures?
    /// The provider the app chose (from its server, or a user's setting), instead of the one the
    /// configuration file picks by the App Store storefront (`"markets"`); it must be one the
    /// file names. `nil` (the default): the file decides.
    public var provider: PushProviderID?
    /// The APNs environment the client was told at launch (the app's signing); `nil` for a
    /// client not built from a configuration, which reads the signing itself.
    package var environment: PushAdapter.Environment?

    /// Options with the documented defaults, each overridable.
    public init(
        heldEventLimit: Int = 100,
        dedupeWindow: Int = 1_024,
        fetchBudget: Double = 30,
        watchdogMargin: Double = 5,
        fetchTimeoutResult: BackgroundFetchResult = .failed,
        defaultPresentation: PresentationOptions = [.banner, .list, .sound, .badge],
        presentationTimeout: Double = 5,
        launchSettleTime: Double = 2,
        correlationInterval: Double = 1,
        repeatedCallCompletion: RepeatedCallCompletion = .sameHandler
    ) {
        self.heldEventLimit = max(0, heldEventLimit)
        self.dedupeWindow = max(1, dedupeWindow)
        self.fetchBudget = fetchBudget
        self.watchdogMargin = watchdogMargin
        self.fetchTimeoutResult = fetchTimeoutResult
        self.defaultPresentation = defaultPresentation
        self.presentationTimeout = presentationTimeout
        self.launchSettleTime = launchSettleTime
        self.correlationInterval = max(0, correlationInterval)
        self.repeatedCallCompletion = repeatedCallCompletion
        features = nil
    }

    /// When the fetch watchdog fires: the budget less the margin, never negative.
    package var fetchWatchdogDelay: Double { max(0, fetchBudget - watchdogMargin) }
}

extension PushClientOptions {
    /// How PushBridge answers the completion handler of a callback that repeats one of the same
    /// delivery and path while that one's handler is still pending.
    ///
    /// The two arrangements that produce such repeats disagree, so this is a knob:
    /// - An SDK that hooks the app-delegate method and the app forwarding the same method hand the
    ///   **same** system handler down both paths (Getui hooks method 3 and completes it itself: its
    ///   own Flutter plugin leaves the app's method 3 without completing, `GetuiflutPlugin.m`).
    ///   Calling it twice crashes or is reported as a crash (firebase-ios-sdk#8442,
    ///   OneSignal-iOS-SDK#148, appboy-ios-sdk#69): ``sameHandler``, the default.
    /// - SDKs chained on one delegate that each wrap the handler hand **different** handlers, and
    ///   each waits for its own: ``answerEach``.
    public enum RepeatedCallCompletion: Sendable, Equatable {
        /// The repeat's handler is the first call's: it is not called again (the first call's
        /// answer reaches the system once).
        case sameHandler
        /// The repeat's handler is its own: it is called once, with the first call's answer, when
        /// that answer is known. The app's handler still decides only once.
        case answerEach
    }
}
