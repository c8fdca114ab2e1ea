import PushBridgeAsyncHTTPClient
import PushBridgeServer
import Testing

/// What the transport says when no answer came, and what it never says.
struct TransportErrorTests {
    /// Nothing listens on the port: no connection, so the request certainly did not leave.
    @Test func aRefusedConnectionIsCouldNotConnect() async throws {
        let transport = AsyncHTTPClientTransport(timeout: .seconds(2))
        let request = PushHTTPRequest(method: "POST", url: "http://127.0.0.1:1/3/device/8e3a9f1c0b7d4e6a2f5c8b1d9e0a3c7f", body: Array("{}".utf8))
        do {
            _ = try await transport.send(request)
            Issue.record("an answer from a closed port")
        } catch {
            #expect(error.kind == .couldNotConnect)
            #expect(!error.mayHaveArrived)
            #expect(!error.message.contains("8e3a9f1c0b7d4e6a2f5c8b1d9e0a3c7f"))
        }
    }

    @Test func aURLItCannotUseIsAnInvalidRequest() async throws {
        let transport = AsyncHTTPClientTransport(timeout: .seconds(2))
        do {
            _ = try await transport.send(PushHTTPRequest(method: "POST", url: "ftp://127.0.0.1/x"))
            Issue.record("an answer over ftp")
        } catch {
            #expect(error.kind == .invalidRequest)
        }
    }
}
