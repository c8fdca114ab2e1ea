import PushBridge
import PushBridgeRouting

/// Where the example app can go.
public enum Screen: Sendable, Hashable {
    /// A post's comment thread.
    case comment(id: Int)
    /// The inbox: where a notification with no route leads.
    case inbox
}

/// The example app's routes: `type == "comment"` with an `id`, or
/// `https://comments.example/comments/:id`; anything else goes to the inbox.
public enum CommentsRoutes {
    /// The router the app uses.
    public static var router: PushRouter<Screen> {
        var router = PushRouter<Screen>(policy: RoutingPolicy(allowedSchemes: ["https"], allowedHosts: ["comments.example"]))
        router.route(key: "type", equals: "comment", parameters: ["id"]) { (parameters) throws(RoutingDiagnostic) in
            .comment(id: try parameters.integer("id"))
        }
        router.route(path: "/comments/:id") { (parameters) throws(RoutingDiagnostic) in .comment(id: try parameters.integer("id")) }
        router.fallback { _ in .inbox }
        return router
    }
}
