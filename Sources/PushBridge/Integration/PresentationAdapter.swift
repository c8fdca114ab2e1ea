import PushBridgeCore
import PushBridgeProviderKit

/// Turns the presentation options PushBridge decided into what the running iOS understands,
/// and unites the answers of several notification-center delegates.
package enum PresentationAdapter {
    /// The options to hand iOS on `version`: before iOS 14, `banner` and `list` do not exist and
    /// become `alert`; from iOS 14, `alert` (deprecated) becomes `banner` and `list`.
    package static func systemOptions(_ options: PresentationOptions, on version: IOSVersion) -> PresentationOptions {
        var result = options
        if version < IOSVersion(14) {
            if !options.isDisjoint(with: [.banner, .list]) { result.insert(.alert) }
            result.subtract([.banner, .list])
        } else if options.contains(.alert) {
            result.remove(.alert)
            result.formUnion([.banner, .list])
        }
        return result
    }
}
