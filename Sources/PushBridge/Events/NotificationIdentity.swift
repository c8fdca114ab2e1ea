/// How PushBridge names a notification so the same one is recognised on every path.
///
/// In order (events guarantee 5):
/// 1. the provider's message ID when the payload has one: JPush `_j_msgid`; Getui `_gmid_`
///    (its `taskId:msgId` part, which the Getui passthrough of the same message also carries);
/// 2. the notification's identifier, when the caller has one;
/// 3. a stable hash of the canonical payload (`payload-` and 16 hex digits, FNV-1a 64 over
///    the JSON with sorted keys), the same in every process and on every platform.
public enum NotificationIdentity {
    /// The payload key of JPush's message ID.
    public static let jpushMessageIDKey = "_j_msgid"
    /// The payload key of Getui's `taskId:msgId`.
    public static let getuiMessageIDKey = "_gmid_"

    /// The identity of a notification with this payload and (optional) identifier.
    public static func derive(payload: JSONObject, identifier: String?) -> String {
        derive(providerMessageID: providerMessageID(in: payload), identifier: identifier) { fingerprint(payload) }
    }

    /// The rule itself, from the parts already read: the message ID, else a non-empty
    /// identifier, else the payload's (its fingerprint is computed only then).
    static func derive(providerMessageID: String?, identifier: String?, fingerprint: () -> UInt64) -> String {
        if let providerMessageID { return providerMessageID }
        if let identifier, !identifier.isEmpty { return identifier }
        return payloadID(fingerprint())
    }

    /// The provider's message ID in a payload, if it has one.
    public static func providerMessageID(in payload: JSONObject) -> String? {
        switch payload[jpushMessageIDKey] {
        case .integer(let number): return String(number)
        case .string(let text) where !text.isEmpty: return text
        default: break
        }
        if case .string(let gmid) = payload[getuiMessageIDKey] {
            let parts = gmid.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty { return getuiID(taskID: parts[0], messageID: parts[1]) }
        }
        return nil
    }

    /// The identity of a Getui message from its task and message IDs: `taskId:msgId`.
    public static func getuiID(taskID: some StringProtocol, messageID: some StringProtocol) -> String {
        "\(taskID):\(messageID)"
    }

    /// `payload-` and the FNV-1a 64 hash of the canonical JSON of `payload`, in hex.
    public static func payloadHash(_ payload: JSONObject) -> String {
        payloadID(fingerprint(payload))
    }

    /// The FNV-1a 64 hash of the canonical JSON of `payload` (sorted keys, no spaces): equal for
    /// equal payloads whatever their key order, on every path, process and platform.
    public static func fingerprint(_ payload: JSONObject) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in JSONWriter.string(from: .object(payload), style: .canonical).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// `payload-` and `fingerprint` as 16 hex digits.
    static func payloadID(_ fingerprint: UInt64) -> String {
        let hex = String(fingerprint, radix: 16)
        return "payload-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
