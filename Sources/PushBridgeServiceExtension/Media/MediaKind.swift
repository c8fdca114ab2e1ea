/// The three kinds of file a notification attachment may be, each with the system's size limit.
///
/// Apple's `UNNotificationAttachment` documentation, "Supported file types": audio (AIFF, WAV,
/// MP3, MPEG-4 audio) up to 5 MB, images (JPEG, GIF, PNG) up to 10 MB, video (MPEG, MPEG-2,
/// MPEG-4, AVI) up to 50 MB
/// (https://developer.apple.com/documentation/usernotifications/unnotificationattachment).
/// A file of another type, or larger, makes the attachment's initialiser throw.
public enum MediaKind: String, Sendable, Hashable, CaseIterable {
    /// An image: JPEG, GIF or PNG.
    case image
    /// Audio: AIFF, WAV, MP3 or MPEG-4 audio.
    case audio
    /// Video: MPEG, MPEG-2, MPEG-4 or AVI.
    case video

    /// The system's limit for this kind, in bytes (Apple states megabytes; read here as
    /// 1,000,000 bytes each, the smaller reading — an inference, Apple does not say which).
    public var maximumBytes: Int {
        switch self {
        case .image: 10_000_000
        case .audio: 5_000_000
        case .video: 50_000_000
        }
    }

    /// The largest limit of any kind: what a download may reach before its kind is known.
    public static let largestLimit = MediaKind.video.maximumBytes

    /// The media types (MIME, lower case) PushBridge accepts, each with its kind and the file
    /// extension the attachment's file gets (the system infers the type from the extension).
    static let mediaTypes: [String: (kind: MediaKind, fileExtension: String)] = [
        "image/jpeg": (.image, "jpg"), "image/jpg": (.image, "jpg"), "image/png": (.image, "png"), "image/gif": (.image, "gif"),
        "audio/aiff": (.audio, "aiff"), "audio/x-aiff": (.audio, "aiff"), "audio/wav": (.audio, "wav"), "audio/x-wav": (.audio, "wav"),
        "audio/wave": (.audio, "wav"), "audio/mpeg": (.audio, "mp3"), "audio/mp3": (.audio, "mp3"), "audio/mp4": (.audio, "m4a"),
        "audio/x-m4a": (.audio, "m4a"), "video/mpeg": (.video, "mpg"), "video/mp4": (.video, "mp4"), "video/x-msvideo": (.video, "avi"),
        "video/avi": (.video, "avi"),
    ]

    /// The file extensions PushBridge accepts when the server names no usable media type.
    static let fileExtensions: [String: MediaKind] = [
        "jpg": .image, "jpeg": .image, "png": .image, "gif": .image, "aif": .audio, "aiff": .audio, "wav": .audio, "mp3": .audio,
        "m4a": .audio, "mpg": .video, "mpeg": .video, "mp4": .video, "m4v": .video, "avi": .video,
    ]

    /// The kind and file extension for a downloaded file: from its media type when the server
    /// sent a specific one, else from the URL's file extension; `nil` when neither is supported.
    ///
    /// - Parameters:
    ///   - mediaType: The response's `Content-Type`, parameters allowed (`image/png; q=1`).
    ///   - pathExtension: The URL's path extension.
    /// - Returns: The kind and the extension to give the file, or `nil`.
    static func classify(mediaType: String?, pathExtension: String) -> (kind: MediaKind, fileExtension: String)? {
        let type = mediaType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if let known = mediaTypes[type] { return known }
        // A generic or absent type says nothing; a specific unsupported one (text/html) is wrong.
        guard type.isEmpty || type == "application/octet-stream" || type == "binary/octet-stream" else { return nil }
        let ext = pathExtension.lowercased()
        return fileExtensions[ext].map { ($0, ext) }
    }

    /// Whether the two are the same case (by case, not by comparing raw strings).
    public static func == (lhs: MediaKind, rhs: MediaKind) -> Bool { lhs.ordinal == rhs.ordinal }

    /// Hashes the case, not its raw value.
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
    /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
    /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
    private var ordinal: Int {
        switch self {
        case .image: 0
        case .audio: 1
        case .video: 2
        }
    }
}
