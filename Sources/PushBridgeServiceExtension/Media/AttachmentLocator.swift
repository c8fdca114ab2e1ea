import Foundation
import PushBridgeCore

/// Where in a payload a rich-media URL may be: a path of object keys, optionally ending in an
/// array whose first string is taken.
///
/// No one key is standard. The defaults are the ones documented by the SDKs that download media
/// in an extension (see ``defaults``); an app adds its own with ``custom(_:)``.
public struct AttachmentKey: Sendable, Hashable, CustomStringConvertible {
    /// The keys from the payload's root to the URL.
    public var path: [String]

    /// A key at `path`.
    ///
    /// - Parameter path: The keys from the root (`["fcm_options", "image"]`).
    public init(path: [String]) { self.path = path }

    /// A top-level key of the app's own (`"media-url"`): JPush's REST API carries rich media only
    /// in the app's own `extras`, and JPush names no key (an inference from JPush's extension
    /// docs, which only report delivery: JDoc `ios_api` "Notification Service Extension 相关接口").
    ///
    /// - Parameter key: The key.
    /// - Returns: The attachment key.
    public static func custom(_ key: String) -> AttachmentKey { AttachmentKey(path: [key]) }

    /// `fcm_options.image`: Firebase Messaging's extension helper reads the image URL there
    /// (firebase-ios-sdk `FIRMessagingExtensionHelper.m`: `kPayloadOptionsName = @"fcm_options"`,
    /// `kPayloadOptionsImageURLName = @"image"`).
    public static let firebaseImage = AttachmentKey(path: ["fcm_options", "image"])
    /// `com.urbanairship.media_attachment.url`, an array whose first URL is taken: Airship's
    /// `UANotificationServiceExtension` reads it so (urbanairship/ios-library,
    /// `AirshipMediaAttachment = "com.urbanairship.media_attachment"`, `attachment["url"] as? [String]`).
    public static let airshipMedia = AttachmentKey(path: ["com.urbanairship.media_attachment", "url"])

    /// The keys looked at by default, in order: Firebase's then Airship's.
    public static let defaults: [AttachmentKey] = [.firebaseImage, .airshipMedia]

    /// The path joined with dots.
    public var description: String { path.joined(separator: ".") }

    /// The string at this key in `payload` (the first string of an array there), if any.
    func string(in payload: JSONObject) -> String? {
        guard let first = path.first, var value = payload[first] else { return nil }
        for key in path.dropFirst() {
            guard let next = value[key] else { return nil }
            value = next
        }
        if let string = value.stringValue { return string }
        return value.arrayValue?.first?.stringValue
    }
}

/// Finds the attachment URL a payload names and checks it is one the extension may fetch.
enum AttachmentLocator {
    /// The first key present, and its URL or the reason it cannot be fetched; `nil` when no key
    /// is present. Messages name the key, never the URL (a payload value).
    static func locate(in payload: JSONObject, keys: [AttachmentKey]) -> (key: AttachmentKey, url: Result<URL, PushError>)? {
        for key in keys {
            guard let text = key.string(in: payload) else { continue }
            return (key, check(text, key: key))
        }
        return nil
    }

    /// `text` as an `https` URL with a host, else an `invalidPayload` error naming `key`.
    ///
    /// Only `https`: App Transport Security blocks plain `http` unless the extension's
    /// Info.plist opts out (https://developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity);
    /// PushBridge does not follow an opt-out (a choice, not a system rule).
    static func check(_ text: String, key: AttachmentKey) -> Result<URL, PushError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed == text, let components = URLComponents(string: text), let url = components.url else {
            return .failure(PushError(.invalidPayload, field: key.description, "the attachment URL is malformed"))
        }
        guard components.scheme?.lowercased() == "https" else {
            return .failure(
                PushError(.invalidPayload, field: key.description, "the attachment URL is not https (\(components.scheme ?? "no scheme"))"))
        }
        guard let host = components.host, !host.isEmpty else {
            return .failure(PushError(.invalidPayload, field: key.description, "the attachment URL has no host"))
        }
        return .success(url)
    }
}
