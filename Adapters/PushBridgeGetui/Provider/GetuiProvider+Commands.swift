import PushBridge

/// Aliases, tags and the server badge through Getui's calls.
extension GetuiProvider {
    /// `bindAlias:andSequenceNum:` / `unbindAlias:andSequenceNum:andIsSelf:`; Getui cannot read
    /// the alias back.
    public func alias(_ request: AliasRequest) async throws(PushError) -> AliasResult {
        let bridge = self.bridge
        switch request.operation {
        case .set(let alias):
            guard !alias.isEmpty else { throw PushError(.outOfRange, field: "alias", "is empty") }
            var result = try await aliasReplies.send { seq in bridge.bindAlias(alias.revealed, sequenceNum: String(seq)) }
            result.alias = alias
            return result
        case .delete(let alias):
            guard let alias, !alias.isEmpty else { throw PushError(.outOfRange, field: "alias", "Getui unbinds a named alias: give it") }
            return try await aliasReplies.send { seq in bridge.unbindAlias(alias.revealed, sequenceNum: String(seq), isSelf: true) }
        case .get:
            throw unsupported("reading the alias back")
        }
    }

    /// `setTags:andSequenceNum:` (the whole set: `.set` and `.clean`) and `queryTag:` (`.getAll`).
    public func tags(_ request: TagsRequest) async throws(PushError) -> TagsResult {
        let bridge = self.bridge
        switch request.operation {
        case .set(let tags):
            return try await setTags(Array(tags).sorted(), bridge: bridge)
        case .clean:
            return try await setTags([], bridge: bridge)
        case .getAll:
            return try await tagReplies.send { seq in bridge.queryTag(sequenceNum: String(seq)) }
        case .add, .delete, .validate:
            throw unsupported("adding, deleting or checking single tags (Getui replaces the whole set: use .set)")
        }
    }

    private func setTags(_ tags: [String], bridge: any GetuiBridge) async throws(PushError) -> TagsResult {
        let replies = tagReplies
        var result = try await replies.send { seq in
            if !bridge.setTags(tags, sequenceNum: String(seq)) {
                replies.resolve(seq, .failure(PushError(.providerFailure, field: "tags", "Getui did not accept the tags")))
            }
        }
        result.tags = Set(tags)
        return result
    }

    /// `setBadge:` (or `resetBadge` for 0).
    public func setBadge(_ request: BadgeRequest) throws(PushError) {
        guard request.value >= 0 else { throw PushError(.outOfRange, field: "badge", "\(request.value) is negative") }
        request.value == 0 ? bridge.resetBadge() : bridge.setBadge(request.value)
    }
}
