/// How PushBridge names a notification so the same one is recognised on every path.
///
/// In order (events guarantee 5):
/// 1. the provider's message ID when the payload has one, as its adapter's
///    ``PushProviderDefinition/messageID(in:)`` finds it (JPush `_j_msgid`; Getui `_gmid_`'s
///    `taskId:msgId`, which Getui's passthrough of the same message also carries);
/// 2. the notification's identifier, when the caller has one;
/// 3. a stable hash of the canonical payload (`payload-` and 16 hex digits, FNV-1a 64 over
///    the JSON with sorted keys), the same in every process and on every platform.
package enum NotificationIdentity {
    /// The identity of a notification with this payload, (optional) identifier and (optional)
    /// provider message ID.
    package static func derive(payload: JSONObject, identifier: String?, providerMessageID: String? = nil) -> String {
        derive(providerMessageID: providerMessageID, identifier: identifier) { fingerprint(payload) }
    }

    /// The rule itself, from the parts already read: the message ID, else a non-empty
    /// identifier, else the payload's (its fingerprint is computed only then).
    package static func derive(providerMessageID: String?, identifier: String?, fingerprint: () -> UInt64) -> String {
        if let providerMessageID { return providerMessageID }
        if let identifier, !identifier.isEmpty { return identifier }
        return payloadID(fingerprint())
    }

    /// `payload-` and the FNV-1a 64 hash of the canonical JSON of `payload`, in hex.
    package static func payloadHash(_ payload: JSONObject) -> String {
        payloadID(fingerprint(payload))
    }

    /// The FNV-1a 64 hash of the canonical JSON of `payload` (sorted keys, no spaces): equal for
    /// equal payloads whatever their key order, on every path, process and platform.
    static func fingerprint(_ payload: JSONObject) -> UInt64 {
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
