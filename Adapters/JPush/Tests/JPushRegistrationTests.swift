import PushBridge
import PushBridgeJPush
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// Setup and the register entity: options and categories checked against the device's iOS
/// version, never dropped silently.
@Suite struct JPushRegistrationTests {
    /// One option, the version that brought it, and a version just below.
    struct OptionCase: Sendable, CustomTestStringConvertible {
        var name: String
        var option: AuthorizationOptions
        var since: IOSVersion
        var below: IOSVersion
        var testDescription: String { "\(name) (iOS \(since)+)" }
    }

    static let options: [OptionCase] = [
        OptionCase(name: "badge", option: .badge, since: IOSVersion(3), below: IOSVersion(3)),
        OptionCase(name: "sound", option: .sound, since: IOSVersion(3), below: IOSVersion(3)),
        OptionCase(name: "alert", option: .alert, since: IOSVersion(3), below: IOSVersion(3)),
        OptionCase(name: "carPlay", option: .carPlay, since: IOSVersion(10), below: IOSVersion(9, 3, 6)),
        OptionCase(name: "criticalAlert", option: .criticalAlert, since: IOSVersion(12), below: IOSVersion(11, 4, 1)),
        OptionCase(
            name: "providesAppNotificationSettings", option: .providesAppNotificationSettings, since: IOSVersion(12), below: IOSVersion(11, 4, 1)),
        OptionCase(name: "provisional", option: .provisional, since: IOSVersion(12), below: IOSVersion(11, 4, 1)),
        OptionCase(name: "announcement", option: .announcement, since: IOSVersion(13), below: IOSVersion(12, 5, 7)),
    ]

    @Test(arguments: options)
    func anOptionIsSentFromItsVersionAndReportedJustBelow(_ row: OptionCase) throws {
        let at = try JPushRegisterEntity(PushRegistrationRequest(iosVersion: row.since, options: [.alert, row.option]))
        #expect(at.types == AuthorizationOptions([.alert, row.option]).rawValue)
        #expect(at.types & row.option.rawValue == row.option.rawValue, "the option's JPAuthorizationOptions bit")
        guard row.below < row.since else { return }  // badge, sound and alert exist on every version
        #expect {
            _ = try JPushRegisterEntity(PushRegistrationRequest(iosVersion: row.below, options: [.alert, row.option]))
        } throws: { error in
            guard let error = error as? PushError else { return false }
            return error.code == .unsupported && error.field == "types" && error.message.contains(row.name)
                && error.message.contains("iOS \(row.since)+")
        }
    }

    @Test func everyMissingOptionIsNamed() {
        let request = PushRegistrationRequest(iosVersion: IOSVersion(9, 3), options: [.alert, .carPlay, .provisional, .announcement])
        #expect {
            _ = try JPushRegisterEntity(request)
        } throws: { error in
            let message = (error as? PushError)?.message ?? ""
            return ["carPlay", "provisional", "announcement"].allSatisfy(message.contains) && !message.contains("alert")
        }
    }

    @Test func theBitsAreJPAuthorizationOptions() throws {
        let all: AuthorizationOptions = [
            .badge, .sound, .alert, .carPlay, .criticalAlert, .providesAppNotificationSettings, .provisional, .announcement,
        ]
        #expect(try JPushRegisterEntity(PushRegistrationRequest(iosVersion: IOSVersion(13), options: all)).types == 255)
        #expect(try JPushRegisterEntity(PushRegistrationRequest(iosVersion: IOSVersion(7), options: [])).types == 0)
    }

    /// Categories on a version: the kind of object registered, or an error.
    struct CategoryCase: Sendable, CustomTestStringConvertible {
        var version: IOSVersion
        var categories: [String]
        var kind: JPushRegisterEntity.CategoryKind?
        var sent: [String]?
        var fails: Bool = false
        var testDescription: String { "iOS \(version), \(categories) → \(fails ? "error" : "\(kind.map(\.rawValue) ?? "nil")")" }
    }

    static let categories: [CategoryCase] = [
        CategoryCase(version: IOSVersion(7, 1, 2), categories: [], kind: nil, sent: nil),
        CategoryCase(version: IOSVersion(7, 1, 2), categories: ["reply"], kind: nil, sent: nil, fails: true),
        CategoryCase(version: IOSVersion(8), categories: ["reply"], kind: .userNotificationCategory, sent: ["reply"]),
        CategoryCase(version: IOSVersion(8, 4), categories: [], kind: .userNotificationCategory, sent: []),
        CategoryCase(version: IOSVersion(9, 3, 6), categories: ["reply", "like"], kind: .userNotificationCategory, sent: ["reply", "like"]),
        CategoryCase(version: IOSVersion(10), categories: ["reply"], kind: .notificationCategory, sent: ["reply"]),
        CategoryCase(version: IOSVersion(10, 3), categories: [], kind: .notificationCategory, sent: []),
        CategoryCase(version: IOSVersion(17), categories: ["reply"], kind: .notificationCategory, sent: ["reply"]),
    ]

    @Test(arguments: categories)
    func categoriesByVersion(_ row: CategoryCase) throws {
        let request = PushRegistrationRequest(iosVersion: row.version, options: [.alert, .badge, .sound], categories: row.categories)
        if row.fails {
            #expect {
                _ = try JPushRegisterEntity(request)
            } throws: { error in
                guard let error = error as? PushError else { return false }
                return error.code == .unsupported && error.field == "categories" && row.categories.allSatisfy(error.message.contains)
            }
        } else {
            let entity = try JPushRegisterEntity(request)
            #expect(entity.categoryKind == row.kind)
            #expect(entity.categories == row.sent)
            #expect(entity.types == 7)
        }
    }

    @Test func registerSendsTheEntityOrNothing() throws {
        let harness = JPushHarness()
        #expect(throws: PushError.self) {
            try harness.provider.register(PushRegistrationRequest(iosVersion: IOSVersion(11), options: [.alert, .provisional]))
        }
        #expect(throws: PushError.self) {
            try harness.provider.register(PushRegistrationRequest(iosVersion: IOSVersion(7), categories: ["reply"]))
        }
        #expect(harness.bridge.calls.isEmpty, "nothing is registered with an option or category dropped")
        let request = PushRegistrationRequest(iosVersion: IOSVersion(12), options: [.alert, .provisional], categories: ["reply"])
        try harness.provider.register(request)
        #expect(harness.bridge.calls == [.register(try JPushRegisterEntity(request))])
    }

    @Test(arguments: [true, false])
    func startPassesTheSettingsAndLaunchOptions(launchedWithNotification: Bool) throws {
        let harness = JPushHarness()
        let note = try PushNotification(payload: ["aps": ["alert": "x"], "_j_msgid": 1])
        let request =
            launchedWithNotification
            ? PushStartRequest(iosVersion: IOSVersion(15), launchNotification: note, launchOptionsKey: .remoteNotification)
            : PushStartRequest(iosVersion: IOSVersion(15))
        try harness.provider.start(request)
        #expect(
            harness.bridge.calls == [
                .setup(
                    appKey: SecretText(JPushHarness.appKey), channel: "App Store", production: true, advertisingIdentifier: "IDFA-0000-1111-2222",
                    launchedWithNotification: launchedWithNotification)
            ])
        #expect(harness.bridge.calls.first?.description.contains(JPushHarness.appKey) == false)
        #expect(harness.bridge.calls.first?.description.contains("IDFA-0000-1111-2222") == false)
    }

    @Test func theDeviceTokenIsForwardedMasked() {
        let harness = JPushHarness()
        harness.provider.didRegisterForRemoteNotifications(DeviceTokenRequest(token: [0xAB, 0xCD, 0xEF, 0x01, 0x23, 0x45, 0x67, 0x89]))
        #expect(harness.bridge.calls == [.registerDeviceToken("abcdef0123456789")])
        var printed = ""
        dump(harness.bridge.calls, to: &printed)
        printed += "\(harness.bridge.calls) \(String(reflecting: harness.bridge.calls))"
        #expect(!printed.contains("abcdef0123456789"), "\(printed)")
    }
}
