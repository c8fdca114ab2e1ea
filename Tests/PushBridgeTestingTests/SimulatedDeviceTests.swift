import PushBridge
import PushBridgeTesting
import Testing

/// The simulated device: the events a real app would get, across launches and app states.
@Suite struct SimulatedDeviceTests {
    static let comment: JSONObject = ["aps": ["alert": "New comment"], "type": "comment", "id": "7"]

    /// The events of the app's current process, collected by terminating it.
    private func eventsOfCurrentProcess(_ device: SimulatedDevice) async throws -> [PushEvent] {
        let stream = try #require(device.client).events()
        device.terminate()
        return await stream.collected()
    }

    @Test(arguments: [IOSVersion(9, 3, 2), IOSVersion(12, 3, 1), IOSVersion(17)])
    func aColdStartTapIsOneOpenedEvent(ios: IOSVersion) async throws {
        let device = SimulatedDevice(ios: ios, app: SimulatedApp())
        let note = try device.deliver(.remote(Self.comment, id: "c-1"))
        #expect(device.client == nil)
        #expect(note.display == .banner)
        #expect(try device.tap(note))
        #expect(device.appState == .foreground)
        #expect(device.launchCount == 1)
        let events = try await eventsOfCurrentProcess(device)
        #expect(events.map(\.kind) == [.opened])
        #expect(events.first?.origin == .coldStart)
    }

    @Test func anOldAppImplementingOnlyMethod2StillGetsTheColdStartTap() async throws {
        let device = SimulatedDevice(ios: IOSVersion(9, 3, 2), app: SimulatedApp(implements: [.didReceiveRemoteNotification]))
        try device.tap(device.deliver(.remote(Self.comment)))
        #expect(device.calls.map(\.method) == [SystemCallback.didFinishLaunching.rawValue])
        let events = try await eventsOfCurrentProcess(device)
        #expect(events.map(\.kind) == [.opened])
        #expect(events.first?.origin == .coldStart)
    }

    @Test func aSilentPushLaunchesIntoTheBackgroundAndALaterTapIsNotAColdStart() async throws {
        let device = SimulatedDevice(ios: IOSVersion(12), app: SimulatedApp())
        let note = try device.deliver(.remote(["aps": ["alert": "sync", "content-available": 1]], id: "s-1"))
        #expect(device.appState == .background)
        try device.tap(note)
        let events = try await eventsOfCurrentProcess(device)
        #expect(events.map(\.kind) == [.received, .opened])
        #expect(events.map(\.origin) == [.background, .background])
    }

    @Test func aKilledAppLosesNothingTheUserTapsLater() async throws {
        let device = SimulatedDevice(ios: IOSVersion(12), app: SimulatedApp())
        device.openFromIcon()
        device.sendToBackground()
        let note = try device.deliver(.remote(Self.comment, id: "k-1"))
        device.terminate()
        try device.tap(note)
        #expect(device.launchCount == 2)
        let events = try await eventsOfCurrentProcess(device)
        #expect(events.map(\.kind) == [.opened])
        #expect(events.first?.origin == .coldStart)
    }

    @Test func foregroundDeliveryThenTap() async throws {
        let device = SimulatedDevice(ios: IOSVersion(10, 2), app: SimulatedApp(presentation: [.alert]))
        device.openFromIcon()
        let note = try device.deliver(.remote(["aps": ["alert": "hi", "content-available": 1]], id: "f-1"))
        #expect(note.display == .banner)
        try device.tap(note)
        let methods = device.calls.map { SystemCallback(rawValue: $0.method)?.seedLabel ?? $0.method }
        #expect(methods == ["1", "3", "4", "5"])
        let events = try await eventsOfCurrentProcess(device)
        #expect(events.map(\.kind) == [.received, .opened])
        #expect(events.map(\.origin) == [.foreground, .foreground])
    }

    @Test func actionsAndDismissals() async throws {
        let device = SimulatedDevice(ios: IOSVersion(14), app: SimulatedApp(customDismissAction: true))
        let reply = try device.deliver(.remote(Self.comment, id: "a-1"))
        #expect(try device.press(action: "like", foreground: false, on: reply))
        #expect(device.appState == .background)
        let gone = try device.deliver(.remote(Self.comment, id: "a-2"))
        #expect(try device.dismiss(gone))
        let events = try await eventsOfCurrentProcess(device)
        #expect(events.map(\.kind) == [.opened, .dismissed])
        if case .opened(let open) = events.first { #expect(open.action == .custom("like")) }
        #expect(throws: PushError.self) { try device.tap(gone) }
    }

    @Test func onLaunchRunsForEveryProcessBeforeAnyCallback() async throws {
        let launches = Locked(0)
        let device = SimulatedDevice(ios: IOSVersion(15), app: SimulatedApp()) { client in
            launches.withLock { $0 += 1 }
            client.setPresentationHandler { _ in [] }
        }
        device.openFromIcon()
        device.forceQuit()
        #expect(device.appState == .forceQuit)
        let note = try device.deliver(.remote(["aps": ["content-available": 1]]))
        #expect(note.display == .none)
        #expect(device.client == nil)  // iOS does not launch a force-quit app for a push
        device.openFromIcon()
        #expect(launches.withLock { $0 } == 2)
    }
}
