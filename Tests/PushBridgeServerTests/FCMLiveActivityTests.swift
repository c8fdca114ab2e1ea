import EmulatorSupport
import Foundation
import PushBridge
import PushBridgeAPNsServer
import PushBridgeFCMServer
import PushBridgeGetuiServer
import PushBridgeJPushServer
import PushBridgeServer
import PushBridgeValidation
import Testing

/// FCM's last two fields (issue 45 item 6): a Live Activity push through FCM
/// (`apns.live_activity_token` beside the registration token, `apns-push-type: liveactivity`,
/// the activity's `aps` keys) and the analytics label (`fcm_options.analytics_label`, at the
/// message's level and in `apns`); bad values refused by name, the activity token masked in
/// everything printed, the other senders refusing what only FCM carries.
@Suite struct FCMLiveActivityTests {
    static let activityToken: SecretText = "80f4a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e"

    /// An update of an order's activity, labelled for Firebase's reports.
    static var update: PushMessage {
        var message = PushMessage(priority: .immediate)
        message.liveActivity = .init(
            event: "update", timestamp: 1_767_225_600, contentState: ["eta": 12, "stage": "on the way"], staleDate: 1_767_229_200)
        message.liveActivityToken = activityToken
        message.analyticsLabel = "order-42_update"
        return message
    }

    /// The request body: the registration token is the target, the activity token
    /// `apns.live_activity_token` (masked in a plan), the activity's keys in `aps`, the label twice.
    @Test func aLiveActivityUpdateIsFCMsRequest() throws {
        let expected: JSONValue = [
            "message": [
                "token": "fcm-token_1:abc",
                "apns": [
                    "live_activity_token": .string(Self.activityToken.masked),
                    "headers": ["apns-push-type": "liveactivity", "apns-priority": "10"],
                    "payload": [
                        "aps": [
                            "event": "update", "timestamp": 1_767_225_600, "content-state": ["eta": 12, "stage": "on the way"],
                            "stale-date": 1_767_229_200,
                        ]
                    ],
                    "fcm_options": ["analytics_label": "order-42_update"],
                ],
                "fcm_options": ["analytics_label": "order-42_update"],
            ]
        ]
        #expect(try FCMRequestTests.body(Self.update) == expected)
        #expect(
            !(try FCMRequestTests.sender().plan(Self.update, to: .registrationIDs(["fcm-token_1:abc"]))[1].request.bodyText
                .contains(Self.activityToken.revealed)))
    }

    /// A push-to-start: `start` with its attributes and an alert, which stays in `aps` (Firebase's
    /// guide puts it there), not in `notification`.
    @Test func aPushToStartKeepsItsAlertInAps() throws {
        var message = PushMessage(alert: .init(title: "Delivery", body: "Your order is on its way"))
        message.liveActivity = .init(
            event: "start", timestamp: 1_767_225_600, contentState: ["eta": 30], attributesType: "DeliveryAttributes", attributes: ["order": "42"])
        message.liveActivityToken = Self.activityToken
        let body = try FCMRequestTests.body(message)
        #expect(body["message"]?["notification"] == nil)
        #expect(body["message"]?["fcm_options"] == nil)
        #expect(body["message"]?["apns"]?["headers"] == ["apns-push-type": "liveactivity"])
        #expect(
            body["message"]?["apns"]?["payload"] == [
                "aps": [
                    "alert": ["title": "Delivery", "body": "Your order is on its way"], "event": "start", "timestamp": 1_767_225_600,
                    "content-state": ["eta": 30], "attributes-type": "DeliveryAttributes", "attributes": ["order": "42"],
                ]
            ])
    }

    /// The label alone, on an alert: `fcm_options` at the message's level and beside the image in `apns`.
    @Test func theAnalyticsLabelGoesInBothFCMOptions() throws {
        var message = PushMessage(alert: .init(title: "T", body: "B"), mutableContent: true)
        message.richMedia = [.init(url: "https://example.com/a.jpg", kind: .image)]
        message.analyticsLabel = "spring~sale%202026"
        let body = try FCMRequestTests.body(message)
        #expect(body["message"]?["fcm_options"] == ["analytics_label": "spring~sale%202026"])
        #expect(body["message"]?["apns"]?["fcm_options"] == ["image": "https://example.com/a.jpg", "analytics_label": "spring~sale%202026"])
    }

    static func withActivity(_ change: (inout PushMessage) -> Void) -> PushMessage {
        var message = update
        change(&message)
        return message
    }

    /// Every bad value refused with its field named, and the activity token never shown whole.
    @Test(arguments: [
        (withActivity { $0.liveActivityToken = nil }, PushAudience.registrationIDs(["t1"]), "liveActivityToken"),
        (
            withActivity { $0.liveActivityToken = SecretText("not-hex-" + String(repeating: "z", count: 20)) }, .registrationIDs(["t1"]),
            "liveActivityToken"
        ),
        (withActivity { $0.liveActivityToken = "abc" }, .registrationIDs(["t1"]), "liveActivityToken"),
        (withActivity { $0.liveActivity = nil }, .registrationIDs(["t1"]), "liveActivityToken"),
        (withActivity { $0.liveActivity?.event = nil }, .registrationIDs(["t1"]), "liveActivity.event"),
        (withActivity { $0.liveActivity?.timestamp = nil }, .registrationIDs(["t1"]), "liveActivity.timestamp"),
        (withActivity { $0.liveActivity?.contentState = nil }, .registrationIDs(["t1"]), "liveActivity.contentState"),
        (withActivity { $0.priority = .low }, .registrationIDs(["t1"]), "priority"),
        (withActivity { $0.pushType = .alert }, .registrationIDs(["t1"]), "liveActivityToken"),
        (withActivity { _ in }, .tags(["news"]), "audience"),
        (withActivity { $0.analyticsLabel = "" }, .registrationIDs(["t1"]), "analyticsLabel"),
        (withActivity { $0.analyticsLabel = "has space" }, .registrationIDs(["t1"]), "analyticsLabel"),
        (withActivity { $0.analyticsLabel = String(repeating: "a", count: 51) }, .registrationIDs(["t1"]), "analyticsLabel"),
    ])
    func badValuesAreRefusedByName(message: PushMessage, audience: PushAudience, field: String) {
        do {
            _ = try FCMRequestTests.sender().plan(message, to: audience)
            Issue.record("accepted: expected an error naming \(field)")
        } catch {
            #expect(error.field == field, "\(error)")
            if let token = message.liveActivityToken, token.revealed.count >= 16 {
                #expect(!"\(error)".contains(token.revealed), "\(error)")
            }
        }
    }

    /// Exactly 50 characters of the pattern is a label.
    @Test func fiftyCharactersIsALabel() throws {
        var message = PushMessage(alert: .init(body: "x"))
        message.analyticsLabel = String(repeating: "a", count: 49) + "%"
        #expect(try FCMRequestTests.body(message)["message"]?["fcm_options"]?["analytics_label"] == .string(message.analyticsLabel!))
    }

    /// The message printed (a log line, a debugger) masks the activity token.
    @Test func theMessagePrintedMasksTheActivityToken() {
        var dumped = ""
        dump(Self.update, to: &dumped)
        for text in ["\(Self.update)", String(reflecting: Self.update), dumped] {
            #expect(!text.contains(Self.activityToken.revealed), "\(text)")
        }
    }

    /// A message file names the new fields: `liveActivity`, `liveActivityToken`, `analyticsLabel`;
    /// a bad one is named with its path.
    @Test func aMessageFileReadsTheNewFields() throws {
        let json: JSONValue = [
            "liveActivity": ["event": "end", "timestamp": 1_767_225_600, "dismissalDate": 1_767_229_200, "contentState": ["eta": 0]],
            "liveActivityToken": .string(Self.activityToken.revealed), "analyticsLabel": "done",
        ]
        let message = try PushMessage(json: json)
        #expect(message.liveActivity == .init(event: "end", timestamp: 1_767_225_600, contentState: ["eta": 0], dismissalDate: 1_767_229_200))
        #expect(message.liveActivityToken == Self.activityToken)
        #expect(message.analyticsLabel == "done")
        #expect(message.effectivePushType == .liveactivity)
        #expect(message.apsDictionary == ["event": "end", "timestamp": 1_767_225_600, "content-state": ["eta": 0], "dismissal-date": 1_767_229_200])
        for (bad, field) in [
            (["liveActivity": ["timestamp": "soon"]] as JSONValue, "liveActivity.timestamp"),
            (["liveActivity": ["evnt": "end"]], "liveActivity.evnt"),
            (["liveActivityToken": 1], "liveActivityToken"), (["analyticsLabel": true], "analyticsLabel"),
        ] {
            #expect(throws: PushError.self) { try PushMessage(json: bad) }
            do { _ = try PushMessage(json: bad) } catch { #expect(error.field == field, "\(error)") }
        }
    }

    /// APNs sends to the activity token as its device token (with the same Live Activity fields);
    /// it refuses `liveActivityToken` and `analyticsLabel` by name, and says where the token goes.
    @Test func apnsSendsTheActivityAsADeviceTokenAndRefusesFCMsFields() throws {
        let apns = APNsSender(
            keyID: "ABC123DEFG", teamID: "DEF123GHIJ", topic: "com.example.app", signer: OpenSSLCommandES256Signer(privateKeyPath: "/unused"),
            options: PushSenderOptions(now: { 1_767_225_600 }))
        var message = Self.update
        message.liveActivityToken = nil
        message.analyticsLabel = nil
        let plan = try apns.plan(message, to: .deviceTokens([Self.activityToken]))
        #expect(plan[0].request[header: "apns-push-type"] == "liveactivity")
        #expect(plan[0].request[header: "apns-topic"] == "com.example.app.push-type.liveactivity")
        #expect(try JSONParser.parse(plan[0].request.body)["aps"]?["event"] == "update")
        for (change, field) in [
            ({ (m: inout PushMessage) in m.liveActivityToken = Self.activityToken }, "liveActivityToken"),
            ({ $0.analyticsLabel = "x" }, "analyticsLabel"),
        ] {
            var refused = message
            change(&refused)
            do {
                _ = try apns.plan(refused, to: .deviceTokens([Self.activityToken]))
                Issue.record("APNs accepted \(field)")
            } catch {
                #expect(error.field == field, "\(error)")
                #expect(!"\(error)".contains(Self.activityToken.revealed), "\(error)")
            }
        }
    }

    /// JPush and Getui have no Live Activity push nor FCM's fields: each refused by name.
    @Test func jpushAndGetuiRefuseTheLiveActivityAndFCMsFields() {
        let senders: [(any PushSender, PushAudience)] = [
            (JPushSender(appKey: "0123456789abcdef01234567", masterSecret: "fedcba9876543210fedcba98"), .registrationIDs(["1a0018970a8c3b3a1f1"])),
            (
                GetuiSender(appID: "appid0123456789", appKey: "appkey0123456789", masterSecret: "secret0123456789"),
                .clientIDs(["1d4a1b3c5e7f9a0b2c4d6e8f00000001"])
            ),
        ]
        for (sender, audience) in senders {
            for (message, field) in [
                (Self.update, "liveActivityToken"), (Self.withActivity { $0.liveActivityToken = nil }, "analyticsLabel"),
                (
                    Self.withActivity {
                        $0.liveActivityToken = nil
                        $0.analyticsLabel = nil
                    }, "liveActivity"
                ),
            ] {
                do {
                    _ = try sender.plan(message, to: audience)
                    Issue.record("\(sender.provider) accepted \(field)")
                } catch {
                    #expect(error.field == field, "\(sender.provider): \(error)")
                }
            }
        }
    }
}
