import Foundation

/// The emulators the campaign tests send to, each with a configuration file for
/// `pushbridge-campaign work --config` (the launcher, `Emulator.swift`, is the AsyncHTTPClient
/// transport's, linked).
extension Emulator {
    static let getuiSecret = "kYnqvnKQ5lA4IDhlMtDj07"
    static let jpushSecret = "0123456789abcdef01234567"

    /// A Getui emulator and a configuration file
    /// for it whose master secret is `secret`: a wrong one makes Getui refuse to authenticate.
    static func getui(secret: String = getuiSecret, scriptJSON: String? = nil) throws -> (Emulator, configPath: String) {
        let emulator = try Emulator(
            "getui_emulator.py",
            arguments: ["--app-id", "djYjSlFVMf6p5YOy2OQUs8", "--app-key", "hPJ4a0Gr4r7QjWmTwxoNF2", "--master-secret", getuiSecret],
            scriptJSON: scriptJSON)
        let config = """
            {"provider": "getui", "getui": {"appId": "djYjSlFVMf6p5YOy2OQUs8", "appKey": "hPJ4a0Gr4r7QjWmTwxoNF2", "appSecret": "pY5gRtHCMs8XCZ1kV9n0r3"},
             "server": {"getui": {"masterSecret": "\(secret)"}}}
            """
        let path = emulator.folder.appendingPathComponent("pushbridge.json").path
        try Data(config.utf8).write(to: URL(fileURLWithPath: path))
        return (emulator, path)
    }

    /// A JPush emulator and a configuration file whose
    /// master secret is `secret`.
    static func jpush(secret: String = jpushSecret, scriptJSON: String? = nil) throws -> (Emulator, configPath: String) {
        let emulator = try Emulator(
            "jpush_emulator.py", arguments: ["--app-key", "5a6e94518f6bd85ba173cf77", "--master-secret", jpushSecret], scriptJSON: scriptJSON)
        let config = """
            {"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "production": true},
             "server": {"jpush": {"masterSecret": "\(secret)"}}}
            """
        let path = emulator.folder.appendingPathComponent("pushbridge.json").path
        try Data(config.utf8).write(to: URL(fileURLWithPath: path))
        return (emulator, path)
    }
}

/// A test that could not be set up.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
