import PushBridgeCore

/// What a provider is started with at launch.
public struct PushStartRequest: Sendable, Equatable {
    /// The iOS version of the device (adapters check version-dependent options against it).
    public let iosVersion: IOSVersion
    /// The notification in the launch options, if the app was launched for one.
    public let launchNotification: PushNotification?
    /// The launch options key that carried it.
    public let launchOptionsKey: LaunchOptionsKey?
    /// The app group the app shares with its notification service extension, for SDKs whose
    /// extension SDK reads what the app's SDK wrote there (Getui's
    /// `+setApplicationGroupIdentifier:`). A client built from a configuration fills it in from
    /// `serviceExtension.appGroup` when the request has none; `nil` without the extension.
    public let appGroup: String?

    /// A start request.
    public init(
        iosVersion: IOSVersion, launchNotification: PushNotification? = nil, launchOptionsKey: LaunchOptionsKey? = nil, appGroup: String? = nil
    ) {
        self.iosVersion = iosVersion
        self.launchNotification = launchNotification
        self.launchOptionsKey = launchOptionsKey
        self.appGroup = appGroup
    }

    /// The launch options as iOS passed them, for SDKs that take them
    /// (`{"UIApplicationLaunchOptionsRemoteNotificationKey": payload}`); `nil` without a notification.
    public var launchOptions: JSONObject? {
        guard let note = launchNotification, let key = launchOptionsKey else { return nil }
        let name = key == .localNotification ? LaunchOptionsReader.localNotificationKey : LaunchOptionsReader.remoteNotificationKey
        return [name: .object(note.payload)]
    }
}

/// Asking the user for permission and registering for remote notifications.
public struct PushRegistrationRequest: Sendable, Equatable {
    /// The iOS version of the device.
    public let iosVersion: IOSVersion
    /// What to ask for.
    public let options: AuthorizationOptions
    /// The identifiers of the notification categories to register (iOS 8+).
    public let categories: [String]

    /// A registration request.
    public init(iosVersion: IOSVersion, options: AuthorizationOptions = [.alert, .badge, .sound], categories: [String] = []) {
        self.iosVersion = iosVersion
        self.options = options
        self.categories = categories
    }

    /// Throws when the device's iOS version lacks one of the options: an option is reported,
    /// never dropped silently.
    ///
    /// - Parameter field: The name the error gives the options (`options`, JPush's `types`).
    /// - Throws: `PushError` (`PushError.Code.unsupported`) naming each missing option and
    ///   the version that introduced it.
    public func checkOptionsAvailable(field: String = "options") throws(PushError) {
        let missing = options.unavailable(on: iosVersion)
        guard missing.isEmpty else {
            let names = missing.map { "\($0.name) (iOS \($0.since)+)" }.joined(separator: ", ")
            throw PushError(.unsupported, field: field, "iOS \(iosVersion) does not have \(names)")
        }
    }
}

/// The APNs device token, to forward to the provider. Masked in every description.
public struct DeviceTokenRequest: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The token's bytes.
    public let token: [UInt8]

    /// A request with the token's bytes.
    public init(token: [UInt8]) {
        self.token = token
    }

    /// `DeviceTokenRequest(••••abcd)`.
    public var description: String { "DeviceTokenRequest(\(hexToken))" }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// A mirror with the masked token only.
    public var customMirror: Mirror { Mirror(self, children: ["token": hexToken], displayStyle: .struct) }

    /// The token in hex, masked when printed.
    public var hexToken: SecretText {
        SecretText(
            token.map { byte in
                let hex = String(byte, radix: 16)
                return byte < 16 ? "0" + hex : hex
            }.joined())
    }
}

/// A scene app's scene connected (`scene(_:willConnectTo:options:)`), with the system's
/// `UIScene.ConnectionOptions`, for an SDK that reads them (Getui 3.1+:
/// `handleSceneWillConnectWithOptions:`, for the click receipt of a cold-start tap).
public struct SceneConnectionRequest: Sendable {
    /// `UIScene.ConnectionOptions`, untouched (`nil` in tests and on other platforms).
    public let connectionOptions: PlatformObject?

    /// A request from its parts.
    public init(connectionOptions: PlatformObject?) {
        self.connectionOptions = connectionOptions
    }
}

/// An object of the platform's — a `UIScene.ConnectionOptions`, or the service extension's
/// `UNNotificationRequest` — carried through PushBridge's `Sendable` values untouched, to the one
/// SDK call that hands it back to the platform. One type for the runtime and the service
/// extension, so a file importing both names it unambiguously.
///
/// `@unchecked Sendable`: PushBridge never reads or changes the object; it passes the reference,
/// on the thread the system called, to the SDK call made for that same callback (JPush's and
/// Getui's extension SDKs document taking the request from any thread: their demos call from
/// `didReceive` and complete on the SDK's own queue).
public struct PlatformObject: @unchecked Sendable {
    /// The object.
    public let object: AnyObject

    /// A box for `object`.
    public init(_ object: AnyObject) {
        self.object = object
    }
}

/// Registering for remote notifications failed (`didFailToRegisterForRemoteNotificationsWithError:`).
public struct RegistrationFailureRequest: Sendable, Equatable {
    /// Why, as the system said.
    public let error: PushError

    /// A request from its parts.
    public init(error: PushError) {
        self.error = error
    }
}

/// Setting the provider's server-side badge.
public struct BadgeRequest: Sendable, Equatable {
    /// The badge value; 0 resets it.
    public let value: Int

    /// A request for `value`.
    public init(value: Int) {
        self.value = value
    }
}

/// Reporting an action on a message (Getui `sendFeedbackMessage:andTaskId:andMsgId:`).
public struct FeedbackRequest: Sendable, Equatable {
    /// The action.
    public let action: FeedbackAction
    /// The message's identity: `taskId:msgId` for Getui (`PushEvent.Message.id` or a
    /// notification's `_gmid_`).
    public let messageID: String

    /// A request to report `action` for the message with identity `messageID`.
    public init(_ action: FeedbackAction, messageID: String) {
        self.action = action
        self.messageID = messageID
    }
}
