/// The Swift names under which Swift imports each `FIRMessagingDelegate` method the bridge
/// implements (`NS_SWIFT_NAME` in `FIRMessaging.h` 12.19.0, L164, L182, L195): the generated
/// check-only module calls each by this name, so the compiler holds it against the header.
enum FCMImportedNames {
    /// `FIRMessagingDelegate`'s methods, by selector.
    static let delegateMethods: [String: String] = [
        "messaging:didReceiveRegistrationToken:": "messaging(_:didReceiveRegistrationToken:)",
        "messaging:didReceiveRegistration:": "messaging(_:didReceiveRegistration:)",
        "messaging:didUnregister:": "messaging(_:didUnregister:)",
    ]
}
