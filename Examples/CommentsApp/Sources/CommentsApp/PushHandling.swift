import Foundation
import PushBridge

/// The example app's push handling: what a real app writes instead of AppDelegate glue.
///
/// At launch it subscribes to the client's events (the cold-start tap arrives through the same
/// stream), routes every opened notification, and shows an in-app banner for what arrives while
/// the app is on screen — a foreground notification or a provider message.
public final class PushHandling: Sendable {
    private struct State {
        var navigations: [Screen] = []
        var banners: [String] = []
        var listeners: [Task<Void, Never>] = []
    }

    private let state = Locked(State())
    private let router = CommentsRoutes.router

    /// A handler that has seen nothing yet.
    public init() {}

    /// The screens the app navigated to, in order.
    public var navigations: [Screen] { state.withLock { $0.navigations } }
    /// The in-app banners the app showed (their notification or message identities), in order.
    public var banners: [String] { state.withLock { $0.banners } }

    /// Called at launch with the app's client: listens to its events until the process ends.
    public func launched(with client: PushClient) {
        let stream = client.events()
        let listener = Task { [self] in
            for await event in stream { handle(event) }
        }
        state.withLock { $0.listeners.append(listener) }
    }

    /// Waits until every listener has ended (the simulated app was terminated).
    public func finished() async {
        for listener in state.withLock({ $0.listeners }) { await listener.value }
    }

    /// What the app does with one event.
    public func handle(_ event: PushEvent) {
        switch event {
        case .opened(let open):
            guard case .navigate(let screen) = router.resolve(open.notification).outcome else { return }
            state.withLock { $0.navigations.append(screen) }
        case .received(let arrival) where arrival.origin == .foreground:
            state.withLock { $0.banners.append(arrival.notification.id) }
        case .message(let message):
            state.withLock { $0.banners.append(message.id) }
        default:
            break
        }
    }
}

/// A value behind a lock (the example keeps its own, as an app would).
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
