import PushBridge
import PushBridgeAPNs
import PushBridgeGetui
import PushBridgeJPush
import PushBridgeRouting

// The README's app ("With foreground presentation, routing …"), word for word: its push code is a
// `PushApp` free of UIKit, which the app's `PushAppDelegate` runs on a device
// (`override func makePushApp() -> any PushApp { CommentsPush() }`) and `SimulatedDevice` runs
// here, on Linux, unchanged. `FrontDoorTests` fails if the two copies differ.

// README: begin
enum Screen: Hashable {
    case comment(id: Int)
    case inbox
}

final class CommentsPush: PushApp {  // no UIKit: SimulatedDevice runs it, unchanged, on Linux
    private(set) var screens: [Screen] = []  // where the user was taken
    private(set) var sentToServer: [String] = []  // the device's push identifier, for the app's server
    private(set) var pushOff: PushError?  // why push is off, for the settings screen
    let router: PushRouter<Screen> = {
        var router = PushRouter<Screen>(policy: RoutingPolicy(allowedHosts: ["app.example"]))
        router.route(key: "type", equals: "comment", parameters: ["id"]) { .comment(id: try $0.integer("id")) }
        router.route(path: "/comments/:id") { .comment(id: try $0.integer("id")) }
        router.fallback { _ in .inbox }
        return router
    }()
    var pushAdapters: [PushAdapter] { [.apns, .jpush, .getui] }  // push.json picks one
    var privacyConsent: PrivacyConsent { .granted }  // once the user accepted the privacy policy
    func presentation(for notification: PushNotification) -> PresentationOptions {  // in the foreground
        notification.payload["type"] == "comment" ? [.banner, .list, .sound] : [.list]
    }
    func handle(_ event: PushEvent) {
        switch event {
        case .opened(let opened):
            if case .navigate(let screen) = router.resolve(opened.notification).outcome { screens.append(screen) }
        case .registered(let registration): sentToServer.append(registration.identifier.revealed)
        case .registrationFailed(let failure): pushOff = failure.error
        default: break
        }
    }
}
// README: end
