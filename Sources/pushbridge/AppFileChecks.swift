import PushBridge
import PushBridgeGetui
import PushBridgeJPush

/// One line `check-config` prints about the app's own files: the key it concerns and what was
/// found and expected.
///
/// ```text
/// entitlements.aps-environment: development (expected development or production)
/// info-plist.UIBackgroundModes: note: no remote-notification; …
/// ```
struct AppFileFinding: Sendable, Hashable, CustomStringConvertible {
    /// How a finding counts.
    enum Kind: Sendable, Hashable {
        /// As expected: printed before `ok`.
        case checked
        /// Not wrong, but worth knowing: printed before `ok`, marked `note:`.
        case note
        /// Wrong: printed with the configuration's problems, and the command exits 1.
        case problem
    }

    /// How it counts.
    var kind: Kind
    /// The file and key, `entitlements.aps-environment` or `info-plist.UIBackgroundModes`.
    var key: String
    /// What was found and what is expected; never a secret.
    var text: String

    /// `key: text`, or `key: note: text`.
    var description: String { kind == .note ? "\(key): note: \(text)" : "\(key): \(text)" }
}

/// What `check-config --entitlements FILE --info-plist FILE` checks in the app's own files: the
/// part of each provider's checklist that a file shows (the vendor's console and the linking
/// shows none).
///
/// - `aps-environment` in the entitlements: every provider delivers through APNs, and iOS
///   refuses to register without it (error 3000). Without `jpush.production`, JPush follows
///   this value as the app reads it from its signing at run time; its value against an explicit
///   `jpush.production` is only a note: Xcode signs with the provisioning profile's value, `development` for a development
///   profile and `production` for the App Store, TestFlight and Ad Hoc ("Xcode sets the value of
///   the entitlement based on your app's current provisioning profile",
///   developer.apple.com/documentation/bundleresources/entitlements/aps-environment), so the file
///   alone cannot tell which build ships with which configuration; JPush's `apsForProduction`
///   must match the signed value (jpush/jpush-docs `zh/jpush/client/iOS/ios_guide_new.md`).
/// - `UIBackgroundModes` in the Info.plist: see ``backgroundModes(_:providers:)``.
/// - `NSUserTrackingUsageDescription`: with JPush or Getui, a reminder that the IDFA comes from
///   the provider's `advertisingIdentifier:` closure, never from the configuration.
///
/// ```swift
/// let findings = AppFileChecks(entitlements: entitlements, infoPlist: infoPlist).findings(for: configuration)
/// ```
struct AppFileChecks: Sendable {
    /// The root of the app's `.entitlements` file, when given.
    var entitlements: [String: PropertyListValue]?
    /// The root of the app's `Info.plist`, when given.
    var infoPlist: [String: PropertyListValue]?
    /// The root of the notification service extension's `Info.plist`, when given.
    var extensionInfoPlist: [String: PropertyListValue]?
    /// The root of the extension's `.entitlements` file, when given.
    var extensionEntitlements: [String: PropertyListValue]?
    /// `GoogleService-Info.plist` beside the Info.plist, when the Info.plist was given (FCM's check).
    var googleServiceInfo: GoogleServiceInfo?

    /// The remote-notification background mode's value in `UIBackgroundModes`.
    static let remoteNotificationMode = "remote-notification"

    /// Every finding, entitlements first, in a fixed order, then the switched-on features'
    /// (``featureFindings(_:)``); none when no file was given and no feature is on.
    ///
    /// - Parameter configuration: The configuration, when it could be read (its providers and
    ///   `jpush.production` refine the checks).
    func findings(for configuration: PushConfiguration?) -> [AppFileFinding] {
        let providers = configuration?.namedProviders ?? []  // every market's too: one binary ships them all
        var findings: [AppFileFinding] = []
        if let entitlements {
            findings.append(Self.apsEnvironment(entitlements["aps-environment"], jpush: configuration?.jpush))
        }
        if let infoPlist {
            findings.append(Self.backgroundModes(infoPlist["UIBackgroundModes"], providers: providers))
            if let tracking = Self.trackingUsage(infoPlist["NSUserTrackingUsageDescription"], providers: providers) {
                findings.append(tracking)
            }
        }
        findings += firebaseFindings(for: configuration, providers: providers)
        if let features = configuration?.features { findings += featureFindings(features) }
        return findings
    }

    /// `aps-environment`: missing or not `development`/`production` is a problem; a value that
    /// differs from an explicit `jpush.production` is a note (without one, JPush follows the signing).
    static func apsEnvironment(_ value: PropertyListValue?, jpush: JPushSettings?) -> AppFileFinding {
        let key = "entitlements.aps-environment"
        guard let value else {
            return AppFileFinding(
                kind: .problem, key: key,
                text: "missing (expected development or production: add the Push Notifications capability in Xcode's Signing & Capabilities)")
        }
        guard case .string(let environment) = value else {
            return AppFileFinding(kind: .problem, key: key, text: "is \(value.kind), expected the string development or production")
        }
        guard environment == "development" || environment == "production" else {
            return AppFileFinding(kind: .problem, key: key, text: "\"\(CommandOutput.oneLine(environment))\" is not development or production")
        }
        guard let jpush else {
            return AppFileFinding(kind: .checked, key: key, text: "\(environment) (expected development or production)")
        }
        guard let jpushProduction = jpush.production else {
            return AppFileFinding(
                kind: .checked, key: key, text: "\(environment) (expected development or production; jpush.production follows the signing)")
        }
        guard (environment == "production") == jpushProduction else {
            return AppFileFinding(
                kind: .note, key: key,
                text: "\(environment) while jpush.production is \(jpushProduction); Xcode signs with the provisioning profile's value "
                    + "(development for a development profile, production for the App Store, TestFlight and Ad Hoc), "
                    + "and jpush.production must match the signed value in every build")
        }
        return AppFileFinding(
            kind: .checked, key: key, text: "\(environment) (expected development or production; matches jpush.production \(jpushProduction))")
    }

    /// `UIBackgroundModes` contains `remote-notification`.
    ///
    /// Missing is a **problem with Getui** and a note otherwise. Getui's own integration
    /// instructions add Background Modes beside Push Notifications (`GetuiLaboratory/react-native-getui`
    /// README §3, and `remote-notification` in its and `getui-flutter-plugin`'s example
    /// Info.plists), and its SDK hooks `application:didReceiveRemoteNotification:fetchCompletionHandler:` and hands the
    /// APNs copy of a passthrough over from there (`GeTuiSdkDidReceiveSlience:fromGetui:NO`,
    /// `GeTuiSdk.h` 3.1.0.0), which iOS calls in the background only with this mode. JPush asks
    /// only for the Push Notifications capability (jpush/jpush-docs `ios_guide_new.md`,
    /// "Capabilities"), and plain APNs needs the mode only for background (content-available)
    /// pushes (developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app).
    static func backgroundModes(_ value: PropertyListValue?, providers: [PushProviderID]) -> AppFileFinding {
        let key = "info-plist.UIBackgroundModes"
        var modes: [String] = []
        switch value {
        case nil: break
        case .array(let items):
            for item in items {
                guard case .string(let mode) = item else {
                    return AppFileFinding(kind: .problem, key: key, text: "holds \(item.kind), expected an array of strings")
                }
                modes.append(mode)
            }
        case .some(let other):
            return AppFileFinding(kind: .problem, key: key, text: "is \(other.kind), expected an array of strings")
        }
        if modes.contains(remoteNotificationMode) {
            return AppFileFinding(kind: .checked, key: key, text: "contains \(remoteNotificationMode)")
        }
        if providers.contains(.getui) {
            return AppFileFinding(
                kind: .problem, key: key,
                text: "no \(remoteNotificationMode) (Getui's integration adds Background Modes > Remote notifications: "
                    + "in the background, the APNs copy of a passthrough reaches the app only through the fetch callback Getui hooks)")
        }
        return AppFileFinding(
            kind: .note, key: key,
            text:
                "no \(remoteNotificationMode); add Background Modes > Remote notifications if the app relies on background (content-available) pushes"
        )
    }

    /// `NSUserTrackingUsageDescription`, with JPush or Getui only (the providers that take an
    /// IDFA): present is a reminder that the IDFA comes from the app at run time; empty or not a
    /// string is a problem (App Tracking Transparency shows it to the user).
    static func trackingUsage(_ value: PropertyListValue?, providers: [PushProviderID]) -> AppFileFinding? {
        let vendors = [(PushProviderID.jpush, "JPush"), (.getui, "Getui")].filter { providers.contains($0.0) }.map(\.1)
        guard !vendors.isEmpty else { return nil }
        let key = "info-plist.NSUserTrackingUsageDescription"
        let names = vendors.joined(separator: " and ")
        switch value {
        case nil:
            return AppFileFinding(
                kind: .checked, key: key,
                text: "absent (needed only if the app asks for tracking to hand \(names) an IDFA through advertisingIdentifier:)")
        case .string(let text) where !text.isEmpty:
            return AppFileFinding(
                kind: .note, key: key,
                text: "present; the IDFA reaches \(names) only through the provider's advertisingIdentifier: closure, "
                    + "after App Tracking Transparency authorises tracking, never from the configuration")
        case .string:
            return AppFileFinding(kind: .problem, key: key, text: "is empty (iOS shows it when asking for tracking: say why the app asks)")
        case .some(let other):
            return AppFileFinding(kind: .problem, key: key, text: "is \(other.kind), expected a string")
        }
    }
}
