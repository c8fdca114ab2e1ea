import PushBridge
import PushBridgeFCMDefinition

/// What an app's files show of FCM's checklist: swizzling off, auto-init off until the consent,
/// and `GoogleService-Info.plist` beside the Info.plist, for the same Firebase project as the
/// configuration.
extension AppFileChecks {
    /// What was found where `GoogleService-Info.plist` should be: beside the Info.plist given.
    enum GoogleServiceInfo: Sendable, Hashable {
        /// Found, with its root.
        case found([String: PropertyListValue])
        /// Not there: the path looked at.
        case missing(String)
        /// There, but no property list of a dictionary.
        case unreadable(String)
    }

    /// `FirebaseAppDelegateProxyEnabled`, with FCM among the providers: PushBridge hands FCM the
    /// APNs token and every notification itself, so Firebase's swizzling must be off
    /// ("Method swizzling in Firebase Cloud Messaging", firebase.google.com/docs/cloud-messaging/ios/client:
    /// "set the flag FirebaseAppDelegateProxyEnabled in the app's Info.plist file … to NO");
    /// absent (swizzling on, Firebase's default) or YES is a problem.
    static func firebaseSwizzling(_ value: PropertyListValue?, providers: [PushProviderID]) -> AppFileFinding? {
        guard providers.contains(.fcm) else { return nil }
        let key = "info-plist.FirebaseAppDelegateProxyEnabled"
        switch value {
        case .bool(false):
            return AppFileFinding(kind: .checked, key: key, text: "NO (PushBridge hands FCM the APNs token and each notification)")
        case nil:
            return AppFileFinding(
                kind: .problem, key: key,
                text:
                    "absent, so Firebase swizzles the app delegate and the notification center's delegate, which PushBridge owns: set it to NO (Boolean)"
            )
        case .bool(true):
            return AppFileFinding(kind: .problem, key: key, text: "YES: Firebase swizzles the delegates PushBridge owns; set it to NO")
        case .some(let other):
            return AppFileFinding(kind: .problem, key: key, text: "is \(other.kind), expected a Boolean NO")
        }
    }

    /// `FirebaseMessagingAutoInitEnabled`, with FCM among the providers: PushBridge turns
    /// FirebaseMessaging's auto-init on when push starts, after the app's consent, and off when
    /// consent is withdrawn; left on, `FirebaseApp.configure()` fetches a token at launch, before
    /// the consent. `FIRMessaging.h` (12.19.0, `autoInitEnabled`): "set
    /// FirebaseMessagingAutoInitEnabled to NO in your application's Info.plist" to prevent it; unset,
    /// the SDK falls back to `FirebaseDataCollectionDefaultEnabled` (FIRMessaging.m, L486–497), so
    /// absent with data collection off is as good as NO.
    static func firebaseAutoInit(_ value: PropertyListValue?, dataCollection: PropertyListValue?, providers: [PushProviderID]) -> AppFileFinding? {
        guard providers.contains(.fcm) else { return nil }
        let key = "info-plist.FirebaseMessagingAutoInitEnabled"
        switch value {
        case .bool(false):
            return AppFileFinding(kind: .checked, key: key, text: "NO (PushBridge turns auto-init on when push starts, after the consent)")
        case nil where dataCollection == .bool(false):
            return AppFileFinding(
                kind: .checked, key: key, text: "absent, and FirebaseDataCollectionDefaultEnabled is NO: no token before push starts")
        case nil:
            return AppFileFinding(
                kind: .problem, key: key,
                text: "absent, so FirebaseApp.configure() fetches an FCM token at launch, before the user's consent: set it to NO (Boolean)")
        case .bool(true):
            return AppFileFinding(
                kind: .problem, key: key, text: "YES: FirebaseApp.configure() fetches an FCM token before the consent; set it to NO")
        case .some(let other):
            return AppFileFinding(kind: .problem, key: key, text: "is \(other.kind), expected a Boolean NO")
        }
    }

    /// `GoogleService-Info.plist`, with FCM among the providers: missing is a problem
    /// (`FirebaseApp.configure()` reads it); a `PROJECT_ID` that differs from `fcm.projectId` is
    /// a problem too (the app would register with one project and the backend send through another).
    static func googleServiceInfo(_ file: GoogleServiceInfo?, projectId: String?, providers: [PushProviderID]) -> AppFileFinding? {
        guard providers.contains(.fcm), let file else { return nil }
        let key = "GoogleService-Info.plist"
        switch file {
        case .missing(let path):
            return AppFileFinding(
                kind: .problem, key: key,
                text: "not found at \(path) (FirebaseApp.configure() reads it: download it from the Firebase console and add it to the app target)")
        case .unreadable(let path):
            return AppFileFinding(kind: .problem, key: key, text: "at \(path) is not a property list of a dictionary")
        case .found(let root):
            guard case .string(let id)? = root["PROJECT_ID"] else {
                return AppFileFinding(kind: .problem, key: "\(key).PROJECT_ID", text: "missing (expected the Firebase project's ID)")
            }
            if let projectId, projectId != id {
                return AppFileFinding(
                    kind: .problem, key: "\(key).PROJECT_ID",
                    text: "\(id) is not fcm.projectId (\(projectId)): the app and the backend name two projects")
            }
            return AppFileFinding(kind: .checked, key: "\(key).PROJECT_ID", text: id)
        }
    }

    /// FCM's findings, in order (none without FCM among the providers).
    func firebaseFindings(for configuration: PushConfiguration?, providers: [PushProviderID]) -> [AppFileFinding] {
        guard let infoPlist else { return [] }
        return [
            Self.firebaseSwizzling(infoPlist["FirebaseAppDelegateProxyEnabled"], providers: providers),
            Self.firebaseAutoInit(
                infoPlist["FirebaseMessagingAutoInitEnabled"], dataCollection: infoPlist["FirebaseDataCollectionDefaultEnabled"], providers: providers
            ),
            Self.googleServiceInfo(googleServiceInfo, projectId: configuration?.fcm?.projectId, providers: providers),
        ].compactMap { $0 }
    }
}
