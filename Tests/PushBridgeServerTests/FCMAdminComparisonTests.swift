import EmulatorSupport
import Foundation
import PushBridge
import PushBridgeFCMServer
import PushBridgeServer
import Testing

/// PushBridge's FCM requests against Google's own client's: the same message sent by `FCMSender`
/// and by firebase-admin (PyPI, `Emulators/fcm_admin_client.py`) to the same local FCM, whose
/// recordings are compared: the send's body must be equal, the headers FCM reads equal, and the
/// token exchange the same grant with the same JWT header and claims (scope aside: firebase-admin
/// asks for cloud-platform and five others, PushBridge for FCM's alone).
///
/// Known difference, by design: firebase-admin also sends `X-FIREBASE-CLIENT:
/// fire-admin-python/<version>`, which names Google's SDK (its `messaging.py`).
@Suite(
    .enabled(
        if: EmulatorProcess.pythonHas(["firebase_admin"]) && FCMTestAccount.shared != nil,
        "needs python3 with firebase-admin (pip install firebase-admin; .ci/run installs it) and openssl"))
struct FCMAdminComparisonTests {
    /// One message in both clients' terms.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var message: PushMessage
        var audience: PushAudience
        /// The same message for `fcm_admin_client.py`.
        var admin: JSONValue
        var validateOnly = false
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a rich alert to a token",
            message: {
                var message = PushMessage(
                    alert: .init(title: "Order shipped", body: "Arrives Thursday"), badge: 1, sound: "default", category: "ORDER", threadID: "orders",
                    mutableContent: true, customData: ["orderID": "A-1042", "count": 3], collapseID: "order-42", priority: .immediate)
                message.interruptionLevel = .timeSensitive
                message.richMedia = [.init(url: "https://example.com/parcel.jpg", kind: .image)]
                return message
            }(),
            audience: .registrationIDs(["fcm-token-1"]),
            admin: [
                "token": "fcm-token-1", "notification": ["title": "Order shipped", "body": "Arrives Thursday"],
                "data": ["orderID": "A-1042", "count": "3"],
                "apnsHeaders": ["apns-push-type": "alert", "apns-priority": "10", "apns-collapse-id": "order-42"],
                "aps": [
                    "badge": 1, "sound": "default", "category": "ORDER", "thread-id": "orders", "mutable-content": true,
                    "custom": ["interruption-level": "time-sensitive"],
                ],
                "image": "https://example.com/parcel.jpg",
            ]),
        Case(
            name: "a background push to a condition, validate only",
            message: PushMessage(contentAvailable: true, customData: ["sync": "inbox"]),
            audience: .tags(["news", "sport"]),
            admin: [
                "condition": "'news' in topics || 'sport' in topics", "data": ["sync": "inbox"],
                "apnsHeaders": ["apns-push-type": "background", "apns-priority": "5"], "aps": ["content-available": true], "validateOnly": true,
            ],
            validateOnly: true),
        // firebase-admin 7.7.0 has APNSConfig(live_activity_token=) and FCMOptions/APNSFCMOptions(analytics_label=);
        // a Live Activity's aps keys are its Aps custom_data.
        Case(
            name: "a Live Activity update with an analytics label",
            message: {
                var message = PushMessage(priority: .immediate)
                message.liveActivity = .init(event: "update", timestamp: 1_767_225_600, contentState: ["eta": 12, "stage": "on the way"])
                message.liveActivityToken = "80f4a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e"
                message.analyticsLabel = "order-42_update"
                return message
            }(),
            audience: .registrationIDs(["fcm-token-1"]),
            admin: [
                "token": "fcm-token-1", "liveActivityToken": "80f4a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e",
                "apnsHeaders": ["apns-push-type": "liveactivity", "apns-priority": "10"],
                "aps": ["custom": ["event": "update", "timestamp": 1_767_225_600, "content-state": ["eta": 12, "stage": "on the way"]]],
                "analyticsLabel": "order-42_update",
            ]),
    ]

    @Test(arguments: cases)
    func pushBridgeSendsWhatFirebaseAdminSends(_ example: Case) async throws {
        let key = try #require(FCMTestAccount.shared)
        let emulator = try EmulatorProcess(
            "fcm_emulator.py",
            arguments: ["--project", FCMTestAccount.projectID, "--client-email", FCMTestAccount.clientEmail, "--public-key", key.publicKeyPath])
        let tokenURI = emulator.baseURL + "/token"
        let sender = FCMSender(
            projectID: FCMTestAccount.projectID, serviceAccount: key.account(tokenURI: tokenURI), validateOnly: example.validateOnly,
            options: .emulated(.fcm, at: emulator.baseURL, sleeper: RecordingSleeper()))
        let results = try await sender.send(example.message, to: example.audience)
        #expect(results.allSatisfy { $0.messageID != nil }, "\(results)")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-fcm-admin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let accountFile = folder.appendingPathComponent("service-account.json")
        try Data(JSONWriter.bytes(from: key.json(tokenURI: tokenURI))).write(to: accountFile)
        let admin = try Self.runAdmin(
            ["--service-account", accountFile.path, "--endpoint", emulator.baseURL, JSONWriter.string(from: example.admin)])
        #expect(admin.status == 0, "firebase-admin: \(admin.output)")

        let sends = emulator.requests.filter { $0.path.hasSuffix("/messages:send") }
        try #require(sends.count == 2, "one send each: \(sends.map(\.path))")
        let (ours, theirs) = (sends[0], sends[1])
        #expect(
            ours.body == theirs.body,
            "PushBridge: \(ours.body.map { JSONWriter.string(from: $0) } ?? "none")\nfirebase-admin: \(theirs.body.map { JSONWriter.string(from: $0) } ?? "none")"
        )
        #expect(ours.path == theirs.path)
        for name in ["content-type", "x-goog-api-format-version"] {
            #expect(ours.header(name) == theirs.header(name), "\(name): \(ours.header(name) ?? "none") vs \(theirs.header(name) ?? "none")")
        }
        #expect(ours.header("authorization")?.hasPrefix("Bearer ya29.emulated-") == true)
        #expect(theirs.header("authorization")?.hasPrefix("Bearer ya29.emulated-") == true)
        #expect(theirs.header("x-firebase-client")?.hasPrefix("fire-admin-python/") == true, "the one known difference")
        #expect(ours.header("x-firebase-client") == nil)

        let exchanges = emulator.requests.filter { $0.path == "/token" }
        try #require(exchanges.count == 2)
        let (ourGrant, theirGrant) = try (Self.grant(exchanges[0]), Self.grant(exchanges[1]))
        #expect(ourGrant.grantType == theirGrant.grantType)
        #expect(ourGrant.header == theirGrant.header)
        for claim in ["iss", "aud"] { #expect(ourGrant.claims[claim] == theirGrant.claims[claim], "\(claim)") }
        #expect(Set(ourGrant.claims.keys) == Set(theirGrant.claims.keys))
        #expect(ourGrant.lifetime == theirGrant.lifetime)
        #expect(ourGrant.claims["scope"] == "https://www.googleapis.com/auth/firebase.messaging")
        #expect(theirGrant.claims["scope"]?.stringValue?.split(separator: " ").contains("https://www.googleapis.com/auth/cloud-platform") == true)
    }

    /// The form's `grant_type` and the assertion's decoded header and claims.
    static func grant(_ request: RecordedRequest) throws -> (grantType: String, header: JSONValue, claims: JSONObject, lifetime: Int64?) {
        let form = try #require(request.body?.stringValue)
        var fields: [String: String] = [:]
        for pair in form.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        let jwt = try #require(fields["assertion"]).split(separator: ".").map(String.init)
        try #require(jwt.count == 3)
        func decode(_ part: String) throws -> JSONValue {
            var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while text.count % 4 != 0 { text += "=" }
            return try JSONParser.parse(Array(try #require(Data(base64Encoded: text))))
        }
        let claims = try #require(try decode(jwt[1]).objectValue)
        let lifetime = claims["exp"]?.integerValue.flatMap { exp in claims["iat"]?.integerValue.map { exp - $0 } }
        return (fields["grant_type"] ?? "", try decode(jwt[0]), claims, lifetime)
    }

    /// Runs `fcm_admin_client.py` and returns its exit status and what it printed.
    static func runAdmin(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(EmulatorProcess.python))
        process.arguments = [BridgeRoot.path + "/Emulators/fcm_admin_client.py"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}

/// The package's root, from this file's path.
enum BridgeRoot {
    static var path: String {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path), root.path != "/" {
            root.deleteLastPathComponent()
        }
        return root.path
    }
}
