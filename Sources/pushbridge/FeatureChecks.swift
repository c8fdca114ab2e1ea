import PushBridge

/// What `check-config` checks for the features a configuration switches on (`PushFeatures`):
/// what the app and its extension still need, from the files given, and a note naming what no
/// file was given for.
///
/// - A service extension: the app group in the app's and the extension's entitlements
///   (`com.apple.security.application-groups`; the extension writes the delivery ledger in its
///   container, and Getui's extension SDK needs the group in both, `GeTuiExtSdk.h`), and the
///   extension's Info.plist declaring a notification service extension
///   (`NSExtension.NSExtensionPointIdentifier` `com.apple.usernotifications.service`, with an
///   `NSExtensionPrincipalClass`; Apple, "Modifying content in newly delivered notifications").
/// - VoIP: `voip` in `UIBackgroundModes` (Apple, "Responding to VoIP notifications from PushKit":
///   the app needs the Voice over IP background mode to receive them).
/// - Live Activities: `NSSupportsLiveActivities` true in the Info.plist (Apple, "Displaying live
///   data with Live Activities"); push-to-start needs iOS 17.2.
extension AppFileChecks {
    /// The app group entitlement's key.
    static let appGroupsKey = "com.apple.security.application-groups"
    /// A notification service extension's extension point.
    static let serviceExtensionPoint = "com.apple.usernotifications.service"

    /// The findings for `features`, in a fixed order; none when nothing is switched on.
    func featureFindings(_ features: PushFeatures) -> [AppFileFinding] {
        var findings: [AppFileFinding] = []
        if let serviceExtension = features.serviceExtension {
            let group = serviceExtension.appGroup
            if let entitlements {
                findings.append(Self.appGroup(entitlements[Self.appGroupsKey], group, key: "entitlements.\(Self.appGroupsKey)", of: "the app"))
            }
            if let extensionEntitlements {
                findings.append(
                    Self.appGroup(
                        extensionEntitlements[Self.appGroupsKey], group, key: "extension-entitlements.\(Self.appGroupsKey)", of: "the extension"))
            }
            if let extensionInfoPlist { findings += Self.serviceExtensionPlist(extensionInfoPlist) }
            let unchecked = [
                (entitlements, "--entitlements"), (extensionEntitlements, "--extension-entitlements"), (extensionInfoPlist, "--extension-info-plist"),
            ].filter { $0.0 == nil }.map(\.1)
            if !unchecked.isEmpty {
                findings.append(
                    AppFileFinding(
                        kind: .note, key: "serviceExtension",
                        text: "needs a Notification Service Extension target (NSExtensionPointIdentifier \(Self.serviceExtensionPoint)) and the "
                            + "app group \(group) in the app's and the extension's App Groups; give \(unchecked.joined(separator: ", ")) to check"))
            }
        }
        if features.voip {
            if let infoPlist {
                findings.append(
                    Self.hasBackgroundMode(infoPlist["UIBackgroundModes"], "voip", key: "info-plist.UIBackgroundModes", why: "VoIP pushes"))
            } else {
                findings.append(
                    AppFileFinding(
                        kind: .note, key: "voip",
                        text: "needs Background Modes > Voice over IP (voip in UIBackgroundModes); give --info-plist to check"))
            }
        }
        if let liveActivities = features.liveActivities {
            if let infoPlist {
                findings.append(Self.supportsLiveActivities(infoPlist["NSSupportsLiveActivities"]))
            } else {
                findings.append(
                    AppFileFinding(
                        kind: .note, key: "liveActivities", text: "needs NSSupportsLiveActivities = YES in the Info.plist; give --info-plist to check"
                    ))
            }
            if liveActivities.pushToStart {
                findings.append(AppFileFinding(kind: .note, key: "liveActivities.pushToStart", text: "the push-to-start token exists from iOS 17.2"))
            }
        }
        return findings
    }

    /// The app group entitlement holds `group`.
    static func appGroup(_ value: PropertyListValue?, _ group: String, key: String, of target: String) -> AppFileFinding {
        guard case .array(let items)? = value else {
            let found = value.map { "is \($0.kind), expected an array of app groups" } ?? "missing"
            return AppFileFinding(kind: .problem, key: key, text: "\(found) (add the App Groups capability to \(target) with \(group))")
        }
        let groups = items.compactMap { item -> String? in if case .string(let name) = item { name } else { nil } }
        guard groups.contains(group) else {
            return AppFileFinding(kind: .problem, key: key, text: "no \(group) (add it to \(target)'s App Groups: serviceExtension.appGroup)")
        }
        return AppFileFinding(kind: .checked, key: key, text: "contains \(group)")
    }

    /// The extension's Info.plist declares a notification service extension with a principal class.
    static func serviceExtensionPlist(_ plist: [String: PropertyListValue]) -> [AppFileFinding] {
        let key = "extension-info-plist.NSExtension"
        guard case .dictionary(let extensionInfo)? = plist["NSExtension"] else {
            return [
                AppFileFinding(
                    kind: .problem, key: key, text: "missing (the target is not an app extension: add a Notification Service Extension target)")
            ]
        }
        var findings: [AppFileFinding] = []
        if case .string(let point)? = extensionInfo["NSExtensionPointIdentifier"], point == serviceExtensionPoint {
            findings.append(AppFileFinding(kind: .checked, key: "\(key).NSExtensionPointIdentifier", text: point))
        } else {
            findings.append(
                AppFileFinding(
                    kind: .problem, key: "\(key).NSExtensionPointIdentifier",
                    text: "not \(serviceExtensionPoint) (this is not a notification service extension)"))
        }
        if case .string(let principal)? = extensionInfo["NSExtensionPrincipalClass"], !principal.isEmpty {
            findings.append(AppFileFinding(kind: .checked, key: "\(key).NSExtensionPrincipalClass", text: CommandOutput.oneLine(principal)))
        } else {
            findings.append(
                AppFileFinding(
                    kind: .problem, key: "\(key).NSExtensionPrincipalClass",
                    text: "missing (the UNNotificationServiceExtension subclass iOS instantiates, $(PRODUCT_MODULE_NAME).NotificationService)"))
        }
        return findings
    }

    /// `UIBackgroundModes` contains `mode`: a problem otherwise.
    static func hasBackgroundMode(_ value: PropertyListValue?, _ mode: String, key: String, why: String) -> AppFileFinding {
        if case .array(let items)? = value, items.contains(.string(mode)) {
            return AppFileFinding(kind: .checked, key: key, text: "contains \(mode)")
        }
        return AppFileFinding(kind: .problem, key: key, text: "no \(mode) (\(why) need Background Modes > Voice over IP)")
    }

    /// `NSSupportsLiveActivities` is true.
    static func supportsLiveActivities(_ value: PropertyListValue?) -> AppFileFinding {
        let key = "info-plist.NSSupportsLiveActivities"
        if case .bool(true)? = value { return AppFileFinding(kind: .checked, key: key, text: "true") }
        let found = value.map { $0 == .bool(false) ? "false" : "is \($0.kind)" } ?? "missing"
        return AppFileFinding(
            kind: .problem, key: key, text: "\(found) (Live Activities need Supports Live Activities = YES in the app's Info.plist)")
    }
}
