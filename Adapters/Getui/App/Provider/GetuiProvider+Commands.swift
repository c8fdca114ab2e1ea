import PushBridge
import PushBridgeAdapterSupport
import PushBridgeProviderKit

/// Aliases, tags, the server badge and the push mode through Getui's calls.
///
/// Each alias or tag request gets a fresh sequence number; the delegate result carrying that
/// number resumes it exactly once, and a watchdog on the provider's scheduler fails it with
/// `PushError/Code/timeout` if Getui never answers (30 s). A late or unknown answer is ignored.
///
/// What Getui would refuse is refused here first, with Getui's own code (``GetuiResultCode``,
/// vendor code domain `Getui`), and nothing is sent: the SDK offline (`+status` not `started`:
/// "需要SDK在线才能调用", `GeTuiSdk.h`; 20008 for tags), a `bindAlias` less than 5 seconds after the
/// previous one (30001), a `setTags` with no tag (20006), over 100 (20001), a repeated tag
/// (20003) or a character outside Getui's alphabet (20011), and a second successful `setTags`
/// within 24 hours (20002, Getui's default of one a day). Getui's answers keep their codes, in
/// the same domain. Every request needs the user's consent first
/// (`PushError/Code/consentRequired`).
extension GetuiProvider {
    /// `bindAlias:andSequenceNum:` (`.set`) or `unbindAlias:andSequenceNum:andIsSelf:` (`.delete`,
    /// this client ID only), answered by `GeTuiSdkDidAliasAction:result:sequenceNum:error:`.
    ///
    /// - Throws: `PushError` — `PushError/Code/outOfRange` for an empty or missing alias,
    ///   `PushError/Code/unsupported` for `.get` (Getui cannot read the alias back),
    ///   `PushError/Code/providerFailure` when Getui reports a failure (the alias masked in
    ///   its message), `PushError/Code/timeout` when it never answers.
    public func alias(_ request: AliasRequest) async throws(PushError) -> AliasRequest.Outcome {
        try context.requireConsent(for: "alias")
        let bridge = self.bridge
        switch request.operation {
        case .set(let alias):
            guard !alias.isEmpty else { throw PushError(.outOfRange, field: "alias", "is empty") }
            try requireOnline(field: "alias", code: nil)
            try noteBind()
            let result = try await masking(alias) { () async throws(PushError) in
                try await context.aliasReplies.send { seq in bridge.bindAlias(alias.revealed, sequenceNum: String(seq)) }
            }
            return AliasRequest.Outcome(alias: alias, sequence: result.sequence)
        case .delete(let alias):
            guard let alias, !alias.isEmpty else { throw PushError(.outOfRange, field: "alias", "Getui unbinds a named alias: give it") }
            try requireOnline(field: "alias", code: nil)
            return try await masking(alias) { () async throws(PushError) in
                try await context.aliasReplies.send { seq in bridge.unbindAlias(alias.revealed, sequenceNum: String(seq), isSelf: true) }
            }
        case .get:
            throw unsupported("reading the alias back")
        }
    }

    /// `setTags:andSequenceNum:` (`.set`, the whole set) answered by
    /// `GeTuiSdkDidSetTagsAction:result:error:`, and `queryTag:` (`.getAll`) answered by
    /// `GetuiSdkDidQueryTag:sequenceNum:error:`.
    ///
    /// - Throws: `PushError` — `PushError/Code/unsupported` for single-tag operations (Getui
    ///   replaces the whole set) and for `.clean` (Getui refuses an empty list, 20006: a device's
    ///   tags are cleared from Getui's server); Getui's code for what it would refuse (nothing is
    ///   sent then) or reported; `PushError/Code/providerFailure` when the SDK does not submit
    ///   the request; `PushError/Code/timeout` when it never answers.
    public func tags(_ request: TagsRequest) async throws(PushError) -> TagsRequest.Outcome {
        try context.requireConsent(for: "tags")
        let bridge = self.bridge
        let replies = context.tagReplies
        switch request.operation {
        case .set(let tags):
            // In one fixed order (the runtime's, by UTF-8 bytes: no sort of the adapter's own).
            let list = Array(tags).sortedByUTF8()
            if let code = GetuiResultCode.tagProblem(in: list) { throw GetuiResultCode.error(code, field: "tags") }
            try requireOnline(field: "tags", code: 20008)
            try requireTagSetAllowed()
            return try await setTags(list, bridge: bridge)
        case .clean:
            throw unsupported("clearing the tags (Getui refuses an empty list with 20006: clear them from Getui's server)")
        case .getAll:
            try requireOnline(field: "tags", code: 20008)
            return try await replies.send { seq in
                if !bridge.queryTag(sequenceNum: String(seq)) {
                    replies.resolve(seq, .failure(PushError(.providerFailure, field: "tags", "Getui did not submit the tag query")))
                }
            }
        case .add, .delete, .validate:
            throw unsupported("adding, deleting or checking single tags (Getui replaces the whole set: use .set)")
        }
    }

    /// `setBadge:` (or `resetBadge` for 0): the server-side badge only.
    ///
    /// - Throws: `PushError/Code/outOfRange` for a negative value; nothing is sent then.
    public func setBadge(_ request: BadgeRequest) throws(PushError) {
        try context.requireConsent(for: "badge")
        guard request.value >= 0 else { throw PushError(.outOfRange, field: "badge", "\(request.value) is negative") }
        request.value == 0 ? bridge.resetBadge() : bridge.setBadge(request.value)
    }

    /// A scene app's scene connected: `+handleSceneWillConnectWithOptions:` with the system's
    /// options, as Getui's guide asks from `scene(_:willConnectTo:options:)` (its click receipt of
    /// a cold-start tap; GetuiLaboratory/getui-flutter-plugin `GetuiflutPlugin.m`).
    ///
    /// Not called (and reported as a `PushDiagnostic/Code/withheldBeforeConsent` diagnostic)
    /// before the user accepted the privacy policy: the SDK has not started then.
    public func sceneWillConnect(_ request: SceneConnectionRequest) {
        guard context.mayCall("handleSceneWillConnectWithOptions:") else { return }
        let (bridge, options) = (self.bridge, request.connectionOptions)
        context.sdkThread.run { bridge.handleSceneWillConnect(options) }
    }

    /// `setPushModeForOff:`: `true` asks Getui's server to stop pushing to this client ID, `false`
    /// to resume. The SDK must be online; Getui answers with `GeTuiSdkDidSetPushMode:error:`, which
    /// the adapter does not wait for.
    ///
    /// - Throws: `PushError/Code/consentRequired` before the user accepted the privacy policy.
    public func setPushModeForOff(_ off: Bool) throws(PushError) {
        try context.requireConsent(for: "pushMode")
        bridge.setPushModeForOff(off)
    }

    private func setTags(_ tags: [String], bridge: any GetuiBridge) async throws(PushError) -> TagsRequest.Outcome {
        let replies = context.tagReplies
        let result = try await replies.send { seq in
            if !bridge.setTags(tags, sequenceNum: String(seq)) {
                replies.resolve(seq, .failure(PushError(.providerFailure, field: "tags", "Getui did not submit the tags")))
            }
        }
        let now = context.scheduler.now
        state.withLock { $0.tagSetSuccesses.append(now) }
        return TagsRequest.Outcome(tags: Set(tags), isBound: result.isBound, sequence: result.sequence)
    }

    // MARK: Getui's rules, checked before sending

    /// Throws unless the SDK is online (`+status` is `started`): Getui's alias and tag calls need
    /// it ("需要SDK在线才能调用", `GeTuiSdk.h`); for tags Getui's code is 20008.
    private func requireOnline(field: String, code: Int?) throws(PushError) {
        let status = bridge.status
        guard status != .started else { return }
        if let code { throw GetuiResultCode.error(code, field: field) }
        throw PushError(.providerFailure, field: field, "Getui's SDK is not online (status \(status)): alias calls need it online (GeTuiSdk.h)")
    }

    /// Throws Getui's 30001 when the previous `bindAlias` went out less than 5 seconds ago;
    /// otherwise notes this one.
    private func noteBind() throws(PushError) {
        let now = context.scheduler.now
        let tooSoon = state.withLock { state -> Bool in
            if let last = state.lastBind, now - last < GetuiResultCode.minimumBindInterval { return true }
            state.lastBind = now
            return false
        }
        if tooSoon { throw GetuiResultCode.error(30001, field: "alias") }
    }

    /// Throws Getui's 20002 when `setTags` succeeded ``tagSetsPerDay`` times in the last 24 hours.
    private func requireTagSetAllowed() throws(PushError) {
        let now = context.scheduler.now
        let limit = tagSetsPerDay
        let used = state.withLock { state -> Int in
            state.tagSetSuccesses.removeAll { now - $0 >= GetuiResultCode.tagSetWindow }
            return state.tagSetSuccesses.count
        }
        if used >= limit { throw GetuiResultCode.error(20002, field: "tags") }
    }

    /// Runs `body`, masking `alias` wherever the SDK's error text repeats it.
    private func masking<Value>(_ alias: SecretText, _ body: () async throws(PushError) -> Value) async throws(PushError) -> Value {
        do {
            return try await body()
        } catch {
            throw error.replacingMessage(Self.replacing(alias.revealed, in: error.message, with: alias.masked))
        }
    }

    /// `text` with every occurrence of `secret` replaced (no Foundation, no macOS 13 API).
    static func replacing(_ secret: String, in text: String, with replacement: String) -> String {
        guard !secret.isEmpty else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix(secret) {
                result += replacement
                index = text.index(index, offsetBy: secret.count)
            } else {
                result.append(text[index])
                index = text.index(after: index)
            }
        }
        return result
    }
}
