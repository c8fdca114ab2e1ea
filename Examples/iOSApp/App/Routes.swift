import Combine
import PushBridge
import PushBridgeRouting

/// Where the app can go.
enum Screen: Hashable, Sendable {
    case inbox
    case comment(id: Int)
    case settings

    var title: String {
        switch self {
        case .inbox: "the inbox"
        case .comment(let id): "comment \(id)"
        case .settings: "settings"
        }
    }
}

/// The routes a notification may take: registered ones only, hostile deep links refused.
enum Routes {
    static let router: PushRouter<Screen> = {
        var router = PushRouter<Screen>(policy: RoutingPolicy(allowedHosts: ["app.example"]))
        router.route(key: "type", equals: "comment", parameters: ["id"]) { .comment(id: try $0.integer("id")) }
        router.route(path: "/comments/:id") { .comment(id: try $0.integer("id")) }
        router.fallback { _ in .inbox }
        return router
    }()
}

/// The screen shown, and a destructive destination waiting for the user's yes.
@MainActor
final class Navigation: ObservableObject {
    @Published var screen: Screen = .inbox
    @Published var pendingConfirmation: Screen?

    /// Goes where the router decided; a reply typed in the notification is sent first.
    func open(_ decision: PushRouter<Screen>.Decision, reply: String?) {
        for diagnostic in decision.diagnostics { print("route refused: \(diagnostic)") }
        if let reply { Task { await Server.sendReply(reply) } }
        switch decision.outcome {
        case .navigate(let screen): self.screen = screen
        case .confirm(let screen): pendingConfirmation = screen
        case .none: break
        }
    }

    /// The user said yes to the pending destination.
    func confirm() {
        if let pendingConfirmation { screen = pendingConfirmation }
        pendingConfirmation = nil
    }
}
