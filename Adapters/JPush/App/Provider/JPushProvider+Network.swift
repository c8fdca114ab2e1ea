import PushBridge
import PushBridgeJPushDefinition

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
            // Only a number is kept: JPush's error text can repeat the app key or an ID.
            let code = (userInfo?["error"]).flatMap(Self.number)
            publishRegistrationFailure(
                field: "registration", "JPush reported a service error (\(name.rawValue))\(code.map { ": code \($0)" } ?? "")",
                vendorCode: code.map(JPushResultCode.vendorCode))
        case .didReceiveMessage:
            deliverCustomMessage(userInfo ?? JSONObject())
        }
    }

    /// A custom message, as a `message` event: `offline` false (JPush does not say whether it
    /// held the message), identity `_j_msgid`. A message the core cannot read (no `content`) is
    /// still delivered, named by a hash of its payload, rather than lost, and reported as a
    /// `PushDiagnostic/Code/unreadableMessage` diagnostic.
    func deliverCustomMessage(_ userInfo: JSONObject) {
        let sink = self.sink
        do throws(PushError) {
            sink.receive(try JPushDefinition().readMessage(userInfo, channel: .jpushCustomMessage, offline: false, field: "message"))
        } catch {
            let message = PushEvent.Message(transport: .jpush, offline: false, id: NotificationIdentity.payloadHash(userInfo), payload: userInfo)
            sink.report(.unreadableMessage(on: .jpushCustomMessage, notificationID: message.id, error: error))
            sink.receive(message)
        }
    }

    private func publishConnection(_ connection: PushEvent.ConnectionState) {
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
                publishRegistrationFailure(
                    field: "registrationID", "JPush logged in but gave no registration ID (resCode \(resCode))",
                    vendorCode: resCode == 0 ? nil : JPushResultCode.vendorCode(resCode))
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

    private func publishRegistrationFailure(field: String, _ message: String, vendorCode: PushError.VendorCode? = nil) {
        sink.publish(
            .registrationFailed(
                .init(
                    provider: .jpush, error: PushError(.providerFailure, field: field, message, vendorCode: vendorCode))))
    }

    /// An error code in JPush's `userInfo` (a number, or a string of digits); `nil` for anything else.
    private static func number(_ value: JSONValue) -> Int? {
        switch value {
        // Through Int64, as the runtime parses: its parser's copy serves both (Int's was 0.9 KB more).
        case .string(let text): Int64(text).flatMap { Int(exactly: $0) }
        case .integer(let number): Int(exactly: number)
        default: nil
        }
    }
}
