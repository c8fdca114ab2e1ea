/// The user's answer to the app's privacy policy, which Chinese law requires before a push SDK
/// collects anything, and which each vendor turns into its own rule.
///
/// - JPush (JCore): `+[JGInforCollectionAuth JCollectionAuth:]` must be called "before
///   initialisation and any functional API" ("请务必在调用初始化、功能性接口前调用此接口进行合规授权",
///   JCore's `JGInforCollectionAuth.h`); its `isAuth` defaults to YES, so an app that never calls
///   it consents on the user's behalf. JPush's compliance guide: no SDK call before consent
///   (docs.jiguang.cn/en/jpush/practice/compliance, 2025-04-18).
/// - Getui has no consent call on iOS: "if the user does not agree, the SDK must not be
///   initialised" (docs.getui.com/compliance/ido, 2025-03-27).
///
/// No provider starts — plain APNs included — and no permission prompt appears before the app
/// gives its answer: `PushClient.start(consent:authorization:categories:)` with `.denied` starts
/// nothing, with `.granted` starts push (once per launch), and `.denied` after push started
/// withdraws the consent, turning push off for every provider. An app that asks no consent for
/// push (plain APNs outside mainland China, say) says so with `.notRequired`; JPush and Getui,
/// whose vendors require the user's consent, then stay off with ``PushError/Code/consentRequired``.
///
/// ```swift
/// push.start(consent: UserDefaults.standard.bool(forKey: "privacyPolicyAccepted") ? .granted : .denied)
/// ```
public enum PrivacyConsent: String, Sendable, Hashable, CaseIterable {
    /// The user accepted the privacy policy: the SDK may start and collect.
    case granted
    /// The user declined (or withdrew): the SDK must not start.
    case denied
    /// The app asks the user no consent for push: providers that need none (plain APNs) start,
    /// those whose vendor requires it (JPush, Getui) do not.
    case notRequired

    /// Whether the two are the same case (by case, not by comparing raw strings).
    public static func == (lhs: PrivacyConsent, rhs: PrivacyConsent) -> Bool { lhs.ordinal == rhs.ordinal }

    /// Hashes the case, not its raw value.
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
    /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
    /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
    private var ordinal: Int {
        switch self {
        case .granted: 0
        case .denied: 1
        case .notRequired: 2
        }
    }
}

/// Where a provider keeps the user's ``PrivacyConsent`` and checks it before each SDK call.
///
/// ```swift
/// try consent.require(for: "start", provider: "JPush") // throws consentRequired unless granted
/// ```
package struct PrivacyConsentGate: Sendable {
    private let answer = Locked<PrivacyConsent?>(nil)

    /// A gate with no answer recorded yet.
    package init() {}

    /// The answer recorded last, if any.
    package var consent: PrivacyConsent? { answer.withLock { $0 } }

    /// Records `consent`, replacing any earlier answer.
    package func record(_ consent: PrivacyConsent) { answer.withLock { $0 = consent } }

    /// Throws unless consent was granted.
    ///
    /// - Parameters:
    ///   - call: What the app asked for (`start`, `alias`), the error's field.
    ///   - provider: The vendor, named in the message.
    /// - Throws: ``PushError/Code/consentRequired`` when no answer was recorded, or the user
    ///   declined.
    package func require(for call: String, provider: String) throws(PushError) {
        switch consent {
        case .granted: return
        case .denied:
            throw PushError(.consentRequired, field: call, "the user declined the privacy policy, so \(provider)'s SDK must not be called")
        case .notRequired:
            throw PushError(
                .consentRequired, field: call,
                "\(provider)'s SDK must not be called without the user's consent, which the app said it does not ask (.notRequired): ask it, and start with .granted"
            )
        case nil:
            throw PushError(
                .consentRequired, field: call,
                "\(provider)'s SDK must not be called before the user accepts the privacy policy: call PushClient.setPrivacyConsent(.granted) first")
        }
    }
}
