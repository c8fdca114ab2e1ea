import PushBridgeCore

/// The first rejection that holds for every target of a send (``PushRejection/stopsTheSend``):
/// once one is known, the targets not yet sent are rejected with it and no request, never one
/// refusal per target. Shared by the concurrent requests of one send.
package final class SendStop: Sendable {
    private let reason = Locked<PushRejection?>(nil)

    package init() {}

    /// The rejection that stopped the send, if one did.
    package var rejection: PushRejection? { reason.withLock { $0 } }

    /// Records `results`' first rejection that stops the send (the first one wins).
    package func note(_ results: [PushSendResult]) {
        for result in results {
            switch result.outcome {
            case .rejected(let rejection), .failed(let rejection):
                guard rejection.stopsTheSend else { continue }
                reason.withLock { $0 = $0 ?? rejection }
                return
            case .accepted: continue
            }
        }
    }

    /// Records `rejection` when it stops the send.
    package func note(_ rejection: PushRejection) {
        guard rejection.stopsTheSend else { return }
        reason.withLock { $0 = $0 ?? rejection }
    }

    /// `targets` rejected with the stopping reason and no request, or `nil` while the send goes on.
    package func skipped(_ targets: [PushTarget]) -> [PushSendResult]? {
        guard let rejection else { return nil }
        return targets.map { PushSendResult(target: $0, outcome: .rejected(rejection), attempts: 0) }
    }
}
