import Foundation
import PushBridgeCore

/// A file a ``MediaDownloader`` fetched: where it is now and what the server said it is.
public struct DownloadedMedia: Sendable, Hashable {
    /// The downloaded file, in a directory the extension may read.
    public var fileURL: URL
    /// Its size in bytes.
    public var byteCount: Int
    /// The response's `Content-Type`, when there was one.
    public var mediaType: String?

    /// A downloaded file.
    ///
    /// - Parameters:
    ///   - fileURL: Where the file is.
    ///   - byteCount: Its size.
    ///   - mediaType: The server's `Content-Type`.
    public init(fileURL: URL, byteCount: Int, mediaType: String?) {
        self.fileURL = fileURL
        self.byteCount = byteCount
        self.mediaType = mediaType
    }
}

/// Fetches a rich-media attachment: `URLSession` in an extension, a mock in tests.
///
/// A backend protocol. The session checks the URL before, and the kind and size after; a
/// downloader should also stop at `maxBytes` (the response's length, or the bytes received)
/// and answer `PushError.Code.outOfRange`.
///
/// ```swift
/// struct FixtureDownloader: MediaDownloader {
///     func download(_ url: URL, maxBytes: Int, completion: @escaping @Sendable (Result<DownloadedMedia, PushError>) -> Void) -> ScheduledWork {
///         completion(.success(DownloadedMedia(fileURL: fixture, byteCount: 1_024, mediaType: "image/png")))
///         return ScheduledWork {}
///     }
/// }
/// ```
public protocol MediaDownloader: Sendable {
    /// Downloads `url`, calling `completion` once, on any thread.
    ///
    /// - Parameters:
    ///   - url: An `https` URL.
    ///   - maxBytes: The most the file may hold.
    ///   - completion: Called with the file or the error.
    /// - Returns: A token that cancels the download (the session cancels it when time is up).
    func download(_ url: URL, maxBytes: Int, completion: @escaping @Sendable (Result<DownloadedMedia, PushError>) -> Void) -> ScheduledWork
}
