import PushBridge
import PushBridgeAdapterSupport
import PushBridgeProviderKit

/// Aliases, tags and the server badge through JPush's calls.
///
/// Each alias or tag request gets a fresh sequence number (`seq`); the completion carrying that
/// number resumes it exactly once, whatever the order completions arrive in, and a watchdog on the
/// provider's scheduler fails it with `PushError/Code/timeout` if JPush never answers (30 s). A
/// late, repeated or unknown answer is ignored. Result codes become `PushError`s
/// (``JPushResultCode``); what JPush would reject anyway is rejected before anything is sent, with
/// the same code. Aliases never appear in a description or an error.
///
/// JPush's own rules (docs.jiguang.cn/jpush/client/iOS/ios_code, the error-code table):
/// - one alias request and one tag request at a time — a second one while the first waits for
///   its answer is refused (6022, 6021), so requests wait their turn here and go out in order;
/// - at most 10 alias or tag requests within 10 seconds (6011): the eleventh is refused before
///   anything is sent;
/// - at most 1000 tags of at most 40 bytes each, 5,000 bytes in all (6007, 6006, 6008), checked
///   on what a request carries (the device's other tags are JPush's to count: 6018, 6008).
///
/// Every request needs the user's consent first (`PushError/Code/consentRequired`).
extension JPushProvider {
    /// `setAlias:completion:seq:` (`.set`), `deleteAlias:seq:` (`.delete`, whatever alias is set)
    /// or `getAlias:seq:` (`.get`).
    ///
    /// ```swift
    /// let result = try await provider.alias(AliasRequest(.set("user-42")))
    /// print(result.alias) // ••••
    /// ```
    ///
    /// - Returns: The alias JPush reports (set or read; `nil` after a delete) and the sequence
    ///   number the request was sent with.
    /// - Throws: `PushError` — JPush's 6003 for an empty alias and 6004 for one over 40 UTF-8
    ///   bytes (nothing is sent then), the mapped result code when JPush fails the request,
    ///   `PushError/Code/timeout` when it never answers.
    public func alias(_ request: AliasRequest) async throws(PushError) -> AliasRequest.Outcome {
        try context.requireConsent(for: "alias")
        let bridge = self.bridge
        let replies = context.aliasReplies
        let reply: @Sendable (Int, String?, Int) -> Void = { code, alias, seq in
            let result: Result<AliasRequest.Outcome, PushError> =
                JPushResultCode.error(code, field: "alias").map { .failure($0) }
                ?? .success(AliasRequest.Outcome(alias: alias.map { SecretText($0) }, sequence: seq))
            replies.resolve(seq, result)
        }
        switch request.operation {
        case .set(let alias):
            try Self.check(alias.revealed, field: "alias", empty: 6003, tooLong: 6004)
            try countRequest(field: "alias")
            let result = try await replies.send { seq in bridge.setAlias(alias.revealed, seq: seq, completion: reply) }
            return result.alias == nil ? AliasRequest.Outcome(alias: alias, sequence: result.sequence) : result
        case .delete:
            try countRequest(field: "alias")
            let result = try await replies.send { seq in bridge.deleteAlias(seq: seq, completion: reply) }
            return AliasRequest.Outcome(alias: nil, sequence: result.sequence)
        case .get:
            try countRequest(field: "alias")
            return try await replies.send { seq in bridge.getAlias(seq: seq, completion: reply) }
        }
    }

    /// `addTags:`, `setTags:` or `deleteTags:completion:seq:`, `cleanTags:seq:`,
    /// `getAllTags:seq:` or `validTag:completion:seq:`.
    ///
    /// ```swift
    /// let result = try await provider.tags(TagsRequest(.validate("vip")))
    /// result.isBound // true when the device has the tag
    /// ```
    ///
    /// - Returns: The tags JPush reports, whether a validated tag is bound, and the sequence number.
    /// - Throws: `PushError` — before anything is sent: JPush's 6001 for an empty set, 6005 for an
    ///   empty tag, 6006 for one over 40 UTF-8 bytes, 6007 for more than 1000 tags; then the
    ///   mapped result code when JPush fails the request, `PushError/Code/timeout` when it never
    ///   answers.
    public func tags(_ request: TagsRequest) async throws(PushError) -> TagsRequest.Outcome {
        try context.requireConsent(for: "tags")
        switch request.operation {
        case .add(let tags), .set(let tags), .delete(let tags): try Self.check(tags)
        case .validate(let tag): try Self.check(tag, field: "tags", empty: 6005, tooLong: 6006)
        case .clean, .getAll: break
        }
        try countRequest(field: "tags")
        let bridge = self.bridge
        let replies = context.tagReplies
        let reply: @Sendable (Int, Set<String>?, Int) -> Void = { code, tags, seq in
            let result: Result<TagsRequest.Outcome, PushError> =
                JPushResultCode.error(code, field: "tags").map { .failure($0) }
                ?? .success(TagsRequest.Outcome(tags: tags, sequence: seq))
            replies.resolve(seq, result)
        }
        switch request.operation {
        case .add(let tags):
            return try await replies.send { seq in bridge.tags(.add, tags, seq: seq, completion: reply) }
        case .set(let tags):
            return try await replies.send { seq in bridge.tags(.set, tags, seq: seq, completion: reply) }
        case .delete(let tags):
            return try await replies.send { seq in bridge.tags(.delete, tags, seq: seq, completion: reply) }
        case .clean:
            return try await replies.send { seq in bridge.cleanTags(seq: seq, completion: reply) }
        case .getAll:
            return try await replies.send { seq in bridge.getAllTags(seq: seq, completion: reply) }
        case .validate(let tag):
            return try await replies.send { seq in
                bridge.validTag(tag, seq: seq) { code, tags, seq, isBind in
                    let result: Result<TagsRequest.Outcome, PushError> =
                        JPushResultCode.error(code, field: "tags").map { .failure($0) }
                        ?? .success(TagsRequest.Outcome(tags: tags, isBound: isBind, sequence: seq))
                    replies.resolve(seq, result)
                }
            }
        }
    }

    /// The largest badge JPush's server keeps (jpush-docs `ios_api.md`, "API setBadge").
    public static let maximumBadge = 99_999

    /// `setBadge:`, or `resetBadge` for 0: the server-side badge only (the app sets the icon's).
    ///
    /// - Throws: `PushError` — `outOfRange` for a value outside [0, 99999] (nothing is sent
    ///   then), `providerFailure` when JPush does not accept the value.
    public func setBadge(_ request: BadgeRequest) throws(PushError) {
        try context.requireConsent(for: "badge")
        // JPush's documented range (jpush-docs `ios_api.md`, "API setBadge"): [0, 99999].
        guard (0...Self.maximumBadge).contains(request.value) else {
            throw PushError(.outOfRange, field: "badge", "\(request.value) is outside JPush's range 0…\(Self.maximumBadge)")
        }
        if request.value == 0 {
            bridge.resetBadge()
        } else if !bridge.setBadge(request.value) {
            throw PushError(.providerFailure, field: "badge", "JPush did not accept \(request.value)")
        }
    }

    // MARK: Checks before sending

    /// Rejects what JPush would: an empty value (`empty`) or one over 40 UTF-8 bytes (`tooLong`).
    private static func check(_ value: String, field: String, empty: Int, tooLong: Int) throws(PushError) {
        if value.isEmpty { throw JPushResultCode.documented(empty, field: field) }
        if value.utf8.count > JPushResultCode.maxBytes { throw JPushResultCode.documented(tooLong, field: field) }
    }

    /// Rejects a set of tags JPush would: empty (6001), over 1000 tags (6007), with a tag that is
    /// empty or over 40 bytes, or over 5,000 bytes in all (6008).
    private static func check(_ tags: Set<String>) throws(PushError) {
        if tags.isEmpty { throw JPushResultCode.documented(6001, field: "tags") }
        if tags.count > JPushResultCode.maxTags { throw JPushResultCode.documented(6007, field: "tags") }
        for tag in tags { try check(tag, field: "tags", empty: 6005, tooLong: 6006) }
        if tags.reduce(0, { $0 + $1.utf8.count }) > JPushResultCode.maxTotalTagBytes { throw JPushResultCode.documented(6008, field: "tags") }
    }

    /// Counts an alias or tag request against JPush's rate rule, refusing the eleventh within 10
    /// seconds with 6011 (not counted then: it is not sent).
    private func countRequest(field: String) throws(PushError) {
        let now = context.scheduler.now
        let allowed = state.withLock { state -> Bool in
            state.requestTimes.removeAll { now - $0 >= JPushResultCode.rateWindow }
            guard state.requestTimes.count < JPushResultCode.maxRequestsPerWindow else { return false }
            state.requestTimes.append(now)
            return true
        }
        if !allowed { throw JPushResultCode.documented(6011, field: field) }
    }
}
