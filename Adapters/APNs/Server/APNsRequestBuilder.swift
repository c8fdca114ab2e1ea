import Foundation
import PushBridgeCore
import PushBridgeServer
import PushBridgeValidation

/// A message to one device token as APNs' HTTP/2 request.
///
/// Apple, "Sending notification requests to APNs"
/// (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns):
/// `POST /3/device/<token>` on `api.push.apple.com` (production) or
/// `api.sandbox.push.apple.com` (development), port 443; the headers below; the payload as
/// the body, at most 4 KB (5 KB for VoIP).
///
/// | Message | Header / key | Apple's rule |
/// |---|---|---|
/// | ``PushMessage/effectivePushType`` | `apns-push-type` | required on watchOS 6+, recommended everywhere |
/// | topic + the type's suffix | `apns-topic` | the bundle ID; `.voip`, `.complication`, `.push-type.liveactivity`, … |
/// | ``PushMessage/priority`` | `apns-priority` | 10, 5 or 1; 5 for `background` ("10 is an error") |
/// | ``PushMessage/timeToLive`` | `apns-expiration` | UNIX seconds; 0: deliver once, never store |
/// | ``PushMessage/collapseID`` | `apns-collapse-id` | at most 64 bytes |
/// | ``PushMessage/environment``, else the sender's (`server.apns.environment`) | the host | production or sandbox (development) |
/// | one per target | `apns-id` | a canonical UUID; echoed back; the same on every retry |
/// | ``PushMessage/criticalSound`` | `aps.sound`: `{"critical": 1, "name", "volume"}` | Apple's payload key reference; the critical-alerts entitlement |
///
/// ``PushMessage/richMedia`` (one entry, with `mutableContent`) goes beside `aps` under
/// ``PushMessage/serviceExtensionMediaKey``, for the app's service extension.
/// ``PushMessage/badgeIncrement`` has no APNs field: refused, naming the field.
package struct APNsRequestBuilder: Sendable {
    package let topic: String
    package let baseURL: String?
    /// The environment of a message that names none (the configuration's).
    package var environment: PushMessage.Environment = .production

    /// The host for `environment` (or the configured base URL, e.g. a local emulator).
    package func host(_ environment: PushMessage.Environment) -> String {
        if let baseURL { return baseURL }
        return environment == .production ? "https://api.push.apple.com" : "https://api.sandbox.push.apple.com"
    }

    /// The payload's bytes, validated as APNs judges them.
    ///
    /// - Throws: ``PushError`` naming the field: `passthrough` (APNs has none), a reserved custom
    ///   key, or the validator's first problem (size, push type, priority).
    package func body(_ message: PushMessage) throws(PushError) -> [UInt8] {
        if message.passthrough != nil {
            throw PushError(
                .unsupported, field: "passthrough",
                "APNs has no passthrough message: send its content as customData with contentAvailable (a background push)")
        }
        if message.badgeIncrement != nil {
            throw PushError(.unsupported, field: "badgeIncrement", "APNs keeps no badge count to change: set badge to the number to show")
        }
        try message.refuseFCMOnlyFields(provider: "APNs")
        var payload = try message.apnsPayload()
        // No media field in APNs: the URL goes where the app's service extension reads it.
        if let media = try message.serviceExtensionMedia(provider: "APNs") { payload[media.key] = media.value }
        let report = PayloadValidator.validate(payload, pushType: message.effectivePushType, priority: message.priority?.rawValue)
        if let problem = report.problems.first { throw problem }
        return JSONWriter.bytes(from: .object(payload))
    }

    /// The headers for one token, `authorization` last so a dry run can show a placeholder.
    ///
    /// - Throws: ``PushError`` naming `collapseID` (over 64 bytes) or `timeToLive` (negative).
    package func headers(_ message: PushMessage, apnsID: String, now: Double, authorization: String) throws(PushError) -> [PushHTTPHeader] {
        let type = message.effectivePushType
        var headers = [
            PushHTTPHeader("apns-push-type", type.rawValue),
            PushHTTPHeader("apns-topic", topic + (type.topicSuffix ?? "")),
            PushHTTPHeader("apns-id", apnsID),
        ]
        // Background pushes must go at 5; others default to 10 on Apple's side when absent.
        if let priority = message.priority ?? (type == .background ? .powerConsiderate : nil) {
            headers.append(PushHTTPHeader("apns-priority", String(priority.rawValue)))
        }
        if let ttl = message.timeToLive {
            guard ttl >= 0 else { throw PushError(.outOfRange, field: "timeToLive", "is \(ttl), expected 0 or more seconds") }
            headers.append(PushHTTPHeader("apns-expiration", ttl == 0 ? "0" : String(Int64(now) + Int64(ttl))))
        }
        if let collapseID = message.collapseID {
            guard collapseID.utf8.count <= 64 else {
                throw PushError(.outOfRange, field: "collapseID", "is \(collapseID.utf8.count) bytes, APNs accepts at most 64")
            }
            headers.append(PushHTTPHeader("apns-collapse-id", collapseID))
        }
        headers.append(PushHTTPHeader("content-type", "application/json"))
        headers.append(PushHTTPHeader("authorization", "bearer " + authorization, isSecret: true))
        return headers
    }

    /// The request to `token`.
    package func request(_ message: PushMessage, token: SecretText, body: [UInt8], apnsID: String, now: Double, authorization: String)
        throws(PushError)
        -> PushHTTPRequest
    {
        PushHTTPRequest(
            method: "POST", url: host(message.environment ?? environment) + "/3/device/" + token.revealed,
            headers: try headers(message, apnsID: apnsID, now: now, authorization: authorization), body: body)
    }

    /// Whether `token` looks like a device token: hex digits, an even number of them (32 bytes
    /// today; Apple says not to assume a length).
    package static func isWellFormed(_ token: SecretText) -> Bool {
        let bytes = token.revealed.utf8
        return !bytes.isEmpty && bytes.count % 2 == 0 && bytes.allSatisfy(ASCIIHex.isHexDigit)
    }

    /// A new `apns-id`: a canonical, upper-case UUID.
    package static func newID() -> String { UUID().uuidString }

    /// The `apns-id` for `token` of `message`: derived from its ``PushMessage/idempotenceKey``
    /// and the token (a UUID of version 8, RFC 9562 §5.8: the digest's first 16 bytes with the
    /// version and variant bits set), the same on every send; a new one when no key is set.
    package static func id(for message: PushMessage, token: SecretText) -> String {
        guard var bytes = message.idempotenceDigest([token.revealed]).map({ Array($0.prefix(16)) }) else { return newID() }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return uuid.uuidString
    }
}
