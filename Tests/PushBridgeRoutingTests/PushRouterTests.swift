import PushBridge
import PushBridgeRouting
import Testing

/// The router: registered routes only, typed parameters, a fallback, and hostile payloads refused
/// with a diagnostic each.
@Suite struct PushRouterTests {
    enum Screen: Sendable, Equatable {
        case comment(id: Int)
        case profile(name: String)
        case inbox
        case deleteAccount
    }

    static var router: PushRouter<Screen> {
        var router = PushRouter<Screen>(
            policy: RoutingPolicy(allowedSchemes: ["https", "myapp", "javascript"], allowedHosts: ["App.Example."], maxValueLength: 200))
        router.route(key: "type", equals: "commentpass", parameters: ["id"]) { (parameters) throws(RoutingDiagnostic) in
            .comment(id: try parameters.integer("id"))
        }
        router.route(path: "/comments/:id") { (parameters) throws(RoutingDiagnostic) in .comment(id: try parameters.integer("id")) }
        router.route(path: "/users/:name") { (parameters) throws(RoutingDiagnostic) in .profile(name: try parameters.string("name")) }
        router.route(path: "/account/delete", effect: .destructive) { _ in .deleteAccount }
        router.fallback { _ in .inbox }
        return router
    }

    private func resolve(_ custom: JSONObject) throws -> PushRouter<Screen>.Decision {
        var payload = custom
        payload["aps"] = ["alert": "hi"]
        return Self.router.resolve(try PushNotification(payload: payload, identifier: "r"))
    }

    private func destination(_ decision: PushRouter<Screen>.Decision) -> Screen? {
        if case .navigate(let screen) = decision.outcome { return screen }
        return nil
    }

    @Test(arguments: [
        (["type": "commentpass", "id": "42"] as JSONObject, Screen.comment(id: 42)),
        (["type": "commentpass", "id": 7] as JSONObject, Screen.comment(id: 7)),
        (["url": "https://app.example/comments/9"] as JSONObject, Screen.comment(id: 9)),
        (["url": "HTTPS://APP.EXAMPLE./comments/9?ref=push#top"] as JSONObject, Screen.comment(id: 9)),
        (["link": "myapp://app.example/users/%E5%BC%A0%E4%B8%89"] as JSONObject, Screen.profile(name: "张三")),
        (["url": "https://app.example/users/a%20b"] as JSONObject, Screen.profile(name: "a b")),
        ([:] as JSONObject, Screen.inbox),
    ])
    func registeredRoutesLeadWhereTheyShould(custom: JSONObject, expected: Screen) throws {
        let decision = try resolve(custom)
        #expect(destination(decision) == expected)
        if custom.isEmpty { #expect(decision.diagnostics.map(\.code) == [.unregisteredRoute]) } else { #expect(decision.diagnostics.isEmpty) }
    }

    /// Hostile deep links: each is refused with its diagnostic and leads nowhere, not even to the
    /// fallback; a link to an allowed host that no route knows, or whose parameter the route
    /// rejects, still leads to the fallback.
    static let hostile: [(url: String, code: RoutingDiagnostic.Code)] = [
        ("javascript:alert(1)", .disallowedScheme),
        ("JavaScript://app.example/comments/1", .disallowedScheme),
        ("data:text/html;base64,PHNjcmlwdD4=", .disallowedScheme),
        ("file:///etc/passwd", .disallowedScheme),
        ("http://app.example/comments/1", .disallowedScheme),
        ("https://app.example@evil.example/comments/1", .userInfoInURL),
        ("https://evil.example#@app.example/comments/1", .disallowedHost),
        ("https://user:pass@app.example/comments/1", .userInfoInURL),
        ("https://evil.example/comments/1", .disallowedHost),
        ("https://app.example.evil.example/comments/1", .disallowedHost),
        ("https://evilapp.example/comments/1", .disallowedHost),
        ("https://app.example:8443/comments/1", .portInURL),
        ("https://%61pp.example/comments/1", .disallowedHost),
        ("https://аpp.example/comments/1", .disallowedHost),  // Cyrillic а
        ("https://app.example/comments/../account/delete", .pathTraversal),
        ("https://app.example/comments/%2e%2e/account/delete", .pathTraversal),
        ("https://app.example/comments/%2E%2E", .pathTraversal),
        ("https://app.example/comments/%252e%252e", .pathTraversal),
        ("https://app.example/users/a%2fb", .pathTraversal),
        ("https://app.example\\@evil.example/comments/1", .malformedURL),
        ("https://app.example/users/a\u{200B}b", .invisibleCharacter),
        ("https://app.example/users/%E2%80%8Badmin", .invisibleCharacter),
        ("https://app.example/users/\u{202E}nimda", .invisibleCharacter),
        ("https://app.example/users/x?next=%E2%81%A6evil", .invisibleCharacter),
        ("https://app.example/users/\u{0007}", .invisibleCharacter),
        ("https://app.example/users/" + String(repeating: "a", count: 300), .tooLong),
        ("https://app.example/users/%zz", .malformedURL),
        ("https://app.example/users/%FF", .malformedURL),
        ("app.example/comments/1", .malformedURL),
        ("https:app.example/comments/1", .malformedURL),
        ("https://app.example/settings/secret", .unregisteredRoute),
        ("https://app.example/comments/abc", .invalidParameter),
    ]

    @Test(arguments: hostile)
    func hostileDeepLinksAreRefusedWithADiagnostic(url: String, code: RoutingDiagnostic.Code) throws {
        let decision = try resolve(["url": .string(url)])
        #expect(decision.diagnostics.map(\.code) == [code], "\(decision.diagnostics)")
        #expect(decision.diagnostics.allSatisfy { $0.field.hasPrefix("url") })
        if code.isRefusal {
            #expect(isNowhere(decision), "navigated after refusing \(url): \(decision.outcome)")
        } else {
            #expect(destination(decision) == .inbox)
        }
    }

    private func isNowhere(_ decision: PushRouter<Screen>.Decision) -> Bool {
        if case .none = decision.outcome { return true }
        return false
    }

    /// The six hostile links of issue 43's newcomer review (each refused, and the user still
    /// landed on the fallback): now the decision goes nowhere, even with a key route that would
    /// match in the same payload, and with the link under either URL key.
    static let reviewedHostileLinks: [(kind: String, url: String, code: RoutingDiagnostic.Code)] = [
        ("javascript:", "javascript:alert(document.cookie)", .disallowedScheme),
        ("foreign host", "https://evil.example/comments/1", .disallowedHost),
        ("look-alike subdomain", "https://app.example.evil.example/comments/1", .disallowedHost),
        ("user-info", "https://app.example@evil.example/comments/1", .userInfoInURL),
        ("http", "http://app.example/comments/1", .disallowedScheme),
        ("U+202E", "https://app.example/users/\u{202E}nimda", .invisibleCharacter),
    ]

    @Test(arguments: reviewedHostileLinks, ["url", "link"])
    func aRefusedLinkNeverNavigates(link: (kind: String, url: String, code: RoutingDiagnostic.Code), key: String) throws {
        for custom: JSONObject in [[key: .string(link.url)], [key: .string(link.url), "type": "commentpass", "id": "1"]] {
            let decision = try resolve(custom)
            #expect(isNowhere(decision), "\(link.kind) under \(key) navigated: \(decision.outcome)")
            #expect(decision.diagnostics.map(\.code) == [link.code], "\(link.kind): \(decision.diagnostics)")
            #expect(decision.diagnostics.first?.field == key)
        }
    }

    @Test(arguments: ["4\u{2066}2", String(repeating: "9", count: 201)])
    func aRefusedKeyRouteParameterNeverNavigates(id: String) throws {
        let decision = try resolve(["type": "commentpass", "id": .string(id)])
        #expect(isNowhere(decision), "navigated: \(decision.outcome)")
        #expect(decision.diagnostics.map(\.code.isRefusal) == [true])
    }

    @Test func aRefusalThrownByARouteEndsTheDecisionToo() throws {
        var router = PushRouter<Screen>(policy: RoutingPolicy(allowedHosts: ["app.example"]))
        router.route(path: "/users/:name") { (_) throws(RoutingDiagnostic) -> Screen in
            throw RoutingDiagnostic(.disallowedHost, field: "name", "names another site")
        }
        router.route(key: "type", equals: "profile") { (_) throws(RoutingDiagnostic) -> Screen in
            throw RoutingDiagnostic(.invisibleCharacter, field: "name", "hides a character")
        }
        router.route(key: "type", equals: "profile") { _ in .inbox }
        router.fallback { _ in .inbox }
        for custom: JSONObject in [["url": "https://app.example/users/x", "type": "profile"], ["type": "profile"]] {
            var payload = custom
            payload["aps"] = ["alert": "hi"]
            let decision = router.resolve(try PushNotification(payload: payload, identifier: "r"))
            #expect(isNowhere(decision), "navigated: \(decision.outcome)")
            #expect(decision.diagnostics.count == 1)
        }
    }

    @Test func onlyUnregisteredRoutesAndInvalidParametersAreNotRefusals() {
        let notRefusals = RoutingDiagnostic.Code.allCases.filter { !$0.isRefusal }
        #expect(notRefusals == [.unregisteredRoute, .invalidParameter])
    }

    @Test func aDestructiveRouteAsksForConfirmation() throws {
        let decision = try resolve(["url": "https://app.example/account/delete"])
        guard case .confirm(let screen) = decision.outcome else {
            Issue.record("expected confirm, got \(decision.outcome)")
            return
        }
        #expect(screen == .deleteAccount)
    }

    @Test(arguments: [
        (["type": "commentpass", "id": "x"] as JSONObject, RoutingDiagnostic.Code.invalidParameter, "id"),
        (["type": "commentpass"] as JSONObject, .invalidParameter, "id"),
        (["type": "commentpass", "id": ["nested": 1]] as JSONObject, .invalidParameter, "id"),
        (["url": 42] as JSONObject, .invalidParameter, "url"),
        (["type": "unknown"] as JSONObject, .unregisteredRoute, "payload"),
    ])
    func badKeyRouteValuesAreDiagnosed(custom: JSONObject, code: RoutingDiagnostic.Code, field: String) throws {
        let decision = try resolve(custom)
        #expect(decision.diagnostics.map(\.code) == [code])
        #expect(decision.diagnostics.first?.field == field)
        #expect(destination(decision) == .inbox)
    }

    @Test func withoutAFallbackNothingIsTheOutcome() throws {
        var router = PushRouter<Screen>(policy: RoutingPolicy(allowedHosts: ["app.example"]))
        router.route(path: "/comments/:id") { (parameters) throws(RoutingDiagnostic) in .comment(id: try parameters.integer("id")) }
        let note = try PushNotification(payload: ["aps": ["alert": "x"], "url": "javascript:alert(1)"])
        let decision = router.resolve(note)
        guard case .none = decision.outcome else {
            Issue.record("expected none")
            return
        }
        #expect(decision.diagnostics.map(\.code) == [.disallowedScheme])
    }

    @Test func theForbiddenSchemesCannotBeAllowed() {
        let policy = RoutingPolicy(allowedSchemes: ["JavaScript", "DATA", "file", "https"], allowedHosts: ["a.example"])
        #expect(policy.allowedSchemes == ["https"])
    }
}
