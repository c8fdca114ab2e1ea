import PushBridge
import PushBridgeAPNsServer
import PushBridgeGetuiServer
import PushBridgeJPushServer
import PushBridgeServer
import Testing

/// What a backend sends beyond the basics, each provider's field for it or its refusal naming
/// the field: a critical alert's sound, a badge change, rich media, the subtitle's localisation.
@Suite struct MessageFeatureTests {
    static let token = RequestPlanTests.token
    static let cid: SecretText = "1d4a1b3c5e7f9a0b2c4d6e8f0a1b3c5d"
    static var jpush: JPushSender { JPushSender(appKey: "5a6e94518f6bd85ba173cf77", masterSecret: "c0ffeec0ffeec0ffeec0ffee") }
    static var getui: GetuiSender {
        GetuiSender(appID: "djYjSlFVMf6p5YOy2OQUs8", appKey: "hPJ4a0Gr4r7QjWmTwxoNF2", masterSecret: "kYnqvnKQ5lA4IDhlMtDj07")
    }

    static func apnsBody(_ message: PushMessage) throws -> JSONValue {
        try JSONParser.parse(try RequestPlanTests.apns.plan(message, to: .deviceTokens([token]))[0].request.body)
    }

    /// JPush's plan is the cid request, then the push.
    static func jpushIOS(_ message: PushMessage) throws -> JSONValue? {
        try JSONParser.parse(try jpush.plan(message, to: .registrationIDs(["1a0018970a9b2c3d4e5"]))[1].request.body)["notification"]?["ios"]
    }

    static func getuiIOS(_ message: PushMessage) throws -> JSONValue? {
        try JSONParser.parse(try getui.plan(message, to: .clientIDs([cid]))[0].request.body)["push_channel"]?["ios"]
    }

    static func refusedField<Made>(_ make: () throws -> Made) -> String? {
        do {
            _ = try make()
            return nil
        } catch let error as PushError {
            return error.field
        } catch {
            return "\(error)"
        }
    }

    @Test func aCriticalSoundIsAPNsSoundDictionaryForAPNsAndJPushAndRefusedByGetui() throws {
        var message = PushMessage(alert: .init(body: "Smoke detected"))
        message.criticalSound = .init(name: "alarm.caf", volume: 0.8)
        let dictionary: JSONValue = ["critical": 1, "name": "alarm.caf", "volume": 0.8]
        #expect(try Self.apnsBody(message)["aps"]?["sound"] == dictionary)
        #expect(try Self.jpushIOS(message)?["sound"] == dictionary)
        #expect(Self.refusedField { try Self.getui.plan(message, to: .clientIDs([Self.cid])) } == "criticalSound")
        message.sound = "default"
        #expect(Self.refusedField { try Self.apnsBody(message) } == "criticalSound")
        #expect(Self.refusedField { try Self.jpushIOS(message) } == "criticalSound")
    }

    @Test func aBadgeChangeIsJPushsSignedBadgeAndGetuisAutoBadgeAndRefusedByAPNs() throws {
        var message = PushMessage(alert: .init(body: "New message"))
        message.badgeIncrement = 1
        #expect(try Self.jpushIOS(message)?["badge"] == "+1")
        #expect(try Self.getuiIOS(message)?["auto_badge"] == "+1")
        #expect(Self.refusedField { try Self.apnsBody(message) } == "badgeIncrement")
        message.badgeIncrement = -2
        #expect(try Self.jpushIOS(message)?["badge"] == "-2")
        #expect(try Self.getuiIOS(message)?["auto_badge"] == "-2")
        message.badge = 3
        #expect(Self.refusedField { try Self.jpushIOS(message) } == "badgeIncrement")
        #expect(Self.refusedField { try Self.getuiIOS(message) } == "badgeIncrement")
        // A change alone is something to show: not a background push.
        var changeOnly = PushMessage()
        changeOnly.badgeIncrement = 1
        #expect(!changeOnly.isSilent)
    }

    @Test func richMediaIsGetuisMultimediaAndOneEntryForAPNsAndJPush() throws {
        var message = PushMessage(alert: .init(title: "New photo", body: "From Ana"))
        message.richMedia = [
            .init(url: "https://example.com/a.jpg", kind: .image), .init(url: "https://example.com/b.mp4", kind: .video, onlyWiFi: true),
        ]
        #expect(
            try Self.getuiIOS(message)?["multimedia"]
                == [
                    ["url": "https://example.com/a.jpg", "type": 1, "only_wifi": false],
                    ["url": "https://example.com/b.mp4", "type": 3, "only_wifi": true],
                ])
        // Two entries: APNs and JPush carry one, for the service extension to attach.
        message.mutableContent = true
        #expect(Self.refusedField { try Self.apnsBody(message) } == "richMedia")
        #expect(Self.refusedField { try Self.jpushIOS(message) } == "richMedia")
        // The device's copy goes through the service extension.
        #expect(try Self.getui.devicePayload(message)["aps"]?["mutable-content"] == 1)
    }

    /// One portable rich-media field (issue 46: JPush refused richMedia, Getui refused
    /// mutableContent): one image with mutableContent goes through every provider, each in its
    /// own field.
    @Test func oneImageWithMutableContentGoesThroughEveryProvider() throws {
        var message = PushMessage(alert: .init(title: "New photo", body: "From Ana"), mutableContent: true)
        message.richMedia = [.init(url: "https://example.com/a.jpg", kind: .image)]
        let expected: JSONValue = ["url": ["https://example.com/a.jpg"]]
        let apns = try Self.apnsBody(message)
        #expect(apns[PushMessage.serviceExtensionMediaKey] == expected)
        #expect(apns["aps"]?["mutable-content"] == 1)
        let jpush = try Self.jpushIOS(message)
        #expect(jpush?["extras"]?[PushMessage.serviceExtensionMediaKey] == expected)
        #expect(jpush?["mutable-content"] == true)
        #expect(try Self.getuiIOS(message)?["multimedia"] == [["url": "https://example.com/a.jpg", "type": 1, "only_wifi": false]])
        // Without media, mutableContent alone still has no Getui field.
        message.richMedia = []
        #expect(Self.refusedField { try Self.getuiIOS(message) } == "mutableContent")
        // Media without mutableContent: the extension would never run.
        message.richMedia = [.init(url: "https://example.com/a.jpg", kind: .image)]
        message.mutableContent = false
        #expect(Self.refusedField { try Self.apnsBody(message) } == "richMedia")
    }

    @Test func theSubtitlesLocalisationKeysReachEveryProvidersAlert() throws {
        let message = PushMessage(alert: .init(body: "b", subtitleLocKey: "SUB_KEY", subtitleLocArgs: ["Ana"]))
        for alert in [
            try Self.apnsBody(message)["aps"]?["alert"], try Self.jpushIOS(message)?["alert"], try Self.getuiIOS(message)?["aps"]?["alert"],
        ] {
            #expect(alert?["subtitle-loc-key"] == "SUB_KEY")
            #expect(alert?["subtitle-loc-args"] == ["Ana"])
        }
    }

    @Test func aMessageFileReadsTheNewFieldsAndNamesABadOne() throws {
        let message = try PushMessage(
            json: try JSONParser.parse(
                #"{"alert": {"body": "b", "subtitleLocKey": "K", "subtitleLocArgs": ["a"]}, "criticalSound": {"name": "alarm.caf", "volume": 1},"#
                    + #" "richMedia": [{"url": "https://example.com/a.jpg", "kind": "image"}]}"#))
        #expect(message.criticalSound == .init(name: "alarm.caf", volume: 1))
        #expect(message.richMedia == [.init(url: "https://example.com/a.jpg", kind: .image)])
        #expect(message.alert?.subtitleLocKey == "K")
        #expect(try PushMessage(json: try JSONParser.parse(#"{"alert": "b", "badgeIncrement": -1}"#)).badgeIncrement == -1)
        for (text, field) in [
            (#"{"alert": "b", "criticalSound": {"volume": 2}}"#, "criticalSound.volume"),
            (#"{"alert": "b", "badge": 1, "badgeIncrement": 1}"#, "badgeIncrement"),
            (#"{"alert": "b", "sound": "a", "criticalSound": {}}"#, "criticalSound"),
            (#"{"alert": "b", "richMedia": [{"url": "https://x", "kind": "gif"}]}"#, "richMedia[0].kind"),
            (#"{"alert": "b", "richMedia": {"url": "https://x"}}"#, "richMedia"),
        ] {
            #expect(Self.refusedField { try PushMessage(json: try JSONParser.parse(text)) } == field, "\(text)")
        }
    }
}
