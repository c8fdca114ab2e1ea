import PushBridgeCore
import PushBridgeServer

/// Getui's auth token: asked for with a signed `/auth`, valid 24 hours, kept until an hour
/// before it expires (as getui-pushapi-java-client-v2's `TokenDTO.EXPIRE_INTERVAL`; half its
/// life for a token given for less than two hours) or until an answer says code 10001; one
/// request refreshes it for every send waiting on it.
package actor GetuiAuthToken {
    /// How long before its expiry a token is replaced: one hour.
    static let refreshMargin = 3_600.0

    private let builder: GetuiRequestBuilder
    private let appKey: SecretText
    private let masterSecret: SecretText
    private let loop: AttemptLoop
    private let now: @Sendable () -> Double
    private var current: (token: String, expiresAt: Double, issuedAt: Double)?
    private var refreshing: Task<Result<String, PushError>, Never>?

    package init(builder: GetuiRequestBuilder, appKey: SecretText, masterSecret: SecretText, loop: AttemptLoop, now: @escaping @Sendable () -> Double)
    {
        self.builder = builder
        self.appKey = appKey
        self.masterSecret = masterSecret
        self.loop = loop
        self.now = now
    }

    /// A token valid for at least the margin; `replacing` (a request was refused with 10001
    /// carrying it) forces a new one unless another send replaced it already.
    package func token(replacing refused: String? = nil) async throws(PushError) -> String {
        if let current, current.token != refused {
            let margin = min(Self.refreshMargin, (current.expiresAt - current.issuedAt) / 2)
            if current.expiresAt - now() > margin { return current.token }
        }
        if let refreshing { return try await refreshing.value.get() }
        let task = Task { await self.authenticate() }
        refreshing = task
        let result = await task.value
        refreshing = nil
        return try result.get()
    }

    private func authenticate() async -> Result<String, PushError> {
        let issuedAt = now()
        let result = await Self.requestToken(builder: builder, appKey: appKey, masterSecret: masterSecret, loop: loop, now: now)
        if case .success(let token) = result { current = (token.token, token.expiresAt, issuedAt) }
        return result.map(\.token)
    }

    /// `/auth`, retried like any request.
    private nonisolated static func requestToken(
        builder: GetuiRequestBuilder, appKey: SecretText, masterSecret: SecretText, loop: AttemptLoop, now: @escaping @Sendable () -> Double
    ) async -> Result<(token: String, expiresAt: Double), PushError> {
        let (result, _) = await loop.attempt(
            build: { _ in builder.authRequest(appKey: appKey, masterSecret: masterSecret, milliseconds: Int64(now() * 1000)) },
            interpret: GetuiResponseReader.token)
        switch result {
        case .success(let token): return .success(token)
        case .failure(.rejected(let rejection)), .failure(.failed(let rejection)):
            return .failure(PushError(.providerFailure, field: "server.getui.masterSecret", "Getui refused to authenticate: \(rejection)"))
        }
    }
}
