import PushBridgeCore

extension PayloadValidator {
    /// What kind of push a payload is sent as: the `apns-push-type` header, and what APNs and
    /// iOS do with each.
    ///
    /// Every fact here is from Apple's "Sending notification requests to APNs" (the
    /// `apns-push-type`, `apns-topic` and `apns-priority` rows,
    /// developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns),
    /// unless its case says otherwise.
    public enum PushType: String, Sendable, Hashable, CaseIterable {
        /// A notification that shows an alert, plays a sound or badges the icon. Topic: the
        /// bundle ID; priority 10, 5 or 1.
        case alert
        /// Content delivered in the background with no user interaction (`content-available`).
        /// Topic: the bundle ID; priority 5 — "using priority 10 is an error".
        case background
        /// A request for the user's location, handled by the app's Location Push Service
        /// Extension (iOS 15+). Topic: the bundle ID + `.location-query`; priority 10 or 5.
        case location
        /// An incoming VoIP call, handed to PushKit (`PKPushRegistryDelegate`), never to the
        /// notification delegates; 5 KB. Topic: the bundle ID + `.voip`; priority 10.
        case voip
        /// A watchOS complication update (PushKit). Topic: the bundle ID + `.complication`.
        case complication
        /// A change for a File Provider extension (PushKit). Topic: the bundle ID +
        /// `.pushkit.fileprovider`; priority 5.
        case fileprovider
        /// A managed device told to contact its MDM server: `{"mdm": PushMagic}`, handled by the
        /// system, never by an app. Topic: the MDM certificate's topic.
        case mdm
        /// A Live Activity start, update or end (ActivityKit, iOS 16.1+), shown by the system on
        /// the Lock Screen and in the Dynamic Island; 4 KB. Topic: the bundle ID +
        /// `.push-type.liveactivity`; priority 5 or 10.
        case liveactivity
        /// A Push to Talk update for the PushToTalk framework (iOS 16+). Topic: the bundle ID +
        /// `.voip-ptt`; priority 10.
        case pushtotalk
        /// A widget told its content changed (WidgetKit, iOS 26): `"content-changed": true`.
        /// Topic: the bundle ID + `.push-type.widgets`.
        case widgets

        /// The largest payload APNs accepts for this type, in bytes of the request body: 5,120
        /// for VoIP, 4,096 for every other type.
        public var maxBytes: Int { self == .voip ? 5_120 : 4_096 }

        /// What `apns-topic` must end with after the bundle ID (empty: the bundle ID itself;
        /// `nil`: the MDM certificate's own topic).
        public var topicSuffix: String? {
            switch self {
            case .alert, .background: ""
            case .location: ".location-query"
            case .voip: ".voip"
            case .complication: ".complication"
            case .fileprovider: ".pushkit.fileprovider"
            case .mdm: nil
            case .liveactivity: ".push-type.liveactivity"
            case .pushtotalk: ".voip-ptt"
            case .widgets: ".push-type.widgets"
            }
        }

        /// The `apns-priority` values Apple documents for this type.
        public var priorities: Set<Int> {
            switch self {
            case .alert: [10, 5, 1]
            case .background, .fileprovider: [5]
            case .location, .liveactivity, .complication: [10, 5]
            case .voip, .pushtotalk: [10]
            case .mdm, .widgets: [10, 5]
            }
        }

        /// Whether iOS hands a push of this type to the app's notification delegates
        /// (`UNUserNotificationCenterDelegate`, `application(_:didReceiveRemoteNotification:…)`).
        /// Only alert and background pushes are; every other type goes to a framework, an
        /// extension or the system (``handler``).
        public var reachesNotificationDelegates: Bool { self == .alert || self == .background }

        /// Who receives a push of this type on the device.
        public var handler: String {
            switch self {
            case .alert: "the notification delegates (and a notification service extension when mutable-content is 1)"
            case .background: "the app delegate's application(_:didReceiveRemoteNotification:fetchCompletionHandler:), if iOS wakes the app"
            case .location: "the app's Location Push Service Extension (CLLocationPushServiceExtension), never the app's delegates"
            case .voip:
                "PushKit: PKPushRegistryDelegate.pushRegistry(_:didReceiveIncomingPushWith:for:completion:), which must report a call to CallKit; never the notification delegates"
            case .complication: "PushKit's complication push on the paired watch; never the notification delegates"
            case .fileprovider: "the File Provider extension (PushKit fileProvider); never the notification delegates"
            case .mdm: "the system's MDM client, which contacts the MDM server; never an app"
            case .liveactivity:
                "ActivityKit: the system updates the Live Activity on the Lock Screen and in the Dynamic Island; never the notification delegates"
            case .pushtotalk: "the PushToTalk framework's PTChannelManagerDelegate (incomingPushResult); never the notification delegates"
            case .widgets: "WidgetKit, which reloads the widget's timeline; never the notification delegates"
            }
        }
    }
}
