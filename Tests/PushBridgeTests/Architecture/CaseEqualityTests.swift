import PushBridge
import PushBridgeJPush
import PushBridgeProviderKit
import PushBridgeRouting
import PushBridgeServiceExtension
import Testing

/// The raw-value enums compare and hash by case (a written-out `ordinal`, not `RawRepresentable`'s
/// string comparison): two cases are equal exactly when their raw values are, and equal cases hash
/// alike. A duplicated or shifted ordinal would make two cases equal; these tests would see it.
@Suite struct CaseEqualityTests {
    /// Every pair of `cases`: equal exactly when the raw values are, hashing alike when equal, and
    /// all distinct in a set.
    static func holdsByRawValue<Case: RawRepresentable & Hashable>(_ cases: [Case]) where Case.RawValue == String {
        for a in cases {
            for b in cases {
                #expect((a == b) == (a.rawValue == b.rawValue), "\(a.rawValue) and \(b.rawValue)")
                if a == b { #expect(a.hashValue == b.hashValue) }
            }
        }
        #expect(Set(cases).count == cases.count)
    }

    @Test func theRuntimesRawValueEnumsAreEqualExactlyWhenTheirRawValuesAre() {
        Self.holdsByRawValue(SystemCallback.allCases)
        Self.holdsByRawValue(ApplicationState.allCases)
        Self.holdsByRawValue(LaunchOptionsKey.allCases)
        Self.holdsByRawValue(PushEvent.Kind.allCases)
        Self.holdsByRawValue(PushOrigin.allCases)
        Self.holdsByRawValue(PushEvent.ConnectionState.allCases)
        Self.holdsByRawValue(PushDiagnostic.Code.allCases)
        Self.holdsByRawValue(PrivacyConsent.allCases)
        Self.holdsByRawValue(NotificationCenterOwner.allCases)
    }

    @Test func theJPushAdaptersRawValueEnumsAreEqualExactlyWhenTheirRawValuesAre() {
        Self.holdsByRawValue(JPushNetworkNotification.allCases)
        Self.holdsByRawValue(JPushTagOperation.allCases)
        Self.holdsByRawValue([JPushRegisterEntity.CategoryKind.userNotificationCategory, .notificationCategory])
    }

    @Test func theExtensionsAndTheRoutersRawValueEnumsAreEqualExactlyWhenTheirRawValuesAre() {
        Self.holdsByRawValue(ServiceExtensionSessionOutcome.Ending.allCases)
        Self.holdsByRawValue(MediaKind.allCases)
        Self.holdsByRawValue(RoutingDiagnostic.Code.allCases)
    }

    @Test func errorCodesAreEqualExactlyWhenTheirNamesAre() {
        let codes: [PushError.Code] = [
            .malformedJSON, .invalidScenario, .invalidPayload, .invalidConfiguration, .unsupported, .outOfRange, .timeout,
            .providerFailure, .consentRequired,
        ]
        for a in codes {
            for b in codes {
                #expect((a == b) == (a.rawValue == b.rawValue), "\(a) and \(b)")
                if a == b { #expect(a.hashValue == b.hashValue) }
            }
        }
        #expect(Set(codes).count == codes.count)
    }
}
