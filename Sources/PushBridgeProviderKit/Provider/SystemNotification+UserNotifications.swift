#if canImport(UIKit) && canImport(UserNotifications)
    import UserNotifications

    extension SystemNotification {
        /// The notification as the notification center hands it over, converted at the edge: the
        /// request's identifier, its content's `userInfo` (see ``init(foundationUserInfo:identifier:isRemote:)``:
        /// one with no JSON form is kept with its ``conversionError``) and whether a push
        /// (`UNPushNotificationTrigger`) triggered it. The one conversion the UIKit glue and the
        /// adapters' SDK bridges share.
        ///
        /// - Parameter notification: What the delegate method was handed.
        public init(_ notification: UNNotification) {
            let request = notification.request
            self.init(
                foundationUserInfo: request.content.userInfo, identifier: request.identifier, isRemote: request.trigger is UNPushNotificationTrigger)
        }
    }

    extension SystemResponse {
        /// The response as the notification center hands it over, converted at the edge: its
        /// notification, its action's identifier and, for a text-input action
        /// (`UNTextInputNotificationResponse`), what the user typed.
        ///
        /// - Parameter response: What the delegate method was handed.
        public init(_ response: UNNotificationResponse) {
            self.init(
                notification: SystemNotification(response.notification), actionIdentifier: response.actionIdentifier,
                userText: (response as? UNTextInputNotificationResponse)?.userText)
        }
    }
#endif
