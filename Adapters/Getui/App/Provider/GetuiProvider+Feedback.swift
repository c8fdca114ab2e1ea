import PushBridge
import PushBridgeAdapterSupport
import PushBridgeProviderKit

/// The range of Getui feedback action IDs.
public enum GetuiFeedback {
    /// App-defined action IDs Getui accepts: 90001 to 90999.
    public static let actionIDs = 90_001...90_999
}

/// Feedback through `sendFeedbackMessage:andTaskId:andMsgId:`.
extension GetuiProvider {
    /// `sendFeedbackMessage:andTaskId:andMsgId:` for an action ID from 90001 to 90999.
    ///
    /// The receipt says whether the SDK *submitted* the report — not that Getui's server
    /// received it (Getui gives no acknowledgement).
    ///
    /// - Throws: `PushError` (`PushError/Code/outOfRange`) for an action ID outside
    ///   90001…90999, or (`PushError/Code/invalidPayload`) for a message ID that is not
    ///   `taskId:msgId`; nothing is sent then.
    public func report(_ request: FeedbackRequest) throws(PushError) -> FeedbackAction.Receipt {
        try context.requireConsent(for: "feedback")
        guard case .custom(let actionID) = request.action, GetuiFeedback.actionIDs.contains(actionID) else {
            let shown: String
            if case .custom(let actionID) = request.action { shown = String(actionID) } else { shown = "the action" }
            throw PushError(.outOfRange, field: "actionId", "\(shown) is outside 90001…90999 (nothing was sent)")
        }
        let parts = request.messageID.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw PushError(.invalidPayload, field: "messageID", "expected taskId:msgId (nothing was sent)")
        }
        return FeedbackAction.Receipt(submitted: bridge.sendFeedbackMessage(actionID, taskID: String(parts[0]), msgID: String(parts[1])))
    }
}
