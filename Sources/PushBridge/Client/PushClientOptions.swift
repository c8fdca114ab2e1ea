/// The tunable bounds and defaults of a ``PushClient``. Every default is documented here.
public struct PushClientOptions: Sendable, Hashable {
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
    /// active (``PushClient/applicationDidBecomeActive()``) emits it at once.
    public var launchSettleTime: Double

    /// Options with the documented defaults, each overridable.
    public init(
        heldEventLimit: Int = 100,
        dedupeWindow: Int = PushEventNormalizer.defaultDedupeWindow,
        fetchBudget: Double = 30,
        watchdogMargin: Double = 5,
        fetchTimeoutResult: BackgroundFetchResult = .failed,
        defaultPresentation: PresentationOptions = [.banner, .list, .sound, .badge],
        presentationTimeout: Double = 5,
        launchSettleTime: Double = 2
    ) {
        self.heldEventLimit = max(0, heldEventLimit)
        self.dedupeWindow = max(1, dedupeWindow)
        self.fetchBudget = fetchBudget
        self.watchdogMargin = watchdogMargin
        self.fetchTimeoutResult = fetchTimeoutResult
        self.defaultPresentation = defaultPresentation
        self.presentationTimeout = presentationTimeout
        self.launchSettleTime = launchSettleTime
    }

    /// When the fetch watchdog fires: the budget less the margin, never negative.
    public var fetchWatchdogDelay: Double { max(0, fetchBudget - watchdogMargin) }
}
