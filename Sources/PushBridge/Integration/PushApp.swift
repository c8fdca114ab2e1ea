import PushBridgeCore
import PushBridgeProviderKit

/// An app's push code, free of UIKit: what it decides at launch (its adapters, its configuration
/// file, the user's consent, what to ask the user for), what it does with each event, how it
/// presents a notification that arrives in the foreground, and what it does once push has started.
///
/// `PushAppDelegate` (PushBridgeUIKit) is one, and is driven by one: by default the app's delegate
/// is its own push app, as the README's minimal example writes it. An app that tests its handling
/// on Linux writes these members in a type of its own, which `PushAppDelegate` runs on a device
/// and PushBridgeTesting's `SimulatedDevice` runs, unchanged, on every simulated launch — both
/// through ``launch(_:categories:)``:
///
/// ```swift
/// final class ChatPush: PushApp {
///     var pushAdapters: [PushAdapter] { [.apns, .jpush, .getui] }  // push.json picks one
///     var privacyConsent: PrivacyConsent { .granted }
///     func handle(_ event: PushEvent) {
///         if case .opened(let opened) = event { print("opened", opened.notification.id) }
///     }
/// }
/// ```
///
/// Every member runs on the main actor, as UIKit's callbacks do; each has a default but
/// ``pushAdapters``.
@MainActor
public protocol PushApp: AnyObject, Sendable {
    /// The adapters the app links (`[.apns, .jpush, .getui]`); the configuration file picks one.
    var pushAdapters: [PushAdapter] { get }
    /// The configuration file's name in the main bundle: `push.json` by default.
    var pushConfigurationFile: String { get }
    /// The provider the app chose itself (from its server, a user's setting), read at launch:
    /// `nil` by default, so that the configuration file decides — its `provider`, or its
    /// `markets` by the App Store storefront ("One binary for China and abroad"). It must be one
    /// the file names.
    var pushProvider: PushProviderID? { get }
    /// The user's answer to the app's privacy policy, read at launch: `.denied` by default, so
    /// that no provider starts — plain APNs included — and no permission prompt appears (a
    /// `registrationFailed` event says consent is required) until the app says otherwise. When
    /// the user accepts later, call `push.start(consent: .granted)`; when they withdraw it,
    /// `push.start(consent: .denied)` turns push off for every provider. An app that asks no
    /// consent for push (plain APNs outside mainland China) returns `.notRequired`.
    var privacyConsent: PrivacyConsent { get }
    /// What to ask the user for when push starts: alerts, badges and sounds by default, so that
    /// the permission prompt follows the consent. `[.provisional]` (iOS 12+: delivered quietly, no
    /// prompt) asks later, when the app chooses, with `push.authorizationStatus(requesting:)`.
    var authorizationOptions: AuthorizationOptions { get }
    /// Receives each event of the client, on the main actor, in order: held ones (the tap that
    /// launched the app) first. Nothing by default.
    func handle(_ event: PushEvent)
    /// How to present `notification`, which arrived while the app is in the foreground (the
    /// answer to `willPresentNotification`): ``PushClientOptions/defaultPresentation`` (banner,
    /// list, sound, badge) by default.
    func presentation(for notification: PushNotification) -> PresentationOptions
    /// The app's own code once push has started (the client's other handlers, say); nothing by
    /// default.
    func didStart(_ push: PushClient)
}

extension PushApp {
    /// `push.json`.
    public var pushConfigurationFile: String { "push.json" }
    /// `nil`: the configuration file decides.
    public var pushProvider: PushProviderID? { nil }
    /// `.denied`: no provider starts until the app's consent.
    public var privacyConsent: PrivacyConsent { .denied }
    /// Alerts, badges and sounds.
    public var authorizationOptions: AuthorizationOptions { [.alert, .badge, .sound] }
    /// Nothing.
    public func handle(_ event: PushEvent) {}
    /// ``PushClientOptions/defaultPresentation``.
    public func presentation(for notification: PushNotification) -> PresentationOptions { PushClientOptions().defaultPresentation }
    /// Nothing.
    public func didStart(_ push: PushClient) {}

    /// The app's launch routine, once the launch has been handed to `push`: subscribes
    /// ``handle(_:)`` to its events (subscribed before this returns, so the held events — the
    /// tap that launched the app — are this subscription's), answers foreground notifications
    /// with ``presentation(for:)``, starts push with ``privacyConsent`` and
    /// ``authorizationOptions`` (registering `categories` with the provider), then runs
    /// ``didStart(_:)``.
    ///
    /// `PushAppDelegate` calls it at launch; PushBridgeTesting's `SimulatedDevice` calls it at each
    /// simulated launch. The returned task is the event loop: it ends when the client does.
    ///
    /// - Parameters:
    ///   - push: The client made for this launch, which has been handed the launch.
    ///   - categories: The identifiers of the notification categories to register with the
    ///     provider; `nil` (the default) keeps those already declared
    ///     (`PushAppIntegration.setNotificationCategories(_:client:)`, which `PushAppDelegate` calls
    ///     with its `notificationCategories`).
    /// - Returns: The task delivering the events to ``handle(_:)``.
    @discardableResult
    public func launch(_ push: PushClient, categories: [String]? = nil) -> Task<Void, Never> {
        let events = push.events()  // subscribed now: the held events are this stream's
        let loop = Task { @MainActor [weak self] in
            for await event in events { self?.handle(event) }
        }
        let fallback = push.options.defaultPresentation
        push.setPresentationHandler { [weak self] notification in
            await self?.presentation(for: notification) ?? fallback
        }
        push.start(consent: privacyConsent, authorization: authorizationOptions, categories: categories)
        didStart(push)
        return loop
    }
}
