import PushBridge

/// Aliases, tags, the server badge and the push mode through Getui's calls.
///
/// Each alias or tag request gets a fresh sequence number; the delegate result carrying that
/// number resumes it exactly once, and a watchdog on the provider's scheduler fails it with
/// `PushError/Code/timeout` if Getui never answers (30 s). A late or unknown answer is ignored.
extension GetuiProvider {
    /// `bindAlias:andSequenceNum:` (`.set`) or `unbindAlias:andSequenceNum:andIsSelf:` (`.delete`,
    /// this client ID only), answered by `GeTuiSdkDidAliasAction:result:sequenceNum:error:`.
    ///
    /// - Throws: `PushError` — `PushError/Code/outOfRange` for an empty or missing alias,
    ///   `PushError/Code/unsupported` for `.get` (Getui cannot read the alias back),
    ///   `PushError/Code/providerFailure` when Getui reports a failure (the alias masked in
    ///   its message), `PushError/Code/timeout` when it never answers.
    public func alias(_ request: AliasRequest) async throws(PushError) -> AliasResult {
        let bridge = self.bridge
        switch request.operation {
        case .set(let alias):
            guard !alias.isEmpty else { throw PushError(.outOfRange, field: "alias", "is empty") }
            var result = try await masking(alias) { () async throws(PushError) in
                try await aliasReplies.send { seq in bridge.bindAlias(alias.revealed, sequenceNum: String(seq)) }
            }
            result.alias = alias
            return result
        case .delete(let alias):
            guard let alias, !alias.isEmpty else { throw PushError(.outOfRange, field: "alias", "Getui unbinds a named alias: give it") }
            return try await masking(alias) { () async throws(PushError) in
                try await aliasReplies.send { seq in bridge.unbindAlias(alias.revealed, sequenceNum: String(seq), isSelf: true) }
            }
        case .get:
            throw unsupported("reading the alias back")
        }
    }

    /// `setTags:andSequenceNum:` (the whole set: `.set`, and `.clean` as the empty set) answered
    /// by `GeTuiSdkDidSetTagsAction:result:error:`, and `queryTag:` (`.getAll`) answered by
    /// `GetuiSdkDidQueryTag:sequenceNum:error:`.
    ///
    /// - Throws: `PushError` — `PushError/Code/unsupported` for single-tag operations (Getui
    ///   replaces the whole set), `PushError/Code/providerFailure` when the SDK refuses the
    ///   request or reports a failure, `PushError/Code/timeout` when it never answers.
    public func tags(_ request: TagsRequest) async throws(PushError) -> TagsResult {
        let bridge = self.bridge
        let replies = tagReplies
        switch request.operation {
        case .set(let tags):
            return try await setTags(Array(tags).sorted(), bridge: bridge)
        case .clean:
            return try await setTags([], bridge: bridge)
        case .getAll:
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
        guard request.value >= 0 else { throw PushError(.outOfRange, field: "badge", "\(request.value) is negative") }
        request.value == 0 ? bridge.resetBadge() : bridge.setBadge(request.value)
    }

    /// A scene app's scene connected: `+handleSceneWillConnectWithOptions:` with the system's
    /// options, as Getui's guide asks from `scene(_:willConnectTo:options:)` (its click receipt of
    /// a cold-start tap; GetuiLaboratory/getui-flutter-plugin `GetuiflutPlugin.m`).
    public func sceneWillConnect(_ request: SceneConnectionRequest) {
        bridge.handleSceneWillConnect(request.connectionOptions)
    }

    /// `setPushModeForOff:`: `true` asks Getui's server to stop pushing to this client ID, `false`
    /// to resume. The SDK must be online; Getui answers with `GeTuiSdkDidSetPushMode:error:`, which
    /// the adapter does not wait for.
    public func setPushModeForOff(_ off: Bool) {
        bridge.setPushModeForOff(off)
    }

    private func setTags(_ tags: [String], bridge: any GetuiBridge) async throws(PushError) -> TagsResult {
        let replies = tagReplies
        var result = try await replies.send { seq in
            if !bridge.setTags(tags, sequenceNum: String(seq)) {
                replies.resolve(seq, .failure(PushError(.providerFailure, field: "tags", "Getui did not submit the tags")))
            }
        }
        result.tags = Set(tags)
        return result
    }

    /// Runs `body`, masking `alias` wherever the SDK's error text repeats it.
    private func masking<Value>(_ alias: SecretText, _ body: () async throws(PushError) -> Value) async throws(PushError) -> Value {
        do {
            return try await body()
        } catch {
            var masked = error
            masked.message = Self.replacing(alias.revealed, in: error.message, with: alias.masked)
            throw masked
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
