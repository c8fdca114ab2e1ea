import PushBridge
import PushBridgeAdapterSupport
import PushBridgeProviderKit

/// VoIP and Live Activities through Getui (`GeTuiSdk.h` 3.1.0.0 L146-188, L292, L514-526).
extension GetuiProvider {
    /// `+registerVoipTokenCredentials:` (L165) with the token, after the user's consent; a token
    /// Getui calls invalid is reported through the sink (`PushEventSink.tokenForwardingFailed(_:provider:error:)`). Nothing when
    /// PushKit invalidated the token (Getui has no call for it).
    public func registerVoIPToken(_ request: VoIPTokenRequest) {
        guard let token = request.token, allowed("registerVoipTokenCredentials:", kind: .voip) else { return }
        if !bridge.registerVoipTokenCredentials(token) {
            fail(.voip, PushError(.providerFailure, field: "voipToken", "Getui's registerVoipTokenCredentials: answered NO (an invalid token)"))
        }
    }

    /// `+handleVoipNotification:` (L292), the push's receipt. Not called (and reported as a
    /// `PushDiagnostic/Code/withheldBeforeConsent` diagnostic) before the user accepted the
    /// privacy policy.
    public func handleVoIPPush(_ request: VoIPPushRequest) {
        guard context.mayCall("handleVoipNotification:") else { return }
        bridge.handleVoipNotification(request.payload)
    }

    /// `+registerLiveActivity:activityToken:sequenceNum:` (L188) or
    /// `+registerLiveActivity:pushToStartToken:sequenceNum:` (L178), the token in lowercase hex
    /// (an inference: the header types it `NSString` and does not say how it is encoded). An
    /// activity that ended (`nil` token) is not reported: Getui has no call for it. `NO`, or a
    /// callback with an error, is reported through the sink (`PushEventSink.tokenForwardingFailed(_:provider:error:)`).
    public func registerLiveActivityToken(_ request: LiveActivityTokenRequest) {
        guard let hex = request.hexToken?.revealed, allowed("registerLiveActivity:", kind: request.kind) else { return }
        let sn = state.withLock { state in
            defer { state.nextLiveActivitySeq += 1 }
            let sn = "la-\(state.nextLiveActivitySeq)"
            state.liveActivityRequests[sn] = request.kind
            return sn
        }
        let accepted: Bool
        switch request.kind {
        case .liveActivity(let id): accepted = bridge.registerLiveActivity(id, activityToken: hex, sequenceNum: sn)
        case .pushToStart(let attributes): accepted = bridge.registerLiveActivity(attributes: attributes, pushToStartToken: hex, sequenceNum: sn)
        case .voip: accepted = true
        }
        if !accepted {
            _ = state.withLock { $0.liveActivityRequests.removeValue(forKey: sn) }
            fail(
                request.kind,
                PushError(
                    .providerFailure, field: "liveActivityToken",
                    "Getui did not accept the request (an invalid token, a repeated request, or an SDK without the call)"))
        }
    }

    /// `GeTuiSdkDidRegisterLiveActivity:result:error:`: a failure becomes an event.
    public func geTuiSdkDidRegisterLiveActivity(_ sequenceNum: String, result: Bool, error: PushError.VendorCode?) {
        answered(sequenceNum, result: result, error: error)
    }

    /// `GeTuiSdkDidRegisterPushToStartToken:result:error:`: a failure becomes an event.
    public func geTuiSdkDidRegisterPushToStartToken(_ sequenceNum: String, result: Bool, error: PushError.VendorCode?) {
        answered(sequenceNum, result: result, error: error)
    }

    private func answered(_ sequenceNum: String, result: Bool, error: PushError.VendorCode?) {
        guard let kind = state.withLock({ $0.liveActivityRequests.removeValue(forKey: sequenceNum) }), !result || error != nil else { return }
        fail(
            kind,
            PushError(.providerFailure, field: "liveActivityToken", "Getui refused the token\(error.map { " (\($0))" } ?? "")", vendorCode: error))
    }

    private func allowed(_ selector: String, kind: PushTokenKind) -> Bool {
        do throws(PushError) {
            try context.requireConsent(for: selector)
            return true
        } catch {
            fail(kind, error)
            return false
        }
    }

    private func fail(_ kind: PushTokenKind, _ error: PushError) {
        sink.tokenForwardingFailed(kind, provider: .getui, error: error)
    }
}
