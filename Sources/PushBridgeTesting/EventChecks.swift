import PushBridge
import PushBridgeModel

/// A failed check of the test kit: what was expected and what happened. The kit imports no test
/// framework — its checks throw this, and any framework reports it.
public struct PushCheckFailure: Error, Sendable, CustomStringConvertible {
    /// What was expected, and what happened instead.
    public var description: String
}

/// The shape of an event a test expects: its kind, and optionally its origin, action and identity.
///
/// ```swift
/// try events.check([.opened(.coldStart, id: "c-1")])
/// ```
public struct ExpectedPushEvent: Sendable, Equatable, CustomStringConvertible {
    /// The kind.
    public var kind: PushEvent.Kind
    /// The origin, when the check cares.
    public var origin: PushOrigin?
    /// The action of an `opened` event, when the check cares.
    public var action: PushAction?
    /// The identity, when the check cares.
    public var id: String?

    /// An expectation from its parts.
    public init(_ kind: PushEvent.Kind, origin: PushOrigin? = nil, action: PushAction? = nil, id: String? = nil) {
        self.kind = kind
        self.origin = origin
        self.action = action
        self.id = id
    }

    /// The shape of `event`: its kind, origin and action, without its identity — what
    /// ``expected(for:trace:)`` computes, so the two compare.
    public init(_ event: PushEvent) {
        kind = event.kind
        origin = event.origin
        if case .opened(let open) = event { action = open.action }
    }

    /// A `received` event.
    public static func received(_ origin: PushOrigin? = nil, id: String? = nil) -> ExpectedPushEvent {
        ExpectedPushEvent(.received, origin: origin, id: id)
    }

    /// An `opened` event.
    public static func opened(_ origin: PushOrigin? = nil, action: PushAction? = nil, id: String? = nil) -> ExpectedPushEvent {
        ExpectedPushEvent(.opened, origin: origin, action: action, id: id)
    }

    /// A `dismissed` event.
    public static func dismissed(id: String? = nil) -> ExpectedPushEvent { ExpectedPushEvent(.dismissed, id: id) }

    /// A `message` event.
    public static func message(id: String? = nil) -> ExpectedPushEvent { ExpectedPushEvent(.message, id: id) }

    /// A `settingsRequested` event.
    public static func settingsRequested() -> ExpectedPushEvent { ExpectedPushEvent(.settingsRequested) }

    /// An `authorizationChanged` event.
    public static func authorizationChanged() -> ExpectedPushEvent { ExpectedPushEvent(.authorizationChanged) }

    /// Whether `event` has this shape.
    public func matches(_ event: PushEvent) -> Bool {
        guard event.kind == kind else { return false }
        if let origin, event.origin != origin { return false }
        if let id, event.id != id { return false }
        if let action {
            guard case .opened(let open) = event, open.action == action else { return false }
        }
        return true
    }

    /// `opened(coldStart, default, id: c-1)`.
    public var description: String {
        let details = [origin?.rawValue, action?.description, id.map { "id: \($0)" }].compactMap { $0 }
        return details.isEmpty ? kind.rawValue : "\(kind.rawValue)(\(details.joined(separator: ", ")))"
    }
}

extension Array where Element == PushEvent {
    /// Checks that these events are exactly `expected`, in order: no event missing, none extra
    /// (none twice).
    ///
    /// - Throws: ``PushCheckFailure`` describing both lists when they differ.
    public func check(_ expected: [ExpectedPushEvent]) throws(PushCheckFailure) {
        guard count == expected.count, zip(self, expected).allSatisfy({ $1.matches($0) }) else {
            let actual = map { event -> String in
                var text = event.kind.rawValue
                if let origin = event.origin { text += "(\(origin))" }
                return text + (event.id.map { " id: \($0)" } ?? "")
            }
            throw PushCheckFailure(description: "expected \(expected), got [\(actual.joined(separator: ", "))]")
        }
    }
}
