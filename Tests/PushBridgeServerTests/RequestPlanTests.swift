import PushBridge
import PushBridgeAPNsServer
import PushBridgeGetuiServer
import PushBridgeJPushServer
import PushBridgeServer
import Testing

/// What each provider's request looks like for one message, field by field (the tables in the
/// builders' documentation), and what each refuses, naming the field.
@Suite struct RequestPlanTests {
    static let token = SecretText("8e3a9f1c0b7d4e6a2f5c8b1d9e0a3c7f6b2d5e8a1c4f7b0e3d6a9c2f5b8e1d4a")
    static var message: PushMessage {
        var message = PushMessage(alert: .init(title: "Order shipped", body: "Arrives Thursday"), badge: 2, sound: "default")
        message.category = "ORDER"
        message.threadID = "orders"
        message.customData = ["orderID": "A-1042"]
        message.collapseID = "order-A-1042"
        message.timeToLive = 3_600
        return message
    }

    static let fixedNow: @Sendable () -> Double = { 1_700_000_000 }
    static var apns: APNsSender {
        APNsSender(
            keyID: "ABC123DEFG", teamID: "DEF123GHIJ", topic: "com.example.app", signer: FixedSigner(), options: PushSenderOptions(now: fixedNow))
    }

    @Test func apnsRequestHasApplesPathHeadersAndPayload() throws {
        let planned = try Self.apns.plan(Self.message, to: .deviceTokens([Self.token]))
        #expect(planned.count == 1)
        let request = planned[0].request
        #expect(request.method == "POST")
        #expect(request.url == "https://api.push.apple.com/3/device/" + Self.token.revealed)
        #expect(request[header: "apns-push-type"] == "alert")
        #expect(request[header: "apns-topic"] == "com.example.app")
        #expect(request[header: "apns-expiration"] == "1700003600")
        #expect(request[header: "apns-collapse-id"] == "order-A-1042")
        #expect(request[header: "apns-priority"] == nil)  // Apple's default, 10
        #expect(request[header: "apns-id"]?.count == 36)
        #expect(request[header: "authorization"] == "bearer <provider token>")
        #expect(
            request.bodyText
                == #"{"aps":{"alert":{"title":"Order shipped","body":"Arrives Thursday"},"badge":2,"sound":"default","thread-id":"orders","category":"ORDER"},"orderID":"A-1042"}"#
        )
        #expect(planned[0].targets == [PushTarget(kind: .deviceToken, id: Self.token)])
    }

    @Test func apnsBackgroundPushGoesAtPriorityFiveAndVoIPToItsTopic() throws {
        let silent = PushMessage(contentAvailable: true, customData: ["sync": true])
        let background = try Self.apns.plan(silent, to: .deviceTokens([Self.token]))[0].request
        #expect(background[header: "apns-push-type"] == "background")
        #expect(background[header: "apns-priority"] == "5")
        var call = PushMessage(customData: ["caller": "Ada"], pushType: .voip)
        call.environment = .sandbox
        let voip = try Self.apns.plan(call, to: .deviceTokens([Self.token]))[0].request
        #expect(voip[header: "apns-topic"] == "com.example.app.voip")
        #expect(voip.url.hasPrefix("https://api.sandbox.push.apple.com/3/device/"))
    }

    @Test func apnsRefusesWhatItCannotCarryNamingTheField() {
        func field(_ message: PushMessage, _ audience: PushAudience = .deviceTokens([Self.token])) -> String? {
            do {
                _ = try Self.apns.plan(message, to: audience)
                return nil
            } catch {
                return error.field
            }
        }
        #expect(field(PushMessage(alert: .init(body: "x"), passthrough: .init(content: "hi"))) == "passthrough")
        #expect(field(PushMessage(alert: .init(body: "x"), collapseID: String(repeating: "c", count: 65))) == "collapseID")
        #expect(field(PushMessage(alert: .init(body: "x")), .aliases(["ada"])) == "audience")
        #expect(field(PushMessage(alert: .init(body: "x")), .deviceTokens([])) == "audience")
        #expect(field(PushMessage(alert: .init(body: "x")), .deviceTokens([Self.token, "not-hex"])) == "audience.deviceTokens[1]")
        #expect(field(PushMessage(alert: .init(body: String(repeating: "x", count: 5_000)))) == "payload")
        #expect(field(PushMessage(alert: .init(body: "x"), customData: ["aps": 1])) == "customData.aps")
    }

    @Test func jpushRequestIsPushAPIv3() throws {
        let sender = JPushSender(appKey: "5a6e94518f6bd85ba173cf77", masterSecret: "c0ffeec0ffeec0ffeec0ffee")
        let planned = try sender.plan(Self.message, to: .registrationIDs(["1a0018970a9b2c3d4e5"]))
        #expect(planned.count == 2)
        #expect(planned[0].request.method == "GET")
        #expect(planned[0].request.url == "https://api.jpush.cn/v3/push/cid?count=1&type=push")
        let push = planned[1].request
        #expect(push.url == "https://api.jpush.cn/v3/push")
        let body = try #require(try JSONParser.parse(push.body).objectValue)
        #expect(body["platform"] == ["ios"])
        #expect(body["audience"] == ["registration_id": ["1a0018970a9b2c3d4e5"]])
        #expect(
            body["notification"]
                == [
                    "ios": [
                        "alert": ["title": "Order shipped", "body": "Arrives Thursday"], "sound": "default", "badge": 2, "category": "ORDER",
                        "thread-id": "orders", "extras": ["orderID": "A-1042"],
                    ]
                ])
        #expect(
            body["options"] == ["apns_production": true, "time_to_live": 3_600, "apns_collapse_id": "order-A-1042", "sendno": 1])
        #expect(body["cid"] == "<cid 1 from /v3/push/cid>")
    }

    @Test func jpushSplitsIDsByThousandAndRefusesMoreThanTwentyTags() throws {
        let sender = JPushSender(appKey: "5a6e94518f6bd85ba173cf77", masterSecret: "c0ffeec0ffeec0ffeec0ffee")
        let ids = (0..<2_500).map { SecretText("id\($0)") }
        let planned = try sender.plan(PushMessage(alert: .init(body: "hi")), to: .registrationIDs(ids))
        #expect(planned.map(\.targets.count) == [0, 1_000, 1_000, 500])
        #expect(planned[0].request.url.hasSuffix("count=3&type=push"))
        #expect(throws: PushError.self) { try sender.plan(PushMessage(alert: .init(body: "hi")), to: .tags((0..<21).map { "t\($0)" })) }
        let passthroughOnly = try sender.plan(PushMessage(passthrough: .init(content: "ping", extras: ["k": "v"])), to: .everyone)
        let body = try #require(try JSONParser.parse(passthroughOnly[1].request.body).objectValue)
        #expect(body["audience"] == "all")
        #expect(body["notification"] == nil)
        #expect(body["message"] == ["msg_content": "ping", "extras": ["k": "v"]])
        do {
            _ = try sender.plan(PushMessage(alert: .init(body: "x"), relevanceScore: 0.5), to: .everyone)
            Issue.record("relevanceScore accepted")
        } catch {
            #expect(error.field == "relevanceScore")
        }
    }

    @Test func getuiSinglePushAndListPush() throws {
        let sender = GetuiSender(appID: "djYjSlFVMf6p5YOy2OQUs8", appKey: "hPJ4a0Gr4r7QjWmTwxoNF2", masterSecret: "kYnqvnKQ5lA4IDhlMtDj07")
        let single = try sender.plan(Self.message, to: .clientIDs(["1d4a1b3c5e7f9a0b2c4d6e8f0a1b3c5d"]))
        #expect(single.count == 1)
        #expect(single[0].request.url == "https://restapi.getui.com/v2/djYjSlFVMf6p5YOy2OQUs8/push/single/cid")
        #expect(single[0].request[header: "token"] == "<token from /auth>")
        let body = try #require(try JSONParser.parse(single[0].request.body).objectValue)
        #expect(body["audience"] == ["cid": ["1d4a1b3c5e7f9a0b2c4d6e8f0a1b3c5d"]])
        #expect(body["settings"] == ["ttl": 3_600_000])
        #expect(body["push_message"] == ["transmission": #"{"orderID":"A-1042"}"#])
        #expect(
            body["push_channel"]
                == [
                    "ios": [
                        "type": "notify",
                        "aps": [
                            "alert": ["title": "Order shipped", "body": "Arrives Thursday"], "sound": "default", "category": "ORDER",
                            "thread-id": "orders",
                        ],
                        "auto_badge": "2", "payload": #"{"orderID":"A-1042"}"#, "apns-collapse-id": "order-A-1042",
                    ]
                ])
        #expect((body["request_id"]?.stringValue?.count ?? 0) == 32)
        // timeToLive 0 (one attempt, not kept) is Getui's -1 ("-1表示不设离线"), not 0 milliseconds.
        let once = try sender.plan(PushMessage(alert: .init(body: "hi"), timeToLive: 0), to: .clientIDs(["1d4a1b3c5e7f9a0b2c4d6e8f0a1b3c5d"]))
        #expect(try JSONParser.parse(once[0].request.body)["settings"] == ["ttl": -1])
        let list = try sender.plan(PushMessage(alert: .init(body: "hi")), to: .clientIDs(["cid-one-0000", "cid-two-0000"]))
        #expect(list.map { $0.request.url.split(separator: "/").suffix(2).joined(separator: "/") } == ["list/message", "list/cid"])
        #expect(list[1].targets.count == 2)
        do {
            _ = try sender.plan(PushMessage(alert: .init(body: "x"), mutableContent: true), to: .everyone)
            Issue.record("mutableContent accepted")
        } catch {
            #expect(error.field == "mutableContent")
        }
    }

    @Test func secretsAreMaskedInPrintedHeadersAndTargets() throws {
        let header = PushHTTPHeader("authorization", "bearer eyJhbGciOiJFUzI1NiJ9.e30.c2lnbmF0dXJl", isSecret: true)
        #expect("\(header)" == "authorization: ••••dXJl")
        let planned = try Self.apns.plan(Self.message, to: .deviceTokens([Self.token]))
        #expect(!"\(planned[0].targets)".contains(Self.token.revealed))
    }

    /// A sender or a request printed, reflected or dumped shows no credential and no identifier.
    @Test func sendersAndRequestsPrintNoSecret() throws {
        let jpush = JPushSender(appKey: "5a6e94518f6bd85ba173cf77", masterSecret: "c0ffeec0ffeec0ffeec0ffee")
        let getui = GetuiSender(appID: "djYjSlFVMf6p5YOy2OQUs8", appKey: "hPJ4a0Gr4r7QjWmTwxoNF2", masterSecret: "kYnqvnKQ5lA4IDhlMtDj07")
        let basic = "NWE2ZTk0NTE4ZjZiZDg1YmExNzNjZjc3OmMwZmZlZWMwZmZlZWMwZmZlZWMwZmZlZQ=="
        var dumped = ""
        dump(jpush, to: &dumped)
        dump(getui, to: &dumped)
        let printed = [String(describing: jpush), String(reflecting: jpush), String(describing: getui), dumped].joined(separator: "\n")
        for secret in ["c0ffeec0ffee", basic, "kYnqvnKQ5lA4IDhlMtDj07", "hPJ4a0Gr4r7QjWmTwxoNF2"] {
            #expect(!printed.contains(secret), "\(secret) printed")
        }
        let request = try Self.apns.plan(Self.message, to: .deviceTokens([Self.token]))[0].request
        var requestDump = ""
        dump(request, to: &requestDump)
        for text in [String(describing: request), String(reflecting: request), requestDump] {
            #expect(!text.contains(Self.token.revealed))
            #expect(text.contains("/3/device/••••1d4a"))
        }
    }
}
