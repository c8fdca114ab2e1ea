import PushBridge

/// Provider channels (JPush custom messages, Getui passthrough) travel on the provider's own
/// connection, not through iOS; what differs between providers is data of their definitions
/// (`ProviderChannel`).
extension DispatchModel {
    /// A scenario whose notification is a provider-channel message.
    ///
    /// The message reaches the app only while it is in the foreground and online: at once when it
    /// arrives in the foreground (`offline: false`); otherwise the provider holds it and delivers
    /// it when the app next comes to the foreground — the user opens the app from its icon, or
    /// taps (or presses a foreground action on) the banner of the message's APNs copy — flagged
    /// offline when the channel says so (`ProviderChannel/flagsHeldMessagesOffline`: Getui;
    /// JPush does not say). With no such action it stays held.
    ///
    /// An APNs copy (the notification of the same push: Getui sends one while it sees the app
    /// offline, JPush's Push API v3 whenever the push has both parts) behaves as a remote
    /// notification in the same scenario. In the foreground the message comes first, before the
    /// copy's calls *(inference: the provider's connection is up and skips APNs; no source
    /// measures the two delays)*; while the app is away it comes when the app is back. The event
    /// normaliser tells the app of whichever arrives first and drops the other
    /// (PushBridge's article "One delivery, one event", rule 1).
    static func traceProviderChannel(_ scenario: DispatchScenario, channel: ProviderChannel) -> DispatchTrace {
        let transport = channel.provider
        var copyTrace = DispatchTrace(display: .none, actionDelivered: nil, calls: [])
        if let copy = scenario.notification.apnsCopy {
            var copyScenario = scenario
            copyScenario.notification = .remote(copy)
            copyTrace = trace(for: copyScenario)
        } else {
            // Nothing iOS shows: only opening the app from its icon does anything.
            var bare = scenario
            bare.notification = .remote(["aps": [:]])
            let facts = DeliveryFacts(bare)
            var calls = CallRecorder()
            let arrival = arrive(facts, calls: &calls)
            let responseStart = calls.count
            let delivered = respond(to: scenario.user, facts: facts, after: arrival, calls: &calls)
            copyTrace = DispatchTrace(display: .none, actionDelivered: delivered, steps: Array(calls.steps[responseStart...]))
        }

        var steps = copyTrace.steps
        if scenario.state == .foreground {
            steps.insert(.message(ChannelDelivery(phase: .arrival, transport: transport, offline: false)), at: 0)
        } else if bringsAppToForeground(scenario.user, display: copyTrace.display) {
            steps.append(.message(ChannelDelivery(phase: .action, transport: transport, offline: channel.flagsHeldMessagesOffline)))
        }
        return DispatchTrace(display: copyTrace.display, actionDelivered: copyTrace.actionDelivered, steps: steps)
    }

    /// Whether the user's action brings an app that was away to the foreground.
    private static func bringsAppToForeground(_ user: UserAction, display: NotificationDisplay) -> Bool {
        switch user {
        case .openAppIcon: true
        case .tap: display.isActionable
        case .action(_, let foreground), .textInput(_, let foreground, _): foreground && display.isActionable
        case .none, .dismiss, .clearGroup: false
        }
    }
}
