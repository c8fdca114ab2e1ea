import PushBridge

/// FirebaseMessaging's errors (`FIRMessagingErrorDomain`, `FIRMessaging.h` L81–110) in
/// PushBridge's vocabulary: the code says what the app can do, the `PushError/vendorCode` keeps
/// FCM's domain and number.
public enum FCMErrorCode {
    /// The domain of FirebaseMessaging's errors: `kFIRMessagingDomain`, "com.google.fcm"
    /// (`NSError+FIRMessaging.m`, firebase-ios-sdk 12.19.0).
    public static let domain = "com.google.fcm"

    /// PushBridge's own code, not Firebase's: the bridge was asked to register by installation
    /// ID on an SDK without `-registerWithCompletion:` (before 12.16).
    public static let registrationUnavailable = PushError.VendorCode(domain: "PushBridgeFCM", code: 1)

    /// The error for FCM's `code` from `call`, naming `field` (and the topic, for a topic call).
    ///
    /// Timeout (3) is `PushError/Code/timeout`; an invalid topic name (8) and invalid parameters
    /// (7) are `PushError/Code/outOfRange`; authentication (1), no access (2), network (4), an
    /// operation in progress (5) and unknown (0) — or another domain, such as the installation
    /// service's — are `PushError/Code/providerFailure`.
    public static func error(_ code: PushError.VendorCode, field: String, call: String, topic: String? = nil) -> PushError {
        let about = topic.map { " for topic \"\($0)\"" } ?? ""
        if code == registrationUnavailable {
            return PushError(
                .unsupported, field: field, "\(call): the FirebaseMessaging in the app has no registerWithCompletion: (12.16.0+)", vendorCode: code)
        }
        let (kind, meaning): (PushError.Code, String) =
            switch code.domain == domain ? code.code : -1 {
            case 1: (.providerFailure, "FCM could not authenticate this app (check GoogleService-Info.plist and the APNs key in Firebase's console)")
            case 2: (.providerFailure, "FCM's registration service could not be reached")
            case 3: (.timeout, "FCM timed out")
            case 4: (.providerFailure, "no network reached FCM")
            case 5: (.providerFailure, "FCM is busy with the same operation")
            case 7: (.outOfRange, "FCM found the request's parameters invalid")
            case 8: (.outOfRange, "FCM refused the topic's name")
            case 0: (.providerFailure, "FCM failed for an unknown reason")
            default: (.providerFailure, "FCM failed")
            }
        return PushError(kind, field: field, "\(call)\(about): \(meaning) (\(code))", vendorCode: code)
    }
}
