import Foundation
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

    /// A server whose certificate no trust store holds: `untrustedServer`, which stops a send
    /// and is never retried (issue 46), not a lost connection.
    @Test(.enabled(if: Emulator.pythonHas(["h2", "cryptography"]) && OpenSSLCommandES256Signer.installedExecutable() != nil))
    func anUntrustedCertificateIsUntrustedServer() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-ahc-untrusted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let openssl = OpenSSLCommandES256Signer.installedExecutable() ?? "/usr/bin/openssl"
        let made = try Emulator.run(
            openssl,
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2", "-keyout", folder.path + "/key.pem",
                "-out", folder.path + "/cert.pem", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            ])
        try #require(made == 0)
        _ = try Emulator.run(openssl, ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", folder.path + "/AuthKey.p8"])
        _ = try Emulator.run(openssl, ["pkey", "-in", folder.path + "/AuthKey.p8", "-pubout", "-out", folder.path + "/public.pem"])
        let emulator = try Emulator(
            "apns_emulator.py",
            arguments: [
                "--cert", folder.path + "/cert.pem", "--key", folder.path + "/key.pem", "--public-key", folder.path + "/public.pem", "--key-id",
                "ABC123DEFG",
                "--team-id", "DEF123GHIJ", "--topic", "com.example.app",
            ], https: true)
        let transport = AsyncHTTPClientTransport(timeout: .seconds(5))
        do {
            _ = try await transport.send(
                PushHTTPRequest(method: "POST", url: emulator.baseURL + "/3/device/8e3a9f1c0b7d4e6a", body: Array("{}".utf8)))
            Issue.record("an answer from an untrusted server")
        } catch {
            #expect(error.kind == .untrustedServer, "\(error)")
            #expect(!error.mayHaveArrived)
        }
    }
}
