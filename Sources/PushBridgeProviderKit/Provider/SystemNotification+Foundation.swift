import Foundation
import PushBridgeCore

extension SystemNotification {
    /// A notification converted at the edge from the `userInfo` the notification center (or a
    /// vendor SDK's delegate method) hands over (`request.content.userInfo`).
    ///
    /// A `userInfo` with no JSON form is not dropped: the notification keeps its identifier, an
    /// empty ``userInfo`` and the ``conversionError`` naming the key path and what was expected,
    /// so that the adapter answers the callback with its default and reports a
    /// `PushDiagnostic.Code.unreadablePayload` diagnostic.
    ///
    /// ```swift
    /// let request = notification.request
    /// let info = SystemNotification(
    ///     foundationUserInfo: request.content.userInfo, identifier: request.identifier,
    ///     isRemote: request.trigger is UNPushNotificationTrigger)
    /// ```
    ///
    /// - Parameters:
    ///   - userInfo: The dictionary as Foundation hands it over.
    ///   - identifier: `request.identifier`.
    ///   - isRemote: Whether it is a remote push.
    public init(foundationUserInfo userInfo: [AnyHashable: Any], identifier: String? = nil, isRemote: Bool = true) {
        do throws(PushError) {
            guard case .object(let object) = try JSONValue(foundation: userInfo) else {
                throw PushError(.invalidPayload, field: "payload", "expected an object")
            }
            self.init(userInfo: object, identifier: identifier, isRemote: isRemote)
        } catch {
            self.init(userInfo: JSONObject(), identifier: identifier, isRemote: isRemote, conversionError: error)
        }
    }
}
