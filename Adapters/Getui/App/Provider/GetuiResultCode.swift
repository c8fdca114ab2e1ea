import PushBridge

/// Getui's alias and tag error codes (the `NSError` code of `GeTuiSdkDidAliasAction:…` and
/// `GeTuiSdkDidSetTagsAction:…`), its limits, and the `PushError` each code becomes.
///
/// The codes and their meanings are Getui's own table, as its React Native module documents it
/// (`GetuiLaboratory/react-native-getui` `ios/RCTGetuiModule/RCTGetuiModule/RCTGetuiModule.m`,
/// in `GeTuiSdkDidAliasAction:` and `GeTuiSdkDidSetTagsAction:`); the tag alphabet is
/// `GeTuiSdk.h`'s ("only Chinese characters, letters, 0-9 and +-*_., no spaces", SDK 3.1.0.0).
/// Every error keeps the code as its `PushError/vendorCode` in ``domain`` (`Getui`), whatever
/// `NSError` domain the SDK used, so that an app compares one domain whether the adapter or the
/// SDK refused a request. Messages never hold the alias or a tag.
///
/// ```swift
/// GetuiResultCode.error(30001, field: "alias").description
/// // alias: Getui 30001: bindAlias came less than 5 seconds after the previous one
/// ```
public enum GetuiResultCode {
    /// The domain of Getui's codes in `PushError/vendorCode`: `Getui`.
    public static let domain = "Getui"

    /// `code` as a vendor code in Getui's ``domain``.
    public static func vendorCode(_ code: Int) -> PushError.VendorCode {
        PushError.VendorCode(domain: domain, code: code)
    }

    /// What each documented code means: the `PushError` code it becomes and its message.
    public static let meanings: [Int: (code: PushError.Code, message: String)] = [
        30001: (.outOfRange, "bindAlias came less than 5 seconds after the previous one"),
        30002: (.outOfRange, "invalid alias parameters"),
        30003: (.providerFailure, "the alias request was filtered out"),
        30004: (.providerFailure, "an unknown error"),
        30005: (.providerFailure, "no client ID yet: the SDK has not registered"),
        30006: (.providerFailure, "a network error"),
        30007: (.outOfRange, "the alias is invalid"),
        30008: (.outOfRange, "the sequence number is invalid"),
        20001: (.outOfRange, "more than 100 tags in one request"),
        20002: (.outOfRange, "setTags already succeeded today (once a day by default)"),
        20003: (.outOfRange, "a tag is repeated"),
        20004: (.providerFailure, "the service failed to initialise"),
        20005: (.providerFailure, "setTags failed"),
        20006: (.outOfRange, "the tag list is empty"),
        20007: (.outOfRange, "the sequence number is empty"),
        20008: (.providerFailure, "offline: the SDK has not logged in yet"),
        20009: (.providerFailure, "the app ID is blacklisted (Getui support can lift it)"),
        20010: (.outOfRange, "the device has too many tags stored"),
        20011: (.outOfRange, "a tag has characters Getui does not allow (Chinese characters, letters, digits and +-*_. only)"),
    ]

    /// The error for `code`: its meaning, or a `providerFailure` naming a code Getui does not
    /// document; either keeps `code` as its vendor code in ``domain``.
    public static func error(_ code: Int, field: String) -> PushError {
        guard let meaning = meanings[code] else {
            return PushError(.providerFailure, field: field, "Getui answered \(code), a code it does not document", vendorCode: vendorCode(code))
        }
        return PushError(meaning.code, field: field, "Getui \(code): \(meaning.message)", vendorCode: vendorCode(code))
    }

    /// The shortest time between two `bindAlias` calls, in seconds (30001 below it).
    public static let minimumBindInterval = 5.0
    /// The most tags one `setTags` may carry (20001 beyond).
    public static let maxTagsPerRequest = 100
    /// How many `setTags` may succeed per ``tagSetWindow`` by default (20002 beyond): "by default
    /// once a day" — Getui's table; the limit is Getui's to raise for an app, so the adapter and
    /// the mock take it as a parameter. Reading "a day" as 24 hours since the last success is an
    /// inference (the table does not say calendar day).
    public static let tagSetsPerDay = 1
    /// The window of the once-a-day rule, in seconds.
    public static let tagSetWindow = 86_400.0

    /// The code Getui answers a `setTags` with for `tags` themselves, if any: 20006 for an empty
    /// list, 20001 for more than 100, 20003 for a repeated tag, 20011 for a character outside
    /// Getui's alphabet.
    public static func tagProblem(in tags: [String]) -> Int? {
        if tags.isEmpty { return 20006 }
        if tags.count > maxTagsPerRequest { return 20001 }
        if Set(tags).count != tags.count { return 20003 }
        if tags.contains(where: { $0.isEmpty || !$0.unicodeScalars.allSatisfy(isAllowed) }) { return 20011 }
        return nil
    }

    /// Whether Getui allows `scalar` in a tag: a Chinese character (CJK Unified Ideographs and
    /// Extension A), an ASCII letter or digit, or one of `+-*_.`.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x2B, 0x2D, 0x2A, 0x5F, 0x2E: true
        case 0x4E00...0x9FFF, 0x3400...0x4DBF: true
        default: false
        }
    }
}

extension PushError {
    /// The same error with `message` in place of its own: the adapter prefixes what it was doing,
    /// or masks an alias in it, and keeps the code, field, vendor code and underlying error.
    func replacingMessage(_ message: String) -> PushError {
        PushError(code, field: field, message, vendorCode: vendorCode, underlying: underlying)
    }
}
