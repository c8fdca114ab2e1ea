import PushBridgeCore

/// One addressee of a mixed audience: a target and the provider its app registered with
/// (`PushEvent.Registration.provider`, which the app sends with its identifier).
public struct RoutedPushTarget: Sendable, Hashable, CustomStringConvertible {
    /// The provider that addresses it.
    public var provider: PushProviderID
    /// The target, in that provider's terms.
    public var target: PushTarget

    /// A target of `provider`.
    public init(_ provider: PushProviderID, _ target: PushTarget) {
        self.provider = provider
        self.target = target
    }

    /// An APNs device token.
    public static func apns(deviceToken: SecretText) -> RoutedPushTarget { RoutedPushTarget(.apns, PushTarget(kind: .deviceToken, id: deviceToken)) }
    /// A JPush registration ID.
    public static func jpush(registrationID: SecretText) -> RoutedPushTarget {
        RoutedPushTarget("jpush", PushTarget(kind: .registrationID, id: registrationID))
    }
    /// A Getui client ID.
    public static func getui(clientID: SecretText) -> RoutedPushTarget { RoutedPushTarget("getui", PushTarget(kind: .clientID, id: clientID)) }

    /// `jpush registrationID ••••b2c3`.
    public var description: String { "\(provider) \(target)" }
}

/// Sends one message to a mixed audience in one call: each target goes through the sender of
/// its provider (APNs tokens through APNs, JPush registration IDs through JPush, …), the groups
/// at once, and the results come back in one list, in the order of the targets given.
///
/// ```swift
/// let router = try RoutedPushSender(configuration, senders: definitions)
/// let results = try await router.send(message, to: devices.map { RoutedPushTarget($0.provider, $0.target) })
/// ```
///
/// Each provider's group is one ``PushAudience`` of its kind (device tokens, registration IDs,
/// client IDs, aliases; a tags or everyone target as that audience), sent with that sender's own
/// concurrency, retries and fail-fast: a provider whose credentials are refused stops its own
/// group only.
public struct RoutedPushSender: Sendable {
    /// The senders, by provider.
    public let senders: [PushProviderID: any PushSender]

    /// A router over `senders`, one per provider (a later one of the same provider replaces an
    /// earlier one).
    public init(_ senders: [any PushSender]) {
        var byProvider: [PushProviderID: any PushSender] = [:]
        for sender in senders { byProvider[sender.provider] = sender }
        self.senders = byProvider
    }

    /// A router over the sender of every provider `configuration` names (`provider`, its
    /// `markets`' and additional ones) that has a definition in `definitions`.
    ///
    /// - Throws: `PushConfigurationError` naming every provider whose `server` section is
    ///   missing or malformed.
    public init(
        _ configuration: PushServerConfiguration, senders definitions: [any PushSenderDefinition], options: PushSenderOptions = PushSenderOptions()
    ) throws(PushConfigurationError) {
        var made: [any PushSender] = []
        var problems: [PushError] = []
        for id in configuration.app.namedProviders where definitions.contains(where: { $0.id == id }) {
            do {
                made.append(try PushSenders.make(configuration, provider: id, senders: definitions, options: options))
            } catch {
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw PushConfigurationError(problems: problems) }
        self.init(made)
    }

    /// Sends `message` to every target through its provider's sender; one result per target, in
    /// the order of `targets`.
    ///
    /// - Throws: `PushError` before anything is sent: a target of a provider without a sender
    ///   (`targets[i].provider`), a kind its provider does not address, or a message a provider of
    ///   the audience cannot carry (the field it names).
    public func send(_ message: PushMessage, to targets: [RoutedPushTarget]) async throws(PushError) -> [PushSendResult] {
        let collected = Locked<[RoutedPushTarget: PushSendResult]>([:])
        try await send(message, to: targets) { target, result in collected.withLock { $0[target] = result } }
        let results = collected.withLock { $0 }
        return targets.compactMap { results[$0] }
    }

    /// Sends `message` to every target through its provider's sender, and calls `report` once
    /// for every target as its result is known, in no particular order.
    ///
    /// - Throws: `PushError` before anything is sent, as ``send(_:to:)``.
    public func send(
        _ message: PushMessage, to targets: [RoutedPushTarget], report: @escaping @Sendable (RoutedPushTarget, PushSendResult) -> Void
    ) async throws(PushError) {
        let groups = try plan(message, targets)
        await withTaskGroup(of: Void.self) { group in
            for (sender, audience) in groups {
                let provider = sender.provider
                group.addTask {
                    do throws(PushError) {
                        try await sender.send(message, to: audience) { result in report(RoutedPushTarget(provider, result.target), result) }
                    } catch {
                        // Checked before anything was sent (plan): reaching here is a credential
                        // made at send time (a token the provider would not give). Every target of
                        // the group gets it, none dropped.
                        let rejection = PushRejection(status: 0, code: error.code.rawValue, message: error.description, stopsTheSend: true)
                        for target in audience.targets {
                            report(RoutedPushTarget(provider, target), PushSendResult(target: target, outcome: .rejected(rejection), attempts: 0))
                        }
                    }
                }
            }
        }
    }

    /// Each provider's audiences, each checked against the message with one of its targets.
    private func plan(_ message: PushMessage, _ targets: [RoutedPushTarget]) throws(PushError) -> [(sender: any PushSender, audience: PushAudience)] {
        var order: [PushProviderID] = []
        var ids: [PushProviderID: [PushTarget.Kind: [SecretText]]] = [:]
        var whole: [(PushProviderID, PushAudience)] = []
        for (index, routed) in targets.enumerated() {
            guard senders[routed.provider] != nil else {
                let known = senders.keys.map(\.rawValue).sorted().joined(separator: ", ")
                throw PushError(
                    .unsupported, field: "targets[\(index)].provider", "\(routed.provider) has no sender here (expected one of: \(known))")
            }
            if !order.contains(routed.provider) { order.append(routed.provider) }
            switch routed.target.kind {
            case .tags:
                let tags = (routed.target.id?.revealed ?? "").split(separator: ",").map(String.init)
                whole.append((routed.provider, .tags(tags)))
            case .everyone:
                whole.append((routed.provider, .everyone))
            case let kind:
                guard let id = routed.target.id else { throw PushError(.invalidPayload, field: "targets[\(index)]", "has no identifier") }
                ids[routed.provider, default: [:]][kind, default: []].append(id)
            }
        }
        var groups: [(sender: any PushSender, audience: PushAudience)] = []
        for provider in order {
            guard let sender = senders[provider] else { continue }
            for kind in PushTarget.Kind.allCases {
                guard let list = ids[provider]?[kind] else { continue }
                let audience: PushAudience
                switch kind {
                case .deviceToken: audience = .deviceTokens(list)
                case .registrationID: audience = .registrationIDs(list)
                case .clientID: audience = .clientIDs(list)
                case .alias: audience = .aliases(list)
                case .tags, .everyone: continue
                }
                groups.append((sender, audience))
            }
            for (owner, audience) in whole where owner == provider { groups.append((sender, audience)) }
        }
        // The message and the audience's kind checked for every group before any is sent; a
        // single target's own problem (a malformed token) is its result, not the send's.
        for (sender, audience) in groups {
            let probe: PushAudience
            switch audience {
            case .deviceTokens(let list): probe = .deviceTokens(Array(list.prefix(1)))
            case .registrationIDs(let list): probe = .registrationIDs(Array(list.prefix(1)))
            case .clientIDs(let list): probe = .clientIDs(Array(list.prefix(1)))
            case .aliases(let list): probe = .aliases(Array(list.prefix(1)))
            case .tags, .everyone: probe = audience
            }
            do {
                _ = try sender.plan(message, to: probe)
            } catch  where error.field == "audience" || !(error.field ?? "").hasPrefix("audience") {
                throw PushError(error.code, field: error.field, "\(sender.provider): \(error.message)")
            } catch {
                continue  // the probed target's own problem
            }
        }
        return groups
    }
}
