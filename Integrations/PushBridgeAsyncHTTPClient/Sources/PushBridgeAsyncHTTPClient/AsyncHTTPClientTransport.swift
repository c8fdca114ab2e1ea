import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import PushBridgeServer

/// A ``PushHTTPTransport`` on AsyncHTTPClient (SwiftNIO): the transport for servers on Linux.
///
/// Give every sender the same transport (or transports over the same `HTTPClient`): they share
/// one connection pool. Over HTTPS the client negotiates HTTP/2 by ALPN and multiplexes every
/// request to a host on one connection (APNs requires HTTP/2; JPush's and Getui's HTTPS hosts
/// are reached with whichever of HTTP/2 and HTTP/1.1 they offer). Every request has a deadline:
/// `timeout` after it starts, it ends with ``PushTransportError/Kind/timedOut``, so no send
/// waits for ever on a server that never answers.
///
/// A response is returned whatever its status, also when the server answered before it read the
/// request's body (HTTP/2 allows it): an answer is never reported as a failure, so the sender
/// never retries, and delivers twice, what the provider already answered. AsyncHTTPClient never
/// sends a request again on its own: only the sender's retry policy does. (A server that answers
/// early and resets the stream, often, loses the connection and the requests in flight on it,
/// presumably to SwiftNIO's defence against "rapid reset": see the package's README.)
public struct AsyncHTTPClientTransport: PushHTTPTransport {
    /// The client whose connection pool carries the requests.
    public let client: HTTPClient
    /// How long a request may take, from its start to the last byte of its answer.
    public let timeout: Duration
    /// The largest answer read; a provider's answers are a few hundred bytes.
    public let maxResponseBytes: Int

    /// A transport over `client` (the process's shared client by default: certificates from the
    /// system's store, HTTP/2 where the server offers it), each request ending after `timeout`.
    public init(client: HTTPClient = .shared, timeout: Duration = .seconds(30), maxResponseBytes: Int = 1 << 20) {
        self.client = client
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }

    /// Sends `request`; any status is a response, no response is a ``PushTransportError``.
    public func send(_ request: PushHTTPRequest) async throws(PushTransportError) -> PushHTTPResponse {
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        do {
            let response = try await client.execute(outgoing, deadline: deadline)
            let body = try await response.body.collect(upTo: maxResponseBytes)
            var headers: [String: String] = [:]
            for (name, value) in response.headers { headers[name.lowercased()] = headers[name.lowercased()].map { "\($0), \(value)" } ?? value }
            return PushHTTPResponse(status: Int(response.status.code), headers: headers, body: Array(buffer: body))
        } catch {
            throw TransportErrorMapping.transportError(error)
        }
    }
}

extension TimeAmount {
    /// `duration` in nanoseconds, saturating.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (nanos, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        self = .nanoseconds(overflow ? Int64.max : nanos.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue)
    }
}
