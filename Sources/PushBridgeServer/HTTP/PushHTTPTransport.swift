/// What carries a sender's requests: `URLSession` by default (``URLSessionTransport``), or a
/// server's own HTTP client.
///
/// A transport sends one request and returns the response, whatever its status. It throws
/// only when no response came: the connection failed, dropped mid-request or timed out
/// (``PushTransportError``). The sender decides what a status means and whether to retry.
/// APNs requires HTTP/2: a transport for APNs must speak it.
public protocol PushHTTPTransport: Sendable {
    /// Sends `request` and returns what came back.
    func send(_ request: PushHTTPRequest) async throws(PushTransportError) -> PushHTTPResponse
}

/// No response came back.
public struct PushTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why.
    public enum Kind: String, Sendable, Hashable {
        /// Nothing was connected: the request was not sent.
        case couldNotConnect
        /// The connection closed or failed after the request may have left: it may have arrived.
        case connectionLost
        /// No answer within the time allowed: the request may have arrived.
        case timedOut
        /// The request could not be formed (a malformed URL).
        case invalidRequest
        /// The server's TLS certificate is not trusted (untrusted, unknown root, expired, not yet
        /// valid): nothing was sent, and every request to that server fails the same way until
        /// the system's trust store or the URL changes. Never retried: the send stops.
        case untrustedServer
    }

    /// Why.
    public var kind: Kind
    /// What the client said.
    public var message: String

    /// An error from its parts.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// Whether the request may have reached the server (so a retry may deliver twice unless the
    /// provider honours an idempotency key).
    public var mayHaveArrived: Bool { kind == .connectionLost || kind == .timedOut }

    /// `connectionLost: …`.
    public var description: String { "\(kind.rawValue): \(message)" }
}
