/// A notification as app code sees it: its identity, its source, the parsed `aps` content and
/// every custom key, all `Sendable`.
///
/// Built once, at the edge, from a payload (a ``JSONObject`` or, on Apple platforms, the
/// `userInfo` dictionary; a tool or a test reads JSON bytes with `PushBridgeValidation`'s
/// `init(json:identifier:source:)`); bad input is a ``PushError``.
///
/// ```swift
/// let note = try PushNotification(payload: ["aps": ["alert": "Hi"], "type": "comment"])
/// note.content.body          // "Hi"
/// note.customKeys["type"]    // .string("comment")
/// ```
public struct PushNotification: Sendable, Equatable {
    /// The parts, read once and never changed: one reference, so that handing a notification
    /// along the event pipeline (normaliser, hold, every subscriber) costs one retain, not one
    /// for each string of its content.
    ///
    /// Its fields and the accessors below are inlinable: the runtime and the adapters, in other
    /// modules, read them on every callback, and a call into this module for each was the bulk of
    /// what the vocabulary split cost an app (`Benchmarks/README.md`).
    @usableFromInline final class Storage: Sendable {
        @usableFromInline let id: String
        /// `id.hashValue`, computed once: deduplication looks the identity up on every callback.
        @usableFromInline let idHash: Int
        @usableFromInline let source: NotificationSource
        @usableFromInline let content: APSContent
        @usableFromInline let payload: JSONObject
        @usableFromInline let requestIdentifier: String?
        @usableFromInline let providerMessageID: String?
        @usableFromInline let fingerprint: UInt64

        init(
            id: String, source: NotificationSource, content: APSContent, payload: JSONObject, requestIdentifier: String?,
            providerMessageID: String?, fingerprint: UInt64
        ) {
            self.id = id
            idHash = id.hashValue
            self.source = source
            self.content = content
            self.payload = payload
            self.requestIdentifier = requestIdentifier
            self.providerMessageID = providerMessageID
            self.fingerprint = fingerprint
        }
    }

    @usableFromInline let storage: Storage

    /// The identity events carry and deduplication keys on (see `NotificationIdentity`).
    @inlinable public var id: String { storage.id }
    /// `id.hashValue`, computed once when the notification was read.
    @inlinable package var idHash: Int { storage.idHash }
    /// Remote or local.
    @inlinable public var source: NotificationSource { storage.source }
    /// The parsed `aps` content.
    @inlinable public var content: APSContent { storage.content }
    /// The whole payload, `aps` included.
    @inlinable public var payload: JSONObject { storage.payload }
    /// The identifier the callback carried with the payload, if any: the notification request's
    /// identifier on the notification-center paths (methods 4 and 5, and the vendors' delegate
    /// callbacks), which iOS makes anew for every delivery; `nil` on the paths that carry
    /// `userInfo` only (launch options, methods 2 and 3).
    @inlinable public var requestIdentifier: String? { storage.requestIdentifier }
    /// The provider's message ID in the payload (JPush `_j_msgid`, Getui `_gmid_`), if any: found
    /// by the provider's ``PushProviderDefinition``.
    @inlinable public var providerMessageID: String? { storage.providerMessageID }
    /// The payload's fingerprint: FNV-1a 64 over its canonical JSON (sorted keys), the same for
    /// byte-identical payloads on every path, process and platform (see `NotificationIdentity`).
    @inlinable package var fingerprint: UInt64 { storage.fingerprint }

    /// Reads a notification from its payload.
    ///
    /// - Parameters:
    ///   - payload: The payload object.
    ///   - identifier: The notification's identifier, if the caller has one.
    ///   - source: Remote or local.
    ///   - providerMessageID: The provider's message ID in the payload, when the caller knows it
    ///     (``PushProviderDefinition/messageID(in:)``); `PushClient` looks it up through its
    ///     provider otherwise.
    /// - Throws: ``PushError`` (``PushError/Code/invalidPayload``) when a remote payload has no
    ///   `aps` object, or `aps` is not an object.
    public init(
        payload: JSONObject, identifier: String? = nil, source: NotificationSource = .remote, providerMessageID: String? = nil
    ) throws(PushError) {
        let aps: JSONObject
        switch payload["aps"] {
        case .object(let object):
            aps = object
        case nil where source == .local:
            aps = JSONObject()
        case nil:
            throw PushError(.invalidPayload, field: "aps", "missing (a remote notification's payload must hold an \"aps\" object)")
        case .some(let other):
            throw PushError(.invalidPayload, field: "aps", "is \(other.typeDescription), expected an object")
        }
        let messageID = providerMessageID.flatMap { $0.isEmpty ? nil : $0 }
        let fingerprint = NotificationIdentity.fingerprint(payload)
        let requestIdentifier = identifier.flatMap { $0.isEmpty ? nil : $0 }
        storage = Storage(
            id: NotificationIdentity.derive(providerMessageID: messageID, identifier: requestIdentifier) { fingerprint }, source: source,
            content: APSContent(aps: aps), payload: payload, requestIdentifier: requestIdentifier,
            providerMessageID: messageID, fingerprint: fingerprint)
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// The same notification under the identity `id`: how the normaliser names every event of
    /// one delivery alike, whichever callback carried it.
    package consuming func identified(as id: String) -> PushNotification {
        guard id != storage.id else { return self }
        return PushNotification(
            storage: Storage(
                id: id, source: source, content: content, payload: payload, requestIdentifier: requestIdentifier,
                providerMessageID: providerMessageID, fingerprint: fingerprint))
    }

    /// The same notification named by the provider's message ID `messageID`, found in its
    /// payload by the provider's definition.
    package consuming func identifiedByProvider(_ messageID: String) -> PushNotification {
        PushNotification(
            storage: Storage(
                id: messageID, source: source, content: content, payload: payload, requestIdentifier: requestIdentifier,
                providerMessageID: messageID, fingerprint: fingerprint))
    }

    /// Equal when identity, source, content and payload are equal.
    public static func == (lhs: PushNotification, rhs: PushNotification) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.id == rhs.id && lhs.source == rhs.source && lhs.content == rhs.content && lhs.payload == rhs.payload)
    }

    /// The keys beside `aps`: the sender's custom data.
    public var customKeys: JSONObject {
        var custom = payload
        custom["aps"] = nil
        return custom
    }
}

extension PushNotification: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The identity and the shape of the content; custom values are never printed (they may be
    /// personal data or tokens).
    public var description: String {
        "PushNotification(id: \(id), source: \(source), visible: \(content.hasAlert), "
            + "contentAvailable: \(content.contentAvailable), customKeys: \(customKeys.count))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror that shows the identity and the names of the custom keys, never their values.
    public var customMirror: Mirror {
        Mirror(self, children: ["id": id, "source": source, "customKeys": customKeys.keys.filter { $0 != "aps" }], displayStyle: .struct)
    }
}

extension PushNotification {
    /// Reads a notification from the `userInfo` dictionary iOS or a vendor SDK passes.
    ///
    /// - Throws: ``PushError`` when a value has no JSON form, or the payload has no `aps` object.
    public init(userInfo: [AnyHashable: Any], identifier: String? = nil, source: NotificationSource = .remote) throws(PushError) {
        guard case .object(let payload) = try JSONValue(foundation: userInfo) else {
            throw PushError(.invalidPayload, field: "payload", "expected an object")
        }
        try self.init(payload: payload, identifier: identifier, source: source)
    }
}
