import AsyncHTTPClient
import NIOCore
import NIOPosix
import PushBridgeServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// AsyncHTTPClient's and SwiftNIO's errors as ``PushTransportError``s: `couldNotConnect` only
/// where the request certainly did not leave (no connection was made); anything else that ends
/// a request without an answer may have reached the server (`connectionLost`, `timedOut`).
enum TransportErrorMapping {
    static func transportError(_ error: any Error) -> PushTransportError {
        if let error = error as? HTTPClientError {
            return transportError(error)
        }
        if error is NIOConnectionError {
            return PushTransportError(.couldNotConnect, "could not connect: \(error)")
        }
        if let error = error as? IOError, [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH].contains(error.errnoCode) {
            return PushTransportError(.couldNotConnect, "could not connect: \(error)")
        }
        if error is CancellationError {
            return PushTransportError(.connectionLost, "cancelled")
        }
        // The server's certificate refused by BoringSSL's verification (NIOSSL's
        // `handshakeFailed` names `CERTIFICATE_VERIFY_FAILED`): nothing was sent, and every request
        // fails alike; the sender stops (matched on NIOSSL's text; `TransportErrorTests` sees it against a
        // self-signed server).
        if "\(error)".contains("CERTIFICATE_VERIFY_FAILED") {
            return PushTransportError(.untrustedServer, "the server's certificate is not trusted: \(error)")
        }
        // A TLS or protocol failure after connecting, a reset: the request may have arrived.
        return PushTransportError(.connectionLost, "\(error)")
    }

    private static func transportError(_ error: HTTPClientError) -> PushTransportError {
        switch error {
        case .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout,
            .alreadyShutdown:
            return PushTransportError(.couldNotConnect, "\(error)")
        case .deadlineExceeded, .readTimeout, .writeTimeout:
            return PushTransportError(.timedOut, "\(error)")
        case .invalidURL, .emptyHost, .emptyScheme:
            return PushTransportError(.invalidRequest, "\(error)")
        default:
            if "\(error)".contains("unsupportedScheme") { return PushTransportError(.invalidRequest, "\(error)") }
            return PushTransportError(.connectionLost, "\(error)")
        }
    }
}
