import PushBridge

/// What the app's Notification Content extension answers when the user picks one of the
/// notification's actions in its expanded interface (`UNNotificationContentExtensionResponseOption`,
/// iOS 10+), when the extension takes actions itself (`didReceive(_:completionHandler:)`).
public enum ContentExtensionResponse: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No content extension takes the action (the default): it goes to the app as usual.
    case none
    /// "Don't dismiss the notification interface" — "The content extension handles the selected
    /// action" (Apple): the app is not told.
    case doNotDismiss
    /// "Dismiss the notification interface" — the extension handles the action (Apple): the app
    /// is not told.
    case dismiss
    /// "Dismiss the notification interface and forward the notification to the app" — "Choose
    /// this option when you want the app to respond to the action" (Apple): the app gets the
    /// response as without an extension.
    case dismissAndForwardAction

    /// The scenario value.
    public var description: String { rawValue }
}

/// What the content extension did with the user's action: the trace's `contentExtension`.
public enum ContentExtensionRun: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The extension handled the action (`doNotDismiss`, `dismiss`): nothing reached the app.
    case handledAction
    /// The extension forwarded the action to the app (`dismissAndForwardAction`).
    case forwardedAction

    /// The trace value.
    public var description: String { rawValue }
}

extension DispatchModel {
    /// What the content extension does with a custom action (with or without typed text) on
    /// iOS 10+; `nil` when it takes none. A tap on the notification's body and a dismissal are not
    /// actions the extension takes *(inference: Apple's `didReceive(_:completionHandler:)` is
    /// for the category's actions)*. An action the extension handles reaches no app method, even
    /// one with `.foreground` *(inference: the extension's answer decides, and only
    /// `dismissAndForwardAction` involves the app)*.
    static func contentExtensionRun(_ user: UserAction, _ facts: DeliveryFacts) -> ContentExtensionRun? {
        guard facts.contentExtension != .none, facts.version.major >= 10, user.customAction != nil else { return nil }
        return facts.contentExtension == .dismissAndForwardAction ? .forwardedAction : .handledAction
    }
}
