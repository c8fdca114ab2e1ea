import PushBridge

/// JPush's alias and tag result codes (`iResCode`), mapped to `PushError`s.
public enum JPushResultCode {
    /// The meaning of each documented failure code.
    public static let meanings: [Int: (code: PushError.Code, message: String)] = [
        6001: (.invalidConfiguration, "invalid setting"),
        6002: (.timeout, "the request timed out"),
        6003: (.outOfRange, "the alias is illegal (letters, digits, _ and some symbols only)"),
        6004: (.outOfRange, "the alias is longer than 40 bytes"),
        6005: (.outOfRange, "a tag is illegal"),
        6006: (.outOfRange, "a tag is longer than 40 bytes"),
        6007: (.outOfRange, "more than 1000 tags"),
        6008: (.outOfRange, "the tags total more than 7K"),
        6009: (.providerFailure, "unknown error"),
        6011: (.providerFailure, "more than 10 operations in 10 seconds"),
        6012: (.providerFailure, "JPush is stopped"),
        6013: (.providerFailure, "the device's time is off"),
        6014: (.providerFailure, "the network is busy"),
        6015: (.providerFailure, "the device is blacklisted"),
        6016: (.providerFailure, "invalid user"),
        6017: (.invalidConfiguration, "invalid request"),
    ]

    /// `nil` for 0 (success), else the error for `resCode` (unknown codes are provider failures
    /// naming the code).
    public static func error(_ resCode: Int, field: String) -> PushError? {
        guard resCode != 0 else { return nil }
        guard let meaning = meanings[resCode] else {
            return PushError(.providerFailure, field: field, "JPush answered \(resCode)")
        }
        return PushError(meaning.code, field: field, "JPush \(resCode): \(meaning.message)")
    }

    /// The longest alias or tag, in UTF-8 bytes.
    public static let maxBytes = 40
    /// The most tags on one device.
    public static let maxTags = 1_000
}
