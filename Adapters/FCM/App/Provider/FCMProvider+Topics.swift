import PushBridge
import PushBridgeProviderKit

/// Topics, FCM's tags; no alias.
extension FCMProvider {
    /// FCM has no alias: the client never calls this (``declaredCapabilities`` leaves
    /// `PushCapabilities.alias` out, so `PushClient.alias(_:)` throws `unsupported` first).
    ///
    /// - Throws: `PushError/Code/unsupported`, always.
    public func alias(_ request: AliasRequest) async throws(PushError) -> AliasRequest.Outcome {
        throw unsupported("aliases (FCM has none: send to the device's registration, a topic or a condition)")
    }

    /// `.add` subscribes to each topic (`subscribeToTopic:completion:`), `.delete` unsubscribes
    /// (`unsubscribeFromTopic:completion:`), one topic at a time in a fixed order, each answered
    /// before the next is sent; the first failure ends the request, naming its topic (the topics
    /// before it stay done).
    ///
    /// - Throws: `PushError` — `PushError/Code/consentRequired` before consent;
    ///   `PushError/Code/outOfRange` naming a topic FCM would refuse (nothing is sent then);
    ///   `PushError/Code/unsupported` for `.set`, `.clean`, `.getAll` and `.validate` (FCM's
    ///   client SDK can neither read nor replace a device's topics); FCM's error mapped by
    ///   ``FCMErrorCode``; `PushError/Code/timeout` when FCM does not answer in 30 seconds.
    public func tags(_ request: TagsRequest) async throws(PushError) -> TagsRequest.Outcome {
        try context.requireConsent(for: "tags")
        let topics: [String]
        let subscribe: Bool
        switch request.operation {
        case .add(let set): (topics, subscribe) = (Array(set).sortedByUTF8(), true)
        case .delete(let set): (topics, subscribe) = (Array(set).sortedByUTF8(), false)
        case .set, .clean, .getAll, .validate:
            throw unsupported(
                "replacing, clearing, reading or checking topics (FCM's client SDK subscribes and unsubscribes only: use .add and .delete)")
        }
        guard !topics.isEmpty else { throw PushError(.outOfRange, field: "tags", "is empty (expected at least one topic)") }
        for topic in topics {
            if let problem = FCMTopic.problem(topic) { throw PushError(.outOfRange, field: "tags", problem) }
        }
        let (bridge, replies) = (self.bridge, context.tagReplies)
        var last = TagsRequest.Outcome(sequence: 0)
        for topic in topics {
            let call = subscribe ? FCMSDKSymbols.subscribeToTopic : FCMSDKSymbols.unsubscribeFromTopic
            last = try await replies.send { seq in
                let answer: @Sendable (PushError.VendorCode?) -> Void = { error in
                    let result: Result<TagsRequest.Outcome, PushError> =
                        error.map { .failure(FCMErrorCode.error($0, field: "tags", call: call, topic: topic)) }
                        ?? .success(TagsRequest.Outcome(sequence: seq))
                    _ = replies.resolve(seq, result)
                }
                if subscribe {
                    bridge.subscribe(toTopic: topic, completion: answer)
                } else {
                    bridge.unsubscribe(fromTopic: topic, completion: answer)
                }
            }
        }
        return last
    }
}

/// FCM's rule for a topic name.
enum FCMTopic {
    /// Why FCM would refuse `topic`, or `nil`: "`[a-zA-Z0-9-_.~%]+`" (Firebase, "Topic messaging
    /// on Apple platforms": "any name that matches the regular expression"), at most 900
    /// characters (the same limit in FirebaseMessaging's `FIRMessagingPubSub.m`, an inference:
    /// the public page gives none), and no `/topics/` prefix (the SDK strips it; PushBridge asks
    /// for the bare name so the tag reads back as it was given).
    static func problem(_ topic: String) -> String? {
        let bytes = Array(topic.utf8)
        guard !bytes.isEmpty else { return "has an empty topic" }
        guard bytes.count <= 900 else { return "a topic of \(bytes.count) characters is longer than 900" }
        let allowed = bytes.allSatisfy { byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || [0x2D, 0x5F, 0x2E, 0x7E, 0x25].contains(byte)
        }
        guard allowed else { return "topic \"\(topic)\" has a character FCM refuses (expected letters, digits and - _ . ~ %)" }
        return nil
    }
}
