import Foundation
import PushBridge
import PushBridgeFCMServer
import PushBridgeServer

/// A throwaway RSA key made by the system's `openssl` for the FCM tests, and a service account
/// around it: nothing real, nothing kept (a private folder, removed with the process's temp).
struct FCMTestAccount: Sendable {
    static let clientEmail = "pushbridge-test@demo-project.iam.gserviceaccount.com"
    static let projectID = "demo-project"

    /// The private key, PEM.
    let privateKey: String
    /// The public key's PEM file, for the emulator.
    let publicKeyPath: String

    /// One key for the whole run (2048-bit RSA takes a moment to make); `nil` without `openssl`.
    static let shared: FCMTestAccount? = try? FCMTestAccount()

    init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-fcm-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let keyPath = folder.appendingPathComponent("key.pem").path
        publicKeyPath = folder.appendingPathComponent("public.pem").path
        try Self.openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", keyPath])
        try Self.openssl(["pkey", "-in", keyPath, "-pubout", "-out", publicKeyPath])
        privateKey = try String(contentsOfFile: keyPath, encoding: .utf8)
    }

    /// The service account, its token endpoint at `tokenURI`.
    func account(tokenURI: String = FCMServiceAccount.googleTokenURI) -> FCMServiceAccount {
        FCMServiceAccount(
            clientEmail: SecretText(Self.clientEmail), privateKey: SecretText(privateKey), privateKeyID: "0123456789abcdef0123456789abcdef01234567",
            tokenURI: tokenURI, projectID: Self.projectID)
    }

    /// The account as the Firebase console's JSON file holds it.
    func json(tokenURI: String) -> JSONValue {
        [
            "type": "service_account", "project_id": .string(Self.projectID), "private_key_id": "0123456789abcdef0123456789abcdef01234567",
            "private_key": .string(privateKey), "client_email": .string(Self.clientEmail), "client_id": "123456789012345678901",
            "auth_uri": "https://accounts.google.com/o/oauth2/auth", "token_uri": .string(tokenURI),
        ]
    }

    /// The base64 body of the key: what must never be printed.
    var keyBody: String {
        privateKey.split(separator: "\n").filter { !$0.hasPrefix("-----") }.prefix(3).joined()
    }

    private static func openssl(_ arguments: [String]) throws {
        guard let executable = OpenSSLCommandES256Signer.installedExecutable() else { throw CocoaError(.executableNotLoadable) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    }
}
