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
public struct URLSessionTransport: PushHTTPTransport {
    private let session: URLSession
    private let timeout: Double

    /// A transport over `session` (a new ephemeral one by default), each request timing out
    /// after `timeout` seconds.
    public init(session: URLSession? = nil, timeout: Double = 30) {
        self.session = session ?? URLSession(configuration: .ephemeral)
        self.timeout = timeout
    }

    /// Sends `request`; any status is a response, no response is a ``PushTransportError``.
    public func send(_ request: PushHTTPRequest) async throws(PushTransportError) -> PushHTTPResponse {
        guard let url = URL(string: request.url) else { throw PushTransportError(.invalidRequest, "not a URL: \(request.url)") }
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.upload(for: urlRequest, from: urlRequest.httpBody ?? Data())
        } catch let error as URLError {
            throw Self.transportError(error)
        } catch {
            throw PushTransportError(.connectionLost, "\(error)")
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
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet, .secureConnectionFailed,
            .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            PushTransportError(.couldNotConnect, error.localizedDescription)
        case .timedOut: PushTransportError(.timedOut, error.localizedDescription)
        case .badURL, .unsupportedURL: PushTransportError(.invalidRequest, error.localizedDescription)
        default: PushTransportError(.connectionLost, "\(error.code.rawValue): \(error.localizedDescription)")
        }
    }
}
