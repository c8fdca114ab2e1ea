import PushBridge
import PushBridgeModel

/// What a simulated device remembers between your actions: the app's process, the notifications
/// on screen, what iOS holds for the app's next launch, and what the app has seen. Kept under the
/// device's lock; only ``SimulatedDevice`` reads or writes it.
extension SimulatedDevice {
    struct Process {
        var client: PushClient
        var session: any ProviderSimulationSession
        /// The process's `UNUserNotificationCenter`: its one delegate, taken as the app arranged.
        var center: SimulatedNotificationCenter
        /// Whether iOS and the SDK have answered the registration the app's start asked for.
        var registrationAnswered = false
    }

    struct Displayed {
        var scenario: DispatchScenario
        var display: NotificationDisplay
        /// What iOS hands the app's callbacks for this delivery: a tap carries the same request
        /// identifier as its `willPresent`.
        var handover: DeliveryHandover
    }

    struct DeviceState {
        var appState: ArrivalState = .notRunning
        var process: Process?
        var displayed: [Int: Displayed] = [:]
        var heldMessages: [(ChannelDelivery, JSONObject)] = []
        /// The newest background push iOS held (Background App Refresh off, Low Power Mode) for
        /// the app's next launch: "the system holds only the newest" (Apple, "Pushing background
        /// updates to your App").
        var heldBackgroundPush: DeliveryHandover?
        var nextNumber = 1
        var calls: [TraceCall] = []
        var launches = 0
        /// Whether the process's UI has come up: not after a launch into the background (a scene
        /// app's scene connects when the app first comes on screen).
        var sceneConnected = false
        /// For each 4 and 5 iOS made, how often its completion handler ran.
        var systemCompletions: [Int] = []
        /// The push app's event loops, one per launch.
        var eventLoops: [Task<Void, Never>] = []
        /// Foreground notifications whose `willPresentNotification` answer had not come when
        /// `deliver` returned: their scenario and the answer to come.
        var pendingAnswers: [Int: (DispatchScenario, PresentationAnswer)] = [:]
    }
}
