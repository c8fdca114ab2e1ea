import PushBridge

/// Turns a notification into a destination in the app — the job hand-written AppDelegate code
/// does with `if ([type isEqualToString:@"commentpass"])` — with security built in.
///
/// Routes are registered by payload key and value (`type == "comment"`) or by deep-link path
/// (`/comments/:id` under an allowed scheme and host). Only registered routes are followed; every
/// value read from the payload is checked (``RoutingPolicy``, `DeepLink`); a route marked
/// ``Effect/destructive`` is never taken straight from a payload — the decision asks the app
/// to confirm with the user first. Every rejection is a ``RoutingDiagnostic`` in the decision.
///
/// The router reads the notification's `customKeys` (the keys beside `aps`): a deep link from
/// the first of ``RoutingPolicy/urlKeys`` (`url`, then `link`, by default) that is present, and
/// for ``route(key:equals:parameters:effect:_:)`` the key it names and the keys in its
/// `parameters`. A refused value — a link or a parameter the policy rejects
/// (``RoutingDiagnostic/Code/isRefusal``) — ends the decision with ``Outcome/none``: no other
/// route and no fallback is taken after it, so a hostile payload never moves the user.
///
/// ```swift
/// enum Screen: Sendable { case comment(id: Int), inbox, deleteAccount }
///
/// var router = PushRouter<Screen>(policy: RoutingPolicy(allowedSchemes: ["https", "myapp"], allowedHosts: ["app.example"]))
/// router.route(key: "type", equals: "comment", parameters: ["id"]) { try .comment(id: $0.integer("id")) }
/// router.route(path: "/comments/:id") { try .comment(id: $0.integer("id")) }
/// router.route(path: "/account/delete", effect: .destructive) { _ in .deleteAccount }
/// router.fallback { _ in .inbox }
///
/// let decision = router.resolve(open.notification)
/// if case .navigate(let screen) = decision.outcome { show(screen) }
/// for problem in decision.diagnostics { log.warning("\(problem)") }
/// ```
public struct PushRouter<Destination: Sendable>: Sendable {
    /// Makes a destination from a matched route's parameters; throws a ``RoutingDiagnostic``
    /// when a parameter is missing or malformed (any other error is reported as one). (Untyped
    /// `throws`: typed-throws function types need a newer runtime than iOS 13.)
    public typealias Make = @Sendable (Parameters) throws -> Destination

    private struct KeyRoute: Sendable {
        var key: String
        var value: String
        var parameters: [String]
        var effect: Effect
        var make: Make
    }

    private struct PathRoute: Sendable {
        var pattern: [String]
        var effect: Effect
        var make: Make
    }

    /// What the router accepts.
    public let policy: RoutingPolicy
    private var keyRoutes: [KeyRoute] = []
    private var pathRoutes: [PathRoute] = []
    private var fallbackRoute: (@Sendable (PushNotification) -> Destination?)?

    /// A router with no routes yet.
    public init(policy: RoutingPolicy) {
        self.policy = policy
    }

    /// Routes notifications whose payload key `key` (a key beside `aps`) is the string `value`;
    /// `parameters` names the other payload keys beside `aps` the destination reads, each a
    /// string or an integer (read as text). A parameter the policy refuses (too long, an
    /// invisible character) ends the decision with ``Outcome/none``.
    public mutating func route(
        key: String, equals value: String, parameters: [String] = [], effect: Effect = .navigation, _ make: @escaping Make
    ) {
        keyRoutes.append(KeyRoute(key: key, value: value, parameters: parameters, effect: effect, make: make))
    }

    /// Routes deep links whose path matches `pattern`: literal segments and `:name` captures
    /// (`/comments/:id`). Query items are parameters too.
    public mutating func route(path pattern: String, effect: Effect = .navigation, _ make: @escaping Make) {
        let segments = pattern.split(separator: "/").map(String.init)
        pathRoutes.append(PathRoute(pattern: segments, effect: effect, make: make))
    }

    /// The destination when no route matches and nothing was refused: never after a refused
    /// link or parameter (``RoutingDiagnostic/Code/isRefusal``), whose decision is
    /// ``Outcome/none``. A link to an allowed host with no registered path, or a route whose
    /// parameters the destination rejects (``RoutingDiagnostic/Code/invalidParameter``), still
    /// leads here.
    public mutating func fallback(_ make: @escaping @Sendable (PushNotification) -> Destination?) {
        fallbackRoute = make
    }

    /// Decides where `notification` leads: a deep link first (if the payload has one), then
    /// key routes, then the fallback — unless something was refused on the way, which makes the
    /// outcome ``Outcome/none``. Never throws, never traps.
    public func resolve(_ notification: PushNotification) -> Decision {
        var diagnostics: [RoutingDiagnostic] = []
        let payload = notification.customKeys

        for key in policy.urlKeys {
            guard let value = payload[key] else { continue }
            guard case .string(let text) = value else {
                diagnostics.append(RoutingDiagnostic(.invalidParameter, field: key, "is \(value.typeDescription), expected a URL string"))
                continue
            }
            switch DeepLink.parse(text, field: key, policy: policy) {
            case .failure(let problem):
                // A refused link ends the decision: no key route, no fallback.
                return Decision(outcome: .none, diagnostics: diagnostics + [problem])
            case .success(let link):
                if let outcome = match(link, field: key, diagnostics: &diagnostics) {
                    return Decision(outcome: outcome, diagnostics: diagnostics)
                }
                // A route's own refusal (its `make` threw one) ends the decision as well.
                if diagnostics.contains(where: \.code.isRefusal) { return Decision(outcome: .none, diagnostics: diagnostics) }
            }
            break  // only the first deep link present is considered
        }

        for route in keyRoutes {
            guard case .string(let found) = payload[route.key], found == route.value else { continue }
            var values: [String: String] = [:]
            var rejected = false
            for name in route.parameters {
                switch payload[name] {
                case nil: continue
                case .string(let text): values[name] = text
                case .integer(let number): values[name] = String(number)
                case .some(let other):
                    diagnostics.append(
                        RoutingDiagnostic(.invalidParameter, field: name, "is \(other.typeDescription), expected a string or an integer"))
                    rejected = true
                    continue
                }
                if let text = values[name], let problem = RoutingText.check(text, field: name, policy: policy) {
                    return Decision(outcome: .none, diagnostics: diagnostics + [problem])
                }
            }
            guard !rejected else { continue }
            do {
                let destination = try route.make(Parameters(values))
                return Decision(outcome: route.effect.outcome(destination), diagnostics: diagnostics)
            } catch {
                let problem = Self.diagnostic(error, field: route.key)
                guard !problem.code.isRefusal else { return Decision(outcome: .none, diagnostics: diagnostics + [problem]) }
                diagnostics.append(problem)
            }
        }

        if keyRoutes.isEmpty == false || pathRoutes.isEmpty == false, diagnostics.isEmpty {
            diagnostics.append(RoutingDiagnostic(.unregisteredRoute, field: "payload", "no registered route matches"))
        }
        if let destination = fallbackRoute?(notification) {
            return Decision(outcome: .navigate(destination), diagnostics: diagnostics)
        }
        return Decision(outcome: .none, diagnostics: diagnostics)
    }

    /// The diagnostic a route's error stands for.
    private static func diagnostic(_ error: any Error, field: String) -> RoutingDiagnostic {
        (error as? RoutingDiagnostic) ?? RoutingDiagnostic(.invalidParameter, field: field, "the route rejected its parameters: \(error)")
    }

    private func match(_ link: DeepLink, field: String, diagnostics: inout [RoutingDiagnostic]) -> Outcome? {
        for route in pathRoutes where route.pattern.count == link.pathSegments.count {
            var values = link.query
            var matched = true
            for (pattern, segment) in zip(route.pattern, link.pathSegments) {
                if pattern.hasPrefix(":") {
                    values[String(pattern.dropFirst())] = segment
                } else if pattern != segment {
                    matched = false
                    break
                }
            }
            guard matched else { continue }
            do {
                return route.effect.outcome(try route.make(Parameters(values)))
            } catch {
                // Name the parameter inside the link: `url.id`.
                let diagnostic = Self.diagnostic(error, field: "")
                diagnostics.append(RoutingDiagnostic(diagnostic.code, field: "\(field).\(diagnostic.field)", diagnostic.message))
                return nil
            }
        }
        diagnostics.append(
            RoutingDiagnostic(
                .unregisteredRoute, field: field, "no registered route for path /\(link.pathSegments.joined(separator: "/").prefix(64))"))
        return nil
    }
}

extension PushRouter {
    /// What following a route does.
    public enum Effect: Sendable, Hashable {
        /// Shows something: safe to follow straight from a payload.
        case navigation
        /// Changes or deletes something (sign out, delete, pay): the app must ask the user first.
        case destructive

        func outcome(_ destination: Destination) -> Outcome {
            self == .destructive ? .confirm(destination) : .navigate(destination)
        }
    }

    /// Where a notification leads.
    public enum Outcome: Sendable {
        /// Go there.
        case navigate(Destination)
        /// A destructive route: ask the user before going there.
        case confirm(Destination)
        /// Nowhere.
        case none
    }

    /// The router's answer: an outcome and every rejection made on the way.
    public struct Decision: Sendable {
        /// Where the notification leads.
        public var outcome: Outcome
        /// What was rejected, in order.
        public var diagnostics: [RoutingDiagnostic]
    }

    /// A matched route's parameters, read with their types.
    public struct Parameters: Sendable, Hashable {
        private let values: [String: String]

        /// Parameters from name–value pairs.
        public init(_ values: [String: String]) {
            self.values = values
        }

        /// The parameter as text, if present.
        public subscript(name: String) -> String? { values[name] }

        /// The parameter `name` as text; a diagnostic when missing.
        public func string(_ name: String) throws(RoutingDiagnostic) -> String {
            guard let value = values[name] else { throw RoutingDiagnostic(.invalidParameter, field: name, "missing") }
            return value
        }

        /// The parameter `name` as an integer; a diagnostic when missing or not an integer.
        public func integer(_ name: String) throws(RoutingDiagnostic) -> Int {
            let text = try string(name)
            // Through Int64, as the runtime and the adapters read integers: one copy of the parser.
            guard let number = Int64(text).flatMap({ Int(exactly: $0) }) else {
                throw RoutingDiagnostic(.invalidParameter, field: name, "is not an integer")
            }
            return number
        }
    }
}
