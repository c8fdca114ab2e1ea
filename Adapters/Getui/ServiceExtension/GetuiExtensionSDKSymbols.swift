import PushBridgeCore
import PushBridgeServiceExtension

/// The Objective-C names ``GetuiServiceExtensionReporter`` binds at run time — Getui's extension
/// SDK class and the class methods it calls — each spelled once, here, with the payload key that
/// marks a Getui notification.
///
/// Compiled on every platform, so that Linux tests hold each name against `GeTuiExtSdk.h` and
/// exercise `missing(classExists:responds:)` with fakes.
package enum GetuiExtensionSDKSymbols: ExtensionSDKSymbols {
    // pod 'GTExtensionSDK', GeTuiExtSdk.h 3.0.3.

    /// `GeTuiExtSdk` (`GeTuiExtSdk.h` line 14).
    package static let className = "GeTuiExtSdk"
    /// `+handelNotificationServiceRequest:withAttachmentsComplete:` (sic, line 24).
    package static let handle = "handelNotificationServiceRequest:withAttachmentsComplete:"
    /// `+setApplicationGroupIdentifier:` (line 30).
    package static let setGroup = "setApplicationGroupIdentifier:"
    /// `+destory` (sic, line 35): "sdk销毁，资源释放", releases the SDK; Getui's demos call it in
    /// `serviceExtensionTimeWillExpire`.
    package static let destroy = "destory"
    /// Every class method bound.
    package static let classMethods = [handle, setGroup, destroy]

    /// Getui's message ID in an APNs payload, `_gmid_`: the same key `GetuiDefinition` reads
    /// (an extension does not link the app's adapter).
    package static let messageIDKey = "_gmid_"

    /// How to add the SDK to the extension target.
    package static let fix =
        "add Getui's extension SDK to the extension target (pod 'GTExtensionSDK', or GTExtensionSDK.xcframework linked with libz.tbd and libsqlite3.0.tbd)"
    /// The SDK the reporter was written against.
    package static let writtenAgainst = "GTExtensionSDK 3.0.3 (GeTuiExtSdk.h)"
}
