import PushBridge
import PushBridgeProviderKit
import PushBridgeTesting

/// A mock SDK and a provider on it, feeding a real client through an ``AdapterRecorder``: what the
/// adapter hands the client, in order, and the events the client makes of it.
///
/// Shared by the JPush and Getui tests, which name theirs (`JPushHarness`, `GetuiHarness`) and
/// add what is the vendor's — its settings, its mock and how the app answers — in an extension.
package final class AdapterHarness<Bridge: Sendable, Provider: PushProvider>: Sendable {
    /// One thing the adapter handed the client.
    package typealias Entry = AdapterRecorder.Entry

    /// The mock SDK.
    package let bridge: Bridge
    /// The provider on it.
    package let provider: Provider
    /// Time, for the provider and the mock.
    package let scheduler = ManualScheduler()
    /// The stand-in for the main thread, which the mock checks the SDK's main-thread calls against.
    package let sdkThread = SDKThread.serialQueue()
    private let appState: Locked<ApplicationState>
    /// What the adapter handed the client, and the client's events.
    package let recorder: AdapterRecorder

    /// A harness whose application state is `state`, on the mock and the provider `make` builds
    /// with the harness's scheduler, SDK thread and application state. The sink completes every
    /// completion handler at once with its default unless `answersAtOnce` is false. The user
    /// accepted the privacy policy (`consent`, then `afterConsent` runs on the mock) unless
    /// `consent` is `nil`.
    package init(
        state: ApplicationState, answersAtOnce: Bool, consent: PrivacyConsent?,
        make: (ManualScheduler, SDKThread, @escaping @Sendable () -> ApplicationState) -> (Bridge, Provider),
        afterConsent: (Bridge) -> Void = { _ in }
    ) {
        let appState = Locked(state)
        self.appState = appState
        (bridge, provider) = make(scheduler, sdkThread, { appState.withLock { $0 } })
        recorder = AdapterRecorder(provider: provider, scheduler: scheduler, answersAtOnce: answersAtOnce)
        if let consent {
            try? (provider as? any ConsentGatedProvider)?.setPrivacyConsent(consent)
            afterConsent(bridge)
        }
    }

    /// The application state during the next callbacks.
    package var state: ApplicationState {
        get { appState.withLock { $0 } }
        set { appState.withLock { $0 = newValue } }
    }

    /// What the adapter handed the client, in order.
    package var entries: [Entry] { recorder.entries }

    /// The invocations the adapter handed the client, in order.
    package var invocations: [CallbackInvocation] { recorder.invocations }

    /// The messages the adapter delivered, in order.
    package var messages: [PushEvent.Message] { recorder.messages }

    /// The events the client made of everything so far (pending decisions settled).
    package var events: [PushEvent] { recorder.events }
}
