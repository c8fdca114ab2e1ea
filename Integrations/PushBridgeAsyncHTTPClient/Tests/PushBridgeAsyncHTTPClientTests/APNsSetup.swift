import Foundation
import PushBridge
import PushBridgeAPNsServer
import PushBridgeAsyncHTTPClient
import PushBridgeServer

/// The local APNs (`Emulators/apns_emulator.py`, HTTP/2 over TLS) and an APNs sender on the
/// AsyncHTTPClient transport. Needs what CI sets up: the emulator's certificate in the system's
/// trust store, named by `PUSHBRIDGE_APNS_EMULATOR_TLS` (`Emulators/trust-local-tls.sh`),
/// Python's h2 and cryptography, and `openssl` for the provider token's key.
struct APNsSetup {
    static let tlsFolder = ProcessInfo.processInfo.environment["PUSHBRIDGE_APNS_EMULATOR_TLS"]
    static let isAvailable = tlsFolder != nil && OpenSSLCommandES256Signer.installedExecutable() != nil && Emulator.pythonHas(["h2", "cryptography"])

    let emulator: Emulator
    let keyFolder: URL
    let sleeper = CountingSleeper()

    init(script: String? = nil) throws {
        keyFolder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-ahc-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: keyFolder, withIntermediateDirectories: true)
        let openssl = OpenSSLCommandES256Signer.installedExecutable() ?? "/usr/bin/openssl"
        let privateKey = keyFolder.appendingPathComponent("AuthKey.p8").path
        let publicKey = keyFolder.appendingPathComponent("public.pem").path
        guard try Emulator.run(openssl, ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", privateKey]) == 0,
            try Emulator.run(openssl, ["pkey", "-in", privateKey, "-pubout", "-out", publicKey]) == 0
        else { throw EmulatorFailure(description: "openssl could not make a P-256 key") }
        let tls = Self.tlsFolder ?? ""
        emulator = try Emulator(
            "apns_emulator.py",
            arguments: [
                "--cert", tls + "/cert.pem", "--key", tls + "/key.pem", "--public-key", publicKey, "--key-id", "ABC123DEFG", "--team-id",
                "DEF123GHIJ",
                "--topic", "com.example.app",
            ], scriptJSON: script, https: true)
    }

    /// An APNs sender to the emulator over `transport`, `inFlight` requests at once.
    func sender(_ transport: any PushHTTPTransport, inFlight: Int = 100, policy: RetryPolicy = .standard) -> APNsSender {
        let options = PushSenderOptions(
            transport: transport, retryPolicy: policy, sleeper: sleeper, maxConcurrentRequests: inFlight, random: { 0.5 },
            baseURLs: [.apns: emulator.baseURL])
        return APNsSender(
            keyID: "ABC123DEFG", teamID: "DEF123GHIJ", topic: "com.example.app",
            signer: OpenSSLCommandES256Signer(privateKeyPath: keyFolder.appendingPathComponent("AuthKey.p8").path), options: options)
    }

    /// `count` distinct device tokens.
    static func tokens(_ count: Int) -> [SecretText] { (0..<count).map { SecretText(String(format: "%064x", $0 + 1)) } }
}
