import Foundation
import PushBridgeCore

/// The APNs environment an app is signed for, read from what the build carries rather than from
/// a file per environment.
///
/// - A build signed with a provisioning profile carries it as `embedded.mobileprovision` in the
///   app's bundle: a property list wrapped in a CMS (PKCS #7) signature ("Inside Code Signing:
///   Provisioning Profiles", developer.apple.com/documentation/technotes/tn3125-inside-code-signing-provisioning-profiles),
///   whose `Entitlements` hold `aps-environment` (developer.apple.com/documentation/bundleresources/entitlements/aps-environment).
///   The property list is stored as plain XML inside the envelope, so it is cut out between
///   `<?xml` and `</plist>` and read — the approach of public reports that read it at run time
///   (stackoverflow.com/a/69905152; Apple Developer Forums thread 699088, on Firebase doing so).
/// - A build the App Store or TestFlight installs carries no profile (Apple re-signs it for
///   distribution — a public report, not Apple documentation: the same answers), and uses
///   `production` ("Production provisioning profile and TestFlight use production", Apple's page
///   above): no profile reads as `production`.
/// - The Simulator carries no profile either; it registers with the development environment
///   (Xcode 14 release notes: remote notifications in the Simulator on iOS 16 and macOS 13 — that
///   they use the sandbox is an inference from the development signing).
package enum SigningEnvironment {
    /// The environment of this build, read once.
    package static let current: PushConfiguration.Environment = {
        #if targetEnvironment(simulator)
            return .development
        #else
            let profile = Bundle.main.url(forResource: "embedded", withExtension: "mobileprovision").flatMap { try? Data(contentsOf: $0) }
            return environment(profile: profile.map { Array($0) })
        #endif
    }()

    /// The environment of a build carrying `profile` (`nil`: none, `production`). A profile
    /// that cannot be read, or names no environment, reads as `production` too: without the
    /// entitlement, iOS refuses to register and the provider reports that failure
    /// (`registrationFailed`), which says more than a guess here would.
    package static func environment(profile: [UInt8]?) -> PushConfiguration.Environment {
        guard let profile, let environment = try? apsEnvironment(inProvisioningProfile: profile) else { return .production }
        return environment
    }

    /// The `aps-environment` entitlement of a provisioning profile's bytes (the CMS envelope
    /// and all), `nil` when the profile has none.
    ///
    /// - Throws: ``PushError`` (``PushError/Code/invalidConfiguration``) naming
    ///   `embedded.mobileprovision` when no property list is found in the bytes, it cannot be
    ///   read, or `aps-environment` is not `development` or `production`.
    package static func apsEnvironment(inProvisioningProfile bytes: [UInt8]) throws(PushError) -> PushConfiguration.Environment? {
        let field = "embedded.mobileprovision"
        guard let start = firstIndex(of: Array("<?xml".utf8), in: bytes), let end = firstIndex(of: Array("</plist>".utf8), in: bytes, from: start)
        else {
            throw PushError(
                .invalidConfiguration, field: field, "holds no property list (expected XML between <?xml and </plist> in the signed envelope)")
        }
        let xml = Data(bytes[start..<(end + "</plist>".utf8.count)])
        guard let root = try? PropertyListSerialization.propertyList(from: xml, options: [], format: nil) as? [String: Any] else {
            throw PushError(.invalidConfiguration, field: field, "its property list could not be read (expected a dictionary)")
        }
        guard let entitlements = root["Entitlements"] as? [String: Any], let value = entitlements["aps-environment"] else { return nil }
        guard let name = value as? String, let environment = PushConfiguration.Environment(rawValue: name) else {
            throw PushError(.invalidConfiguration, field: "\(field).Entitlements.aps-environment", "is not development or production")
        }
        return environment
    }

    /// Where `needle` first starts in `bytes`, at or after `from`.
    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from: Int = 0) -> Int? {
        guard bytes.count >= needle.count, from <= bytes.count - needle.count else { return nil }
        return (from...(bytes.count - needle.count)).first { start in needle.indices.allSatisfy { bytes[start + $0] == needle[$0] } }
    }
}
