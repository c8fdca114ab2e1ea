import PushBridge
import PushBridgeAdapterSupport
import PushBridgeProviderKit

/// VoIP and Live Activities through JPush (`JPUSHService.h` 5.7.0/5.9.0 L265-310).
extension JPushProvider {
    /// `+registerVoipToken:` (L302) with the token; nothing when PushKit invalidated it (JPush
    /// has no call for that) or before the user's consent (a diagnostic says so).
    public func registerVoIPToken(_ request: VoIPTokenRequest) {
        guard let token = request.token, context.mayCall("registerVoipToken:") else { return }
        bridge.registerVoipToken(token)
    }

    /// `+handleVoipNotification:` (L310), the push's receipt.
    public func handleVoIPPush(_ request: VoIPPushRequest) {
        guard context.mayCall("handleVoipNotification:") else { return }
        bridge.handleVoipNotification(request.payload)
    }

    /// `+registerLiveActivity:pushToken:completion:seq:` (L287) or
    /// `+registerLiveActivity:pushToStartToken:completion:seq:` (L272); a result code other than
    /// 0, or an SDK without the push-to-start call, is reported through the sink (`PushEventSink.tokenForwardingFailed(_:provider:error:)`).
    public func registerLiveActivityToken(_ request: LiveActivityTokenRequest) {
        let kind = request.kind
        let selector =
            if case .pushToStart = kind { "registerLiveActivity:pushToStartToken:completion:seq:" } else {
                "registerLiveActivity:pushToken:completion:seq:"
            }
        guard context.mayCall(selector) else { return }
        let seq = state.withLock { state in
            defer { state.nextLiveActivitySeq += 1 }
            return state.nextLiveActivitySeq
        }
        let sink = self.sink
        let reply: @Sendable (Int, String?, Int) -> Void = { resCode, _, _ in
            guard let error = JPushResultCode.error(resCode, field: "liveActivityToken") else { return }
            sink.tokenForwardingFailed(kind, provider: .jpush, error: error)
        }
        switch kind {
        case .liveActivity(let id):
            bridge.registerLiveActivity(id, pushToken: request.token, seq: seq, completion: reply)
        case .pushToStart(let attributes):
            let called = bridge.registerLiveActivity(attributes: attributes, pushToStartToken: request.token, seq: seq, completion: reply)
            if !called {
                sink.tokenForwardingFailed(
                    kind, provider: .jpush,
                    error: PushError(
                        .unsupported, field: "sdk",
                        "this JPush SDK has no +registerLiveActivity:pushToStartToken:completion:seq: (JPush 5.5.0 and later have it, 5.2.0 does not)"
                    ))
            }
        case .voip:
            registerVoIPToken(VoIPTokenRequest(token: request.token))
        }
    }
}
