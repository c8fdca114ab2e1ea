import PushBridge

/// JPush's alias and tag result codes (`iResCode`), and the `PushError` each one becomes.
///
/// 0 is success. 6001–6017 are the codes of `docs/spec/vendors.md` (6010 is not documented); 6018–6024 and
/// 6027 are the further tag and alias codes of JPush's client error-code table
/// (docs.jiguang.cn/jpush/client/iOS/ios_code; 6027 since SDK 3.3.2). Any other code is a
/// `providerFailure` naming it. Every error keeps the code itself as its
/// `PushError/vendorCode` (domain `domain`), so an app can react to one JPush names. Messages
/// never hold the alias or a tag.
///
/// ```swift
/// JPushResultCode.error(6004, field: "alias")?.description
/// // alias: JPush 6004: the alias is longer than 40 bytes (UTF-8)
/// JPushResultCode.error(6011, field: "tags")?.vendorCode // JPush 6011
/// JPushResultCode.error(0, field: "alias") // nil
/// ```
public enum JPushResultCode {
    /// The domain of JPush's codes in `PushError/vendorCode`: `JPush`.
    public static let domain = "JPush"

    /// `code` as a vendor code in JPush's `domain`.
    public static func vendorCode(_ code: Int) -> PushError.VendorCode {
        PushError.VendorCode(domain: domain, code: code)
    }

    /// What each documented failure code means: the `PushError` code it becomes and its message.
    public static let meanings: [Int: (code: PushError.Code, message: String)] = [
        6001: (.outOfRange, "invalid setting: no alias or tags were given"),
        6002: (.timeout, "the request timed out (a poor network, or JPush not set up yet): retry"),
        6003: (.outOfRange, "the alias is illegal (letters, digits, _, Chinese characters and @!#$&*+=.| only)"),
        6004: (.outOfRange, "the alias is longer than 40 bytes (UTF-8)"),
        6005: (.outOfRange, "a tag is illegal (letters, digits, _, Chinese characters and @!#$&*+=.| only)"),
        6006: (.outOfRange, "a tag is longer than 40 bytes (UTF-8)"),
        6007: (.outOfRange, "more than 1000 tags on this device"),
        6008: (.outOfRange, "the tags are longer than 5,000 bytes in total"),
        6009: (.providerFailure, "an unknown error in the SDK (its log has the details)"),
        6011: (.providerFailure, "more than 10 alias or tag operations within 10 seconds"),
        6012: (.providerFailure, "JPush is stopped"),
        6013: (.providerFailure, "the device's clock is off"),
        6014: (.providerFailure, "the network is busy: retry"),
        6015: (.providerFailure, "the device is blacklisted (JPush support can lift it)"),
        6016: (.providerFailure, "invalid user"),
        6017: (.outOfRange, "invalid request (abnormal parameters)"),
        6018: (.outOfRange, "the device already has more than 1000 tags"),
        6019: (.providerFailure, "reading the tags failed"),
        6020: (.providerFailure, "the request failed"),
        6021: (.providerFailure, "the previous tags request is still waiting for its answer (wait for it, or 20 seconds)"),
        6022: (.providerFailure, "the previous alias request is still waiting for its answer (wait for it, or 20 seconds)"),
        6024: (.providerFailure, "JPush's server had an internal error: retry later"),
        6027: (.outOfRange, "the alias is bound to 10 devices already (JPush iOS SDK 3.3.2+)"),
    ]

    /// The error for `resCode`, or `nil` for 0 (success).
    ///
    /// - Parameters:
    ///   - resCode: The `iResCode` a completion carried.
    ///   - field: What the request concerned (`alias`, `tags`), named by the error.
    /// - Returns: The mapped error (`JPush 6004: …`), a `providerFailure` naming an unknown code,
    ///   or `nil` for 0; either keeps `resCode` as its `PushError/vendorCode`.
    public static func error(_ resCode: Int, field: String) -> PushError? {
        guard resCode != 0 else { return nil }
        guard let meaning = meanings[resCode] else {
            return PushError(
                .providerFailure, field: field, "JPush answered \(resCode), a code it does not document", vendorCode: vendorCode(resCode))
        }
        return PushError(meaning.code, field: field, "JPush \(resCode): \(meaning.message)", vendorCode: vendorCode(resCode))
    }

    /// The error for a code JPush documents, for the checks made before sending.
    static func documented(_ resCode: Int, field: String) -> PushError {
        error(resCode, field: field) ?? PushError(.outOfRange, field: field, "JPush would answer \(resCode)")
    }

    /// The longest alias or tag JPush takes, in UTF-8 bytes.
    public static let maxBytes = 40
    /// The most tags one device can have, and one request can carry.
    public static let maxTags = 1_000
    /// The most bytes (UTF-8) all of a device's tags may take together: 5,000 in JPush's current
    /// API reference (docs.jiguang.cn/jpush/client/iOS/ios_api, "addTags"; the older code
    /// table said 7K).
    public static let maxTotalTagBytes = 5_000
    /// The most devices one alias may be bound to (6027 beyond; SDK 3.3.2+).
    public static let maxDevicesPerAlias = 10
    /// JPush's rate rule (6011): at most ``maxRequestsPerWindow`` alias or tag requests within
    /// ``rateWindow`` seconds ("10s内设置tag或alias大于10次", the error-code table,
    /// docs.jiguang.cn/jpush/client/iOS/ios_code). Counting reads as well as writes is an
    /// inference: the table names setting only, and reading less often is the safe side.
    public static let maxRequestsPerWindow = 10
    /// The window of JPush's rate rule, in seconds.
    public static let rateWindow = 10.0
}
