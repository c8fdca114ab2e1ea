import PushBridgeCore
import PushBridgeServiceExtension

/// The Objective-C names ``JPushServiceExtensionReporter`` binds at run time — JPush's extension
/// SDK class and the class methods it calls — each spelled once, here, with the payload key that
/// marks a JPush notification.
///
/// Compiled on every platform, so that Linux tests hold each name against JPush's header and
/// exercise `missing(classExists:responds:)` with fakes.
package enum JPushExtensionSDKSymbols: ExtensionSDKSymbols {
    // pod 'JPushExtension'; JDoc ios_api "Notification Service Extension 相关接口".

    /// `JPushNotificationExtensionService` (`JPushNotificationExtensionService.h`).
    package static let className = "JPushNotificationExtensionService"
    /// `+jpushSetAppkey:` — "必须提前调用", must be called first (JDoc).
    package static let setAppkey = "jpushSetAppkey:"
    /// `+jpushReceiveNotificationRequest:with:` — the delivery report; show the notification in
    /// its block (JDoc).
    package static let receive = "jpushReceiveNotificationRequest:with:"
    /// Every class method bound.
    package static let classMethods = [setAppkey, receive]

    /// JPush's message ID in an APNs payload, `_j_msgid`: the same key `JPushDefinition` reads
    /// (an extension does not link the app's adapter).
    package static let messageIDKey = "_j_msgid"

    /// How to add the SDK to the extension target.
    package static let fix =
        "add JPush's extension SDK to the extension target (pod 'JPushExtension', or jpush-extension-ios-x.y.z.a linked with libz.tbd and libresolv.tbd)"
    /// The SDK the reporter was written against.
    package static let writtenAgainst = "JPushExtension 2.x (JDoc ios_api)"
}
