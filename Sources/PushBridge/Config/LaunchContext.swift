import Foundation
import PushBridgeCore

#if canImport(StoreKit) && (os(iOS) || os(macOS))
    import StoreKit
#endif

/// What the client reads of the device at launch to choose the provider: the App Store
/// storefront, the environment the app is signed for, and the app group's container. Injected in
/// tests; ``device`` on a phone.
package struct LaunchContext: Sendable {
    /// Reads the storefront's country code (ISO 3166-1 alpha-3), `nil` when not known.
    package var storefront: @Sendable () -> String?
    /// The APNs environment the app is signed for.
    package var environment: PushConfiguration.Environment
    /// The container of the app group named, `nil` when there is none.
    package var container: @Sendable (String) -> URL?

    /// A context from its parts.
    package init(
        storefront: @escaping @Sendable () -> String?, environment: PushConfiguration.Environment,
        container: @escaping @Sendable (String) -> URL? = { _ in nil }
    ) {
        self.storefront = storefront
        self.environment = environment
        self.container = container
    }

    /// The device's: StoreKit's storefront, the signing (``SigningEnvironment/current``), and
    /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`.
    package static var device: LaunchContext {
        LaunchContext(storefront: storefrontCountryCode, environment: SigningEnvironment.current, container: appGroupContainer)
    }

    /// The App Store storefront's country code, read synchronously at launch:
    /// `SKPaymentQueue.default().storefront?.countryCode` (iOS 13+, "The App Store storefront of
    /// the device", an optional: developer.apple.com/documentation/storekit/skpaymentqueue/storefront).
    /// StoreKit 2's `Storefront.current` is `async`, too late for the client made at launch.
    package static func storefrontCountryCode() -> String? {
        #if canImport(StoreKit) && (os(iOS) || os(macOS))
            return SKPaymentQueue.default().storefront?.countryCode
        #else
            return nil
        #endif
    }

    /// The container of app group `group` (`nil` where the platform has none).
    package static func appGroupContainer(_ group: String) -> URL? {
        #if canImport(Darwin)
            return FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group)
        #else
            return nil
        #endif
    }
}
