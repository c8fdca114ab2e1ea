#if canImport(UserNotifications) && canImport(ObjectiveC)
    import Foundation
    import PushBridgeCore

    /// Downloads media with `URLSession` into the extension's temporary directory.
    public struct URLSessionMediaDownloader: MediaDownloader {
        private let session: URLSession

        /// A downloader on `session` (an ephemeral session by default).
        ///
        /// - Parameter session: The session.
        public init(session: URLSession = URLSession(configuration: .ephemeral)) { self.session = session }

        /// Downloads `url`, refusing a non-2xx status or more than `maxBytes`.
        public func download(_ url: URL, maxBytes: Int, completion: @escaping @Sendable (Result<DownloadedMedia, PushError>) -> Void) -> ScheduledWork
        {
            let task = session.downloadTask(with: url) { location, response, error in
                if let error {
                    completion(.failure(PushError(.providerFailure, field: "download", "the attachment could not be downloaded", underlying: error)))
                    return
                }
                guard let location, let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
                    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                    completion(.failure(PushError(.providerFailure, field: "download", "the attachment's server answered \(status)")))
                    return
                }
                let size = ((try? FileManager.default.attributesOfItem(atPath: location.path)[.size]) as? NSNumber)?.intValue ?? 0
                guard size <= maxBytes else {
                    completion(.failure(PushError(.outOfRange, field: "download", "the attachment has \(size) bytes, more than \(maxBytes)")))
                    return
                }
                // The system deletes `location` when this block returns: move it first.
                let kept = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
                do {
                    try FileManager.default.moveItem(at: location, to: kept)
                } catch {
                    completion(.failure(PushError(.providerFailure, field: "download", "the attachment could not be kept", underlying: error)))
                    return
                }
                completion(.success(DownloadedMedia(fileURL: kept, byteCount: size, mediaType: http.mimeType)))
            }
            task.resume()
            return ScheduledWork { task.cancel() }
        }
    }
#endif
