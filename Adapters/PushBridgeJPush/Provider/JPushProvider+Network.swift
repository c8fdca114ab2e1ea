import PushBridge

/// JPush's `NSNotificationCenter` notifications: the connection, the registration ID, failures
/// and custom messages.
extension JPushProvider {
    /// One of JPush's network notifications:
    ///
    /// | notification | what is published |
    /// |---|---|
    /// | `kJPFNetworkIsConnectingNotification`, `…DidSetup…` | `providerState(connecting)` |
    /// | `kJPFNetworkDidLoginNotification` | `providerState(online)`, then `registered` with the (masked) registration ID, or `registrationFailed` |
    /// | `kJPFNetworkDidCloseNotification` | `providerState(offline)` |
    /// | `kJPFNetworkDidRegisterNotification` | nothing: the ID comes with the login |
    /// | `kJPFNetworkFailedRegisterNotification`, `kJPFServiceErrorNotification` | `registrationFailed` |
    /// | `kJPFNetworkDidReceiveMessageNotification` | a `message` event (`offline` false) |
    ///
    /// A connection state is published when it changes; the registration ID when it is new (JPush
    /// logs in again at each reconnection).
    public func jpushNetworkNotification(_ name: JPushNetworkNotification, userInfo: JSONObject?) {
        switch name {
        case .isConnecting, .didSetup:
            publishConnection(.connecting)
        case .didClose:
            publishConnection(.offline)
        case .didRegister:
            break
        case .didLogin:
            publishConnection(.online)
            publishRegistrationID()
        case .failedRegister:
            publishRegistrationFailure(field: "registration", "JPush could not register this device (\(name.rawValue))")
        case .serviceError:
            let detail = (userInfo?["error"]).flatMap(Self.describe).map { ": \($0)" } ?? ""
            publishRegistrationFailure(field: "registration", "JPush reported a service error (\(name.rawValue))\(detail)")
        case .didReceiveMessage:
            deliverCustomMessage(userInfo ?? JSONObject())
        }
    }

    /// A custom message, as a `message` event: `offline` false (JPush does not say whether it
    /// held the message), identity `_j_msgid`. A message the core cannot read (no `content`) is
    /// still delivered, named by a hash of its payload, rather than lost.
    func deliverCustomMessage(_ userInfo: JSONObject) {
        let message = (try? JPushDefinition().readMessage(userInfo, channel: .jpushCustomMessage, offline: false, field: "message"))
            ?? PushEvent.Message(transport: .jpush, offline: false, id: NotificationIdentity.payloadHash(userInfo), payload: userInfo)
        sink.deliver(message)
    }

    private func publishConnection(_ connection: ProviderConnectionState) {
        let changed = state.withLock { state -> Bool in
            defer { state.connection = connection }
            return state.connection != connection
        }
        if changed { sink.publish(.providerState(.init(provider: .jpush, state: connection))) }
    }

    /// Reads `registrationID` after login; when it is still empty, asks
    /// `registrationIDCompletionHandler:`, whose failure (1011 on the simulator) is published.
    private func publishRegistrationID() {
        if let id = bridge.registrationID, !id.isEmpty {
            publishRegistered(id)
            return
        }
        bridge.registrationIDCompletionHandler { [weak self] resCode, id in
            guard let self else { return }
            if resCode == 0, let id, !id.isEmpty {
                publishRegistered(id)
            } else {
                publishRegistrationFailure(field: "registrationID", "JPush logged in but gave no registration ID (resCode \(resCode))")
            }
        }
    }

    private func publishRegistered(_ id: String) {
        let secret = SecretText(id)
        let isNew = state.withLock { state -> Bool in
            defer { state.registrationID = secret }
            return state.registrationID != secret
        }
        if isNew { sink.publish(.registered(.init(provider: .jpush, identifier: secret))) }
    }

    private func publishRegistrationFailure(field: String, _ message: String) {
        sink.publish(.registrationFailed(.init(provider: .jpush, error: PushError(.providerFailure, field: field, message))))
    }

    /// A scalar from JPush's `userInfo`, shortened; `nil` for anything else.
    private static func describe(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): String(text.prefix(80))
        case .integer(let number): String(number)
        default: nil
        }
    }
}
