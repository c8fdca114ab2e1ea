import Foundation
import PushBridgeServer

/// A fresh P-256 key pair made by `openssl` in a temporary folder: the `.p8` an APNs key would
/// be, and its public half for the emulator and the checks.
struct TestSigningKey {
    let folder: URL
    var privateKeyPath: String { folder.appendingPathComponent("AuthKey.p8").path }
    var publicKeyPath: String { folder.appendingPathComponent("public.pem").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", privateKeyPath])
        try Self.openssl(["pkey", "-in", privateKeyPath, "-pubout", "-out", publicKeyPath])
    }

    /// Removes the folder and the keys in it: a test calls it (`defer`) when it is done with them.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether `raw` (`r‖s`) is the key's signature of `message`, as `openssl dgst -verify` says.
    func verify(_ raw: [UInt8], message: [UInt8]) throws -> Bool {
        let signature = folder.appendingPathComponent("signature-\(UUID().uuidString).der")
        let data = folder.appendingPathComponent("message-\(UUID().uuidString)")
        try Data(Self.der(raw)).write(to: signature)
        try Data(message).write(to: data)
        return (try? Self.openssl(["dgst", "-sha256", "-verify", publicKeyPath, "-signature", signature.path, data.path])) != nil
    }

    /// `r‖s` as DER (`SEQUENCE { INTEGER r, INTEGER s }`).
    static func der(_ raw: [UInt8]) -> [UInt8] {
        func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var value = Array(bytes.drop { $0 == 0 })
            if value.isEmpty { value = [0] }
            if value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            return [0x02, UInt8(value.count)] + value
        }
        let body = integer(raw[0..<32]) + integer(raw[32..<64])
        return [0x30, UInt8(body.count)] + body
    }

    @discardableResult
    static func openssl(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: OpenSSLCommandES256Signer.installedExecutable() ?? "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw EmulatorSetupError(message: "openssl \(arguments.first ?? "") failed") }
        return process.terminationStatus
    }
}

struct EmulatorSetupError: Error {
    let message: String
}
