import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: Foundation's `URLSession`.
///
/// On Apple platforms it speaks HTTP/2 to any server that offers it. On Linux the toolchain's
/// FoundationNetworking runs on the system's libcurl; with libcurl built with nghttp2 (Debian
/// 12's 7.88.1 with nghttp2 1.52, measured here) it negotiates HTTP/2 over TLS by ALPN, which
/// is what APNs requires. Linux's `URLSession` trusts only the system's certificate store.
///
/// On Linux, a request on a kept-alive HTTP/1.1 connection that the server closes without an
/// answer is sent again by libcurl on a new connection **without its body** (measured with
/// Swift 6.3.1's FoundationNetworking and libcurl 7.88.1: the server receives the POST with no
/// body, FoundationNetworking cannot rewind an upload, and the sender sees the second request's
/// answer, not the first's). A `Connection: close` header does not help: libcurl does not know
/// of it, reuses the connection the server then closes, and the same hidden retry follows (and,
/// measured at 16 requests in flight, tasks that never end). ``ConnectionPolicy/newConnectionEachRequest``
/// avoids it: each request gets a session of its own, so no connection is ever reused, nothing
/// is re-sent behind the sender's back, and the sender's own retry (with its idempotency key)
/// decides. JPush's and Getui's senders use it on Linux; it costs a connection (and on HTTPS a TLS
/// handshake) per request, which their batches of up to 1,000 targets per request make small.
///
/// On Linux, an **early answer is reported as a failure**: when an HTTP/2 server sends its
/// complete response before it has read the request's body and then resets the stream with
/// `NO_ERROR` (RFC 9113 §8.1 allows it), libcurl fails the transfer and `URLSession` reports
/// `NSURLErrorUnknown` (-1) with no response. Measured with Swift 6.3.1's FoundationNetworking
/// and libcurl 7.88.1 against a local HTTP/2 server that answers from the headers behind a
/// 16-byte stream window (as `Emulators/apns_emulator.py`'s `earlyAnswer` does): 984 of 984
/// early answers failed, with `upload(for:from:)` and `data(for:)` alike, and a task delegate's
/// `didReceive response` was never called, so the status cannot be recovered here. The transport
/// reports ``PushTransportError/Kind/connectionLost`` (the request may have arrived) and the APNs
/// sender retries: such a notification can be delivered twice (APNs does not deduplicate by
/// `apns-id`). On Linux servers use `AsyncHTTPClientTransport`
/// (`Integrations/PushBridgeAsyncHTTPClient`), which returns the early answer.
public struct URLSessionTransport: PushHTTPTransport {
    /// Whether connections are kept for the next request.
    public enum ConnectionPolicy: Sendable, Hashable {
        /// Keep connections alive (HTTP/2 multiplexes on one; APNs wants it kept).
        case keepAlive
        /// A connection of its own for every request (a session each): none is reused.
        case newConnectionEachRequest
    }

    private let session: URLSession
    private let timeout: Double
    private let policy: ConnectionPolicy

    /// The policy for an HTTP/1.1 provider: `newConnectionEachRequest` on Linux (see above),
    /// `keepAlive` where `URLSession` rewinds uploads itself (Apple platforms).
    public static var http1Default: ConnectionPolicy {
        #if canImport(FoundationNetworking)
            .newConnectionEachRequest
        #else
            .keepAlive
        #endif
    }

    /// A transport over `session` (a new ephemeral one by default), each request timing out
    /// after `timeout` seconds, connections kept or closed by `policy`.
    public init(session: URLSession? = nil, timeout: Double = 30, policy: ConnectionPolicy = .keepAlive) {
        self.policy = policy
        if let session {
            self.session = session
        } else {
            // Linux's URLSession applies the configuration's timeout, not the request's alone.
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            self.session = URLSession(configuration: configuration)
        }
        self.timeout = timeout
    }

    /// Sends `request`; any status is a response, no response is a ``PushTransportError``.
    public func send(_ request: PushHTTPRequest) async throws(PushTransportError) -> PushHTTPResponse {
        guard let url = URL(string: request.url) else { throw PushTransportError(.invalidRequest, "not a URL: \(request.url)") }
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
        let session: URLSession
        if policy == .newConnectionEachRequest {
            session = URLSession(configuration: self.session.configuration)
        } else {
            session = self.session
        }
        defer { if policy == .newConnectionEachRequest { session.finishTasksAndInvalidate() } }
        let data: Data
        let response: URLResponse
        do {
            if request.body.isEmpty {
                (data, response) = try await session.data(for: urlRequest)
            } else {
                (data, response) = try await session.upload(for: urlRequest, from: Data(request.body))
            }
        } catch let error as URLError {
            throw Self.transportError(error)
        } catch {
            // The error's text only: its user info holds the URL, and an APNs URL holds the token.
            throw PushTransportError(.connectionLost, (error as NSError).localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else { throw PushTransportError(.connectionLost, "not an HTTP response") }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return PushHTTPResponse(status: http.statusCode, headers: headers, body: [UInt8](data))
    }

    private static func transportError(_ error: URLError) -> PushTransportError {
        switch error.code {
        // NSURLErrorServerCertificateUntrusted and its family: the certificate, not the network
        // (Apple, "URL Loading System Error Codes"). Not retried: the send stops.
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            PushTransportError(.untrustedServer, "\(error.code.rawValue): \(error.localizedDescription)")
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet, .secureConnectionFailed:
            PushTransportError(.couldNotConnect, error.localizedDescription)
        case .timedOut: PushTransportError(.timedOut, error.localizedDescription)
        case .badURL, .unsupportedURL: PushTransportError(.invalidRequest, error.localizedDescription)
        case .unknown where isCertificateProblem(error.localizedDescription):
            PushTransportError(.untrustedServer, "\(error.code.rawValue): \(error.localizedDescription)")
        default: PushTransportError(.connectionLost, "\(error.code.rawValue): \(error.localizedDescription)")
        }
    }

    /// Whether libcurl's message says the server's certificate failed verification. Linux's
    /// FoundationNetworking reports it as `NSURLErrorUnknown` (-1), not
    /// `NSURLErrorServerCertificateUntrusted`, with libcurl's text: measured here (Swift 6.3.1,
    /// libcurl 7.88.1 on OpenSSL, a self-signed server): "SSL certificate problem: self-signed
    /// certificate" (curl's `CURLE_PEER_FAILED_VERIFICATION`; a host name the certificate does not
    /// name is "SSL: no alternative certificate subject name matches target host name", curl's
    /// own wording, not measured here).
    static func isCertificateProblem(_ message: String) -> Bool {
        message.hasPrefix("SSL certificate problem") || message.contains("certificate subject name") || message.contains("SSL peer certificate")
    }
}
