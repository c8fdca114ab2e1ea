import PushBridgeCore
import PushBridgeGetuiDefinition
import PushBridgeServer

/// Sends through Getui's RestAPI v2: `/push/single/cid` or `/push/single/alias` for one target,
/// `/push/list/message` then `/push/list/cid` or `/push/list/alias` for many, `/push/tag` and
/// `/push/all`; every push body with its own `request_id`, kept on its retries, which Getui
/// drops when repeated.
///
/// The accepted message ID is Getui's task ID: the first part of the `taskId:msgId` the app's
/// events report (from `_gmid_`).
///
/// Credentials fail fast: the token is asked for before anything is sent (an app key or master
/// secret `/auth` refuses throws, naming `server.getui.masterSecret`), and a token refused
/// (10001) again after one new one, or a server certificate the system does not trust, stops the
/// send: the list pushes not yet sent are rejected with that reason and no request.
public struct GetuiSender: PushSender, CustomStringConvertible, CustomReflectable {
    /// `.getui`.
    public var provider: PushProviderID { .getui }

    private let builder: GetuiRequestBuilder
    private let auth: GetuiAuthToken
    private let options: PushSenderOptions
    private let loop: AttemptLoop

    /// A sender for the app `appID`, authenticating with its `appKey` and `masterSecret`,
    /// reaching iOS devices only (the default) or, with `platforms` `.all`, Android's vendor
    /// channels too (``PushPlatforms``).
    public init(
        appID: SecretText, appKey: SecretText, masterSecret: SecretText, options: PushSenderOptions = PushSenderOptions(),
        platforms: PushPlatforms = .ios
    ) {
        let builder = GetuiRequestBuilder(
            baseURL: (options.baseURLs[.getui] ?? "https://restapi.getui.com") + "/v2/" + appID.revealed, platforms: platforms)
        self.builder = builder
        let loop = options.attemptLoop(defaultTransport: URLSessionTransport(policy: URLSessionTransport.http1Default))
        auth = GetuiAuthToken(builder: builder, appKey: appKey, masterSecret: masterSecret, loop: loop, now: options.now)
        self.options = options
        self.loop = loop
    }

    /// The pushes, `token` and `taskid` as placeholders (the `/auth` request is not listed).
    public func plan(_ message: PushMessage, to audience: PushAudience) throws(PushError) -> [PlannedPushRequest] {
        let content = try builder.content(message)
        let route = try GetuiRoute(audience)
        let token = "<token from /auth>"
        switch route {
        case .single(let path, let body, let target):
            return [
                PlannedPushRequest(
                    request: builder.request(path, body: Self.push(content, body), token: token).withPlaceholderCredentials(), targets: [target])
            ]
        case .list(let path, let groups):
            var planned = [
                PlannedPushRequest(
                    request: builder.request("/push/list/message", body: Self.push(content, [:]), token: token).withPlaceholderCredentials(),
                    targets: [])
            ]
            for group in groups {
                planned.append(
                    PlannedPushRequest(
                        request: builder.request(path, body: Self.list(group.audience, taskID: "<taskid from /push/list/message>"), token: token)
                            .withPlaceholderCredentials(),
                        targets: group.targets))
            }
            return planned
        }
    }

    /// `aps`, the custom data as the JSON string `payload` beside it (Getui's `ios.payload`),
    /// and `_gmid_` (`taskId:msgId`), a placeholder until Getui assigns it.
    public func devicePayload(_ message: PushMessage) throws(PushError) -> JSONObject {
        let content = try builder.content(message)
        var payload: JSONObject = ["aps": content["push_channel"]?["ios"]?["aps"] ?? .object(message.apsDictionary)]
        if case .object(var aps)? = payload["aps"] {
            if let badge = message.badge { aps["badge"] = .integer(Int64(badge)) }  // auto_badge sets the badge the device shows
            // A change applies to Getui's count for the device, which a dry run does not know:
            // shown from 0 (an inference).
            if let increment = message.badgeIncrement { aps["badge"] = .integer(Int64(max(0, increment))) }
            // Media reach the app's service extension, so Getui must send mutable-content (an
            // inference: its Aps.java has no such field for the server to set).
            if !message.richMedia.isEmpty { aps["mutable-content"] = 1 }
            payload["aps"] = .object(aps)
        }
        if let custom = content["push_channel"]?["ios"]?["payload"] { payload["payload"] = custom }
        payload[GetuiDefinition.messageIDKey] = "dry-run:dry-run"
        return payload
    }

    /// `push_message.transmission` (sent with every push: the passthrough, or the custom data's
    /// JSON) as `GeTuiSdkDidReceiveSlience` hands it over: `{"payload", "taskId", "msgId"}`,
    /// the IDs the placeholders of ``devicePayload(_:)``'s `_gmid_`.
    public func channelMessage(_ message: PushMessage) throws(PushError) -> (source: NotificationSource, message: JSONObject)? {
        let content = try builder.content(message)
        guard let transmission = content["push_message"]?["transmission"] else { return nil }
        return (.getuiPassthrough, ["payload": transmission, "taskId": "dry-run", "msgId": "dry-run"])
    }

    /// Only while the app is offline: with the default strategy Getui sends the transmission
    /// over its own channel to an online app, and the APNs notification (`push_channel.ios`) to
    /// an offline one, whose transmission follows when it is back online, flagged `offLine`
    /// (docs.getui.com, "推送流程说明", iOS).
    public func sendsNotification(_ message: PushMessage, appOnline: Bool) -> Bool {
        message.hasNotification && !appOnline
    }

    /// Authenticates (once, for every send of this sender while the token lasts), then pushes.
    public func send(_ message: PushMessage, to audience: PushAudience, report: @escaping @Sendable (PushSendResult) -> Void) async throws(PushError)
    {
        let content = try builder.content(message)
        let route = try GetuiRoute(audience)
        _ = try await auth.token()
        let loop = loop
        let builder = builder
        let auth = auth
        switch route {
        case .single(let path, let extra, let target):
            let body = Self.push(content, extra, requestID: GetuiRequestBuilder.requestID(for: message, targets: [target]))
            let shape = GetuiRoute.answerShape(path)
            let results = await loop.run(
                targets: [target], build: Self.authorized(auth) { builder.request(path, body: body, token: $0) },
                interpret: { GetuiResponseReader.verdict($0, targets: [target], shape: shape) })
            results.forEach(report)
        case .list(let path, let groups):
            let message = Self.push(content, [:], requestID: GetuiRequestBuilder.requestID(for: message, targets: groups.flatMap(\.targets)))
            let (created, attempts) = await loop.attempt(
                build: Self.authorized(auth) { builder.request("/push/list/message", body: message, token: $0) },
                interpret: GetuiResponseReader.taskID)
            let taskID: String
            switch created {
            case .success(let id): taskID = id
            case .failure(.rejected(let rejection)), .failure(.failed(let rejection)):
                // No task: no list push is sent. Credentials refused: rejected (the send stopped), else failed.
                let outcome: PushSendResult.Outcome = rejection.stopsTheSend ? .rejected(rejection) : .failed(rejection)
                for group in groups {
                    for target in group.targets { report(PushSendResult(target: target, outcome: outcome, attempts: attempts)) }
                }
                return
            }
            let stop = SendStop()
            await forEachConcurrently(groups, limit: options.maxConcurrentRequests) { group in
                if let skipped = stop.skipped(group.targets) {
                    skipped.forEach(report)
                    return
                }
                let body = Self.list(group.audience, taskID: taskID)
                let results = await loop.run(
                    targets: group.targets, build: Self.authorized(auth) { builder.request(path, body: body, token: $0) },
                    interpret: { GetuiResponseReader.verdict($0, targets: group.targets) })
                stop.note(results)
                results.forEach(report)
            }
        }
    }

    /// A request builder that takes the current token, or a new one after a 10001.
    private static func authorized(_ auth: GetuiAuthToken, _ make: @escaping @Sendable (String) -> PushHTTPRequest)
        -> @Sendable (Bool) async throws(PushError) -> PushHTTPRequest
    {
        let lastToken = Locked<String?>(nil)
        return { refresh throws(PushError) in
            let token = try await auth.token(replacing: refresh ? lastToken.withLock { $0 } : nil)
            lastToken.withLock { $0 = token }
            return make(token)
        }
    }

    /// A push body: a new `request_id`, the message's content and `extra` (the audience).
    private static func push(_ content: JSONObject, _ extra: JSONObject, requestID: String = GetuiRequestBuilder.newRequestID()) -> JSONObject {
        var body: JSONObject = ["request_id": .string(requestID)]
        for (key, value) in extra { body[key] = value }
        for (key, value) in content { body[key] = value }
        return body
    }

    /// A `/push/list/*` body: the audience and the task, answered at once (`is_async: false`).
    private static func list(_ audience: JSONValue, taskID: String) -> JSONObject {
        ["audience": audience, "taskid": .string(taskID), "is_async": false]
    }
}

/// Which of Getui's push APIs an audience takes.
enum GetuiRoute {
    /// One request to `path` with the audience in `body`.
    case single(path: String, body: JSONObject, target: PushTarget)
    /// A task (`/push/list/message`), then `path` for each group of at most 1,000 IDs.
    case list(path: String, groups: [(audience: JSONValue, targets: [PushTarget])])

    /// How the answer of a push to `path` carries its task ID: `/push/tag` and `/push/all` in
    /// `data.taskid`, the others as the key of `data`.
    static func answerShape(_ path: String) -> GetuiResponseReader.AnswerShape {
        ["/push/tag", "/push/all"].contains(path) ? .taskIDField : .statusesByTask
    }

    init(_ audience: PushAudience) throws(PushError) {
        func ids(_ ids: [SecretText], key: String, kind: PushTarget.Kind) throws(PushError) -> GetuiRoute {
            guard !ids.isEmpty else { throw PushError(.invalidPayload, field: "audience", "is empty: expected at least one \(kind.rawValue)") }
            if let index = ids.firstIndex(where: \.isEmpty) { throw PushError(.invalidPayload, field: "audience[\(index)]", "is empty") }
            if ids.count == 1 {
                return .single(
                    path: "/push/single/\(key)", body: ["audience": [key: [.string(ids[0].revealed)]]], target: PushTarget(kind: kind, id: ids[0]))
            }
            let size = GetuiRequestBuilder.maxIDsPerListPush
            return .list(
                path: "/push/list/\(key)",
                groups: stride(from: 0, to: ids.count, by: size).map { start in
                    let slice = ids[start..<min(start + size, ids.count)]
                    return ([key: .array(slice.map { .string($0.revealed) })], slice.map { PushTarget(kind: kind, id: $0) })
                })
        }
        switch audience {
        case .clientIDs(let list): self = try ids(list, key: "cid", kind: .clientID)
        case .aliases(let list): self = try ids(list, key: "alias", kind: .alias)
        case .tags(let tags):
            guard !tags.isEmpty else { throw PushError(.invalidPayload, field: "audience", "is empty: expected at least one tag") }
            // Getui's tag condition: key custom_tag, values, opt_type or (RestAPI V2 推送, /push/tag).
            let condition: JSONValue = ["key": "custom_tag", "values": .array(tags.map { .string($0) }), "opt_type": "or"]
            self = .single(path: "/push/tag", body: ["audience": ["tag": [condition]]], target: audience.targets[0])
        case .everyone: self = .single(path: "/push/all", body: ["audience": "all"], target: audience.targets[0])
        case .deviceTokens, .registrationIDs:
            throw PushError(.unsupported, field: "audience", "Getui addresses client IDs, aliases, tags or everyone, not \(audience.kind.rawValue)s")
        }
    }
}

extension GetuiSender {
    /// The sender without its credentials.
    public var description: String { "GetuiSender(appId: ••••)" }

    /// No credentials: the description alone.
    public var customMirror: Mirror { Mirror(self, children: ["sender": description], displayStyle: .struct) }
}
