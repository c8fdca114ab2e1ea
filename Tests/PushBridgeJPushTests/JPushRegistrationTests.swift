import PushBridge
import PushBridgeJPush
import PushBridgeTesting
import Testing

/// The register entity: options and categories checked against the device's iOS version.
@Suite struct JPushRegistrationTests {
    static let all: [(option: AuthorizationOptions, since: IOSVersion, below: IOSVersion)] = [
        (.carPlay, IOSVersion(10), IOSVersion(9, 3, 5)),
        (.criticalAlert, IOSVersion(12), IOSVersion(11, 4)),
        (.providesAppNotificationSettings, IOSVersion(12), IOSVersion(11, 4)),
        (.provisional, IOSVersion(12), IOSVersion(11, 4)),
        (.announcement, IOSVersion(13), IOSVersion(12, 4)),
    ]

    @Test(arguments: all)
    func anOptionIsAcceptedFromItsVersionAndReportedBelow(option: AuthorizationOptions, since: IOSVersion, below: IOSVersion) throws {
        let entity = try JPushRegisterEntity(PushRegistrationRequest(iosVersion: since, options: [.alert, option]))
        #expect(entity.types == AuthorizationOptions([.alert, option]).rawValue)
        #expect {
            _ = try JPushRegisterEntity(PushRegistrationRequest(iosVersion: below, options: [.alert, option]))
        } throws: { error in
            (error as? PushError)?.field == "types" && (error as? PushError)?.code == .unsupported
        }
    }

    @Test(arguments: [
        (IOSVersion(7, 1), [String](), nil as JPushRegisterEntity.CategoryKind?, false),
        (IOSVersion(7, 1), ["reply"], nil, true),
        (IOSVersion(8), ["reply"], .userNotificationCategory, false),
        (IOSVersion(9, 3), ["reply"], .userNotificationCategory, false),
        (IOSVersion(10), ["reply"], .notificationCategory, false),
        (IOSVersion(17), [], .notificationCategory, false),
    ])
    func categoriesByVersion(version: IOSVersion, categories: [String], kind: JPushRegisterEntity.CategoryKind?, fails: Bool) throws {
        let request = PushRegistrationRequest(iosVersion: version, options: [.alert, .badge, .sound], categories: categories)
        if fails {
            #expect { _ = try JPushRegisterEntity(request) } throws: { ($0 as? PushError)?.field == "categories" }
        } else {
            let entity = try JPushRegisterEntity(request)
            #expect(entity.categoryKind == kind)
            #expect(entity.categories == (version < IOSVersion(8) ? nil : categories))
        }
    }

    @Test func registerSendsTheEntityOrNothing() throws {
        let bridge = MockJPushBridge()
        let provider = JPushProvider(settings: JPushSettings(appKey: "5a6e94518f6bd85ba173cf77"), bridge: bridge, scheduler: ManualScheduler())
        #expect(throws: PushError.self) { try provider.register(PushRegistrationRequest(iosVersion: IOSVersion(11), options: [.provisional])) }
        #expect(bridge.calls.isEmpty)
        try provider.register(PushRegistrationRequest(iosVersion: IOSVersion(12), options: [.provisional]))
        provider.didRegisterForRemoteNotifications(DeviceTokenRequest(token: [0xAB, 0xCD, 0xEF, 0x01, 0x23, 0x45]))
        #expect(bridge.calls.count == 2)
        #expect(!"\(bridge.calls)".contains("abcdef012345"))
    }
}
