import PushBridgeCore
import PushBridgeJPushDefinition
import PushBridgeServer

/// Sends through JPush's Push API v3: one push per 1,000 registration IDs or aliases, each
/// with a `cid` from `GET /v3/push/cid`, so a retry after a lost answer is not pushed twice
/// (JPush returns the first push's result for a known cid).
///
/// Credentials fail fast: the cid request goes first, so a wrong app key or master secret
/// (1004), an invalid app key (1008), an app key without API access (2003) or a server outside
/// the app's IP allow list (2004) is known before any push: every target is rejected with it and
/// no push is sent. Refused on a push (or a server certificate the system does not trust), the
/// send stops: the pushes not yet sent are rejected with that reason and no request.
public struct JPushSender: PushSender, CustomStringConvertible, CustomReflectable {
    /// `.jpush`.
    public var provider: PushProviderID { .jpush }

    private let builder: JPushRequestBuilder
    private let authorization: String
    private let options: PushSenderOptions
    private let loop: AttemptLoop
    private let sendno = Locked(0)
    private let rateLimit = RateLimitGate()

    /// A sender for the app `appKey`, authenticating with its `masterSecret`; `environment` is
    /// the APNs environment (`apns_production`) of a message that names none
    /// (``PushMessage/environment``): the configuration's `jpush.production`.
    ///
    /// `platforms` is who it reaches: iOS devices only (the default), or every device of the
    /// app key, Android too (``PushPlatforms``).
    public init(
        appKey: SecretText, masterSecret: SecretText, options: PushSenderOptions = PushSenderOptions(),
        environment: PushMessage.Environment = .production,
        platforms: PushPlatforms = .ios
    ) {
        builder = JPushRequestBuilder(baseURL: options.baseURLs[.jpush] ?? "https://api.jpush.cn", environment: environment, platforms: platforms)
        authorization = JPushRequestBuilder.basicAuthorization(appKey: appKey, masterSecret: masterSecret)
        self.options = options
        loop = options.attemptLoop(defaultTransport: URLSessionTransport(policy: URLSessionTransport.http1Default))
    }

    /// The cid request, then one push per group of targets; credentials and cids as placeholders.
    public func plan(_ message: PushMessage, to audience: PushAudience) throws(PushError) -> [PlannedPushRequest] {
        let body = try builder.body(message)
        let groups = try JPushRequestBuilder.audiences(audience)
        var planned = [
            PlannedPushRequest(
                request: builder.cidRequest(count: groups.count, authorization: "Basic <appKey:masterSecret>").withPlaceholderCredentials(),
                targets: [])
        ]
        for (index, group) in groups.enumerated() {
            let request = builder.pushRequest(
                body, audience: group.audience, sendno: index + 1, cid: "<cid \(index + 1) from /v3/push/cid>",
                authorization: "Basic <appKey:masterSecret>")
            planned.append(PlannedPushRequest(request: request.withPlaceholderCredentials(), targets: group.targets))
        }
        return planned
    }

    /// `aps`, the extras beside it (JPush delivers `extras` as top-level keys, [v3] §iOS) and
    /// `_j_msgid`, 0 until JPush assigns it.
    public func devicePayload(_ message: PushMessage) throws(PushError) -> JSONObject {
        _ = try builder.body(message)
        var payload = try message.apnsPayload()
        // A badge change applies to JPush's count for the device, which a dry run does not know:
        // shown from 0 (an inference).
        if let increment = message.badgeIncrement, case .object(var aps)? = payload["aps"] {
            aps["badge"] = .integer(Int64(max(0, increment)))
            payload["aps"] = .object(aps)
        }
        payload[JPushDefinition.messageIDKey] = 0
        return payload
    }

    /// A ``PushMessage/passthrough`` as the custom message the SDK hands over
    /// (`kJPFNetworkDidReceiveMessageNotification`'s `content`, `title`, `content_type`,
    /// `extras`), with the push's `_j_msgid`: one Push API v3 call sends it with the
    /// notification, under one `msg_id` ([v3] §message; that both parts carry that ID on the
    /// device is an inference: one call returns one `msg_id`).
    public func channelMessage(_ message: PushMessage) throws(PushError) -> (source: NotificationSource, message: JSONObject)? {
        guard let passthrough = message.passthrough else { return nil }
        _ = try builder.body(message)
        var custom: JSONObject = ["content": .string(passthrough.content)]
        if let title = passthrough.title { custom["title"] = .string(title) }
        if let type = passthrough.contentType { custom["content_type"] = .string(type) }
        if !passthrough.extras.isEmpty { custom["extras"] = .object(passthrough.extras) }
        custom[JPushDefinition.messageIDKey] = 0
        return (.jpushCustomMessage, custom)
    }

    /// Fetches one cid per push, then sends the pushes, at most the options' concurrency at once.
    public func send(_ message: PushMessage, to audience: PushAudience, report: @escaping @Sendable (PushSendResult) -> Void) async throws(PushError)
    {
        try await send(message, to: audience, cids: [], report: report)
    }

    /// Sends as ``send(_:to:report:)`` does, the pushes carrying `cids` in order (the first push,
    /// of the audience's first 1,000 targets, `cids[0]`, …); a push beyond them gets a cid
    /// fetched as usual.
    ///
    /// For a caller that must re-send a push idempotently after its process died, such as a
    /// campaign worker taking over a dead worker's batch: it takes cids from ``cids(count:)``,
    /// stores them before the first send, and sends the same audience with the same cids again.
    /// JPush answers a push whose cid it has seen with the first push's result and does not push
    /// again; a cid is valid for one day
    /// ([Advanced features API, cid](https://docs.jiguang.cn/jpush/server/push/rest_api_v3_push_advanced)).
    /// The same cid with another audience would be answered with the first push's result too,
    /// reaching nobody: give it only the audience it was first sent with.
    public func send(
        _ message: PushMessage, to audience: PushAudience, cids given: [String], report: @escaping @Sendable (PushSendResult) -> Void
    ) async throws(PushError) {
        let body = try builder.body(message)
        let groups = try JPushRequestBuilder.audiences(audience)
        var fetched: (cids: [String], refusal: PushRejection?) = ([], nil)
        if given.count < groups.count { fetched = await fetchCIDs(groups.count - given.count) }
        let cids = Array(given.prefix(groups.count)) + fetched.cids
        let refusal = fetched.refusal
        if let refusal {
            // The credentials were refused on the cid request: no push is sent.
            for group in groups {
                for target in group.targets { report(PushSendResult(target: target, outcome: .rejected(refusal), attempts: 0)) }
            }
            return
        }
        let stop = SendStop()
        let builder = builder
        let authorization = authorization
        let loop = loop
        let gate = rateLimit
        let options = options
        let numbered = groups.enumerated().map { (index: $0.offset, audience: $0.element.audience, targets: $0.element.targets) }
        await forEachConcurrently(numbered, limit: options.maxConcurrentRequests) { group in
            // Without a cid (JPush did not give one) the push is still sent; its retries may then repeat it.
            if let skipped = stop.skipped(group.targets) {
                skipped.forEach(report)
                return
            }
            let cid = group.index < cids.count ? cids[group.index] : nil
            let sendno = nextSendno()
            let results = await loop.run(
                targets: group.targets,
                build: { _ in
                    await gate.wait(options)
                    return builder.pushRequest(body, audience: group.audience, sendno: sendno, cid: cid, authorization: authorization)
                },
                interpret: { response in
                    gate.record(response, now: options.now())
                    return JPushResponseReader.verdict(response, targets: group.targets)
                })
            stop.note(results)
            results.forEach(report)
        }
    }

    /// `count` cids from JPush's `GET /v3/push/cid`, for ``send(_:to:cids:report:)``: fewer (none)
    /// when JPush did not answer or refused the credentials (the send then reports why).
    public func cids(count: Int) async -> [String] {
        guard count > 0 else { return [] }
        let (cids, refusal) = await fetchCIDs(count)
        return refusal == nil ? cids : []
    }

    /// `count` cids, in groups of 1,000 (the endpoint's most); fewer if JPush did not answer;
    /// with the rejection when JPush refused the credentials (then no push may be sent).
    private func fetchCIDs(_ count: Int) async -> (cids: [String], refusal: PushRejection?) {
        var cids: [String] = []
        let refusal = Locked<PushRejection?>(nil)
        while cids.count < count {
            let batch = min(1_000, count - cids.count)
            let gate = rateLimit
            let options = options
            let (result, _) = await loop.attempt(
                build: { _ in
                    await gate.wait(options)
                    return builder.cidRequest(count: batch, authorization: authorization)
                },
                interpret: { response in
                    gate.record(response, now: options.now())
                    if response.status != 200, case .done(let outcomes) = JPushResponseReader.verdict(response, targets: []),
                        case .rejected(let rejection)? = outcomes.first, rejection.stopsTheSend
                    {
                        refusal.withLock { $0 = rejection }
                    }
                    return JPushResponseReader.cids(response)
                })
            if case .failure(.rejected(let rejection)) = result, rejection.stopsTheSend { refusal.withLock { $0 = rejection } }
            if let refused = refusal.withLock({ $0 }) { return (cids, refused) }
            guard case .success(let list) = result, !list.isEmpty else { break }
            cids += list
        }
        return (cids, nil)
    }

    private func nextSendno() -> Int {
        sendno.withLock { value in
            value = value == Int(Int32.max) ? 1 : value + 1
            return value
        }
    }
}

extension RateLimitGate {
    /// Waits, with the options' sleeper, until JPush's window has requests left.
    fileprivate func wait(_ options: PushSenderOptions) async {
        let seconds = delay(at: options.now())
        if seconds > 0 { await options.sleeper.sleep(seconds: seconds) }
    }

    /// Records JPush's `X-Rate-Limit-Remaining` and `X-Rate-Limit-Reset`.
    fileprivate func record(_ response: PushHTTPResponse, now: Double) {
        record(
            remaining: response[header: "x-rate-limit-remaining"].flatMap { Int($0) },
            resetSeconds: RetryPolicy.seconds(retryAfter: response[header: "x-rate-limit-reset"]), now: now)
    }
}

extension JPushSender {
    /// The sender without its credentials.
    public var description: String { "JPushSender(\(builder.baseURL))" }

    /// No credentials: the description alone.
    public var customMirror: Mirror { Mirror(self, children: ["sender": description], displayStyle: .struct) }
}
