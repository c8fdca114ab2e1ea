import PushBridge

/// The Objective-C names the Apple-only reporters bind at run time — JPush's and Getui's
/// extension SDK classes and the class methods they call — each spelled once, here, and the
/// check that they are in the extension.
///
/// Compiled on every platform, so that Linux tests hold each name against the SDKs' headers and
/// exercise ``missing(classExists:responds:)`` with fakes.
package enum ServiceExtensionSDKSymbols {
    // MARK: JPush (pod 'JPushExtension'; JDoc ios_api "Notification Service Extension 相关接口")

    /// `JPushNotificationExtensionService` (`JPushNotificationExtensionService.h`).
    package static let jpushClass = "JPushNotificationExtensionService"
    /// `+jpushSetAppkey:` — "必须提前调用", must be called first (JDoc).
    package static let jpushSetAppkey = "jpushSetAppkey:"
    /// `+jpushReceiveNotificationRequest:with:` — the delivery report; show the notification in
    /// its block (JDoc).
    package static let jpushReceive = "jpushReceiveNotificationRequest:with:"

    // MARK: Getui (pod 'GTExtensionSDK', GeTuiExtSdk.h 3.0.3)

    /// `GeTuiExtSdk` (`GeTuiExtSdk.h` line 14).
    package static let getuiClass = "GeTuiExtSdk"
    /// `+handelNotificationServiceRequest:withAttachmentsComplete:` (sic, line 24).
    package static let getuiHandle = "handelNotificationServiceRequest:withAttachmentsComplete:"
    /// `+setApplicationGroupIdentifier:` (line 30).
    package static let getuiSetGroup = "setApplicationGroupIdentifier:"
    /// `+destory` (sic, line 35): "sdk销毁，资源释放", releases the SDK; Getui's demos call it in
    /// `serviceExtensionTimeWillExpire`.
    package static let getuiDestroy = "destory"

    /// Every class method bound, by class.
    package static let classMethods: [(className: String, selectors: [String])] = [
        (jpushClass, [jpushSetAppkey, jpushReceive]),
        (getuiClass, [getuiHandle, getuiSetGroup, getuiDestroy]),
    ]

    /// What is missing of `className`'s methods, as one error naming each with the fix; `nil`
    /// when all are there.
    ///
    /// - Parameters:
    ///   - className: ``jpushClass`` or ``getuiClass``.
    ///   - classExists: Whether a class of that name is in the extension (`NSClassFromString`).
    ///   - responds: Whether the class implements a class method (`class_getClassMethod`).
    /// - Returns: A `PushError` with code `unsupported` and field `sdk`, or `nil`.
    package static func missing(_ className: String, classExists: (String) -> Bool, responds: (String, String) -> Bool) -> PushError? {
        let isJPush = className == jpushClass
        let fix =
            isJPush
            ? "add JPush's extension SDK to the extension target (pod 'JPushExtension', or jpush-extension-ios-x.y.z.a linked with libz.tbd and libresolv.tbd)"
            : "add Getui's extension SDK to the extension target (pod 'GTExtensionSDK', or GTExtensionSDK.xcframework linked with libz.tbd and libsqlite3.0.tbd)"
        guard classExists(className) else {
            return PushError(
                .unsupported, field: "sdk",
                "\(className) is not in the extension: \(fix), and add -ObjC to the extension's Other Linker Flags (a static library's classes named only as strings are stripped without it)")
        }
        let selectors = classMethods.first { $0.className == className }?.selectors ?? []
        let absent = selectors.filter { !responds(className, $0) }
        guard !absent.isEmpty else { return nil }
        let written = isJPush ? "JPushExtension 2.x (JDoc ios_api)" : "GTExtensionSDK 3.0.3 (GeTuiExtSdk.h)"
        return PushError(
            .unsupported, field: "sdk",
            absent.map { "\(className) has no +\($0) in the extension: the reporter was written against \(written)" }.joined(separator: "; "))
    }
}
