import PushBridgeServiceExtension
import Testing

/// The extension's raw-value enums compare and hash by case (a written-out `ordinal`): equal
/// exactly when their raw values are, hashing alike when equal.
@Suite struct ServiceExtensionCaseEqualityTests {
    static func holdsByRawValue<Case: RawRepresentable & Hashable>(_ cases: [Case]) where Case.RawValue == String {
        for a in cases {
            for b in cases {
                #expect((a == b) == (a.rawValue == b.rawValue), "\(a.rawValue) and \(b.rawValue)")
                if a == b { #expect(a.hashValue == b.hashValue) }
            }
        }
        #expect(Set(cases).count == cases.count)
    }

    @Test func endingsAndMediaKindsAreEqualExactlyWhenTheirRawValuesAre() {
        Self.holdsByRawValue(ServiceExtensionSessionOutcome.Ending.allCases)
        Self.holdsByRawValue(MediaKind.allCases)
    }
}
