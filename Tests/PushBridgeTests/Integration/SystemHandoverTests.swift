import Foundation
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// The entry points the UIKit glue forwards to take what iOS hands over — Foundation
/// dictionaries and identifiers — and read each payload once: one that cannot be read is
/// reported, and its completion handler answered once with the default.
@Suite struct SystemHandoverTests {
    /// A client with its diagnostics recorded.
    static func client() -> (PushClient, Locked<[PushDiagnostic]>) {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        client.notificationCenterDelegateSet()
        let diagnostics = Locked<[PushDiagnostic]>([])
        client.setDiagnosticHandler { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
        return (client, diagnostics)
    }

    static func payload() -> [AnyHashable: Any] { ["aps": ["alert": "Hi"] as [String: Any], "id": 7] }

    @Test func theRemoteNotificationInTheLaunchOptionsIsTheColdStart() async throws {
        let (client, diagnostics) = Self.client()
        client.didFinishLaunching(launchOptions: [LaunchOptionsReader.remoteNotificationKey: Self.payload()], state: .inactive)
        client.applicationDidBecomeActive()
        let events = await client.events().first(1)
        #expect(events.map(\.kind) == [.opened])
        #expect(events.first?.origin == .coldStart)
        #expect(events.first?.notification?.payload["id"] == 7)
        #expect(diagnostics.withLock { $0.isEmpty })
    }

    @Test func aLocalNotificationKeyIsNotRead() async throws {
        let (client, diagnostics) = Self.client()
        // What UIKit puts there is a UILocalNotification, which has no JSON form.
        client.didFinishLaunching(launchOptions: ["UIApplicationLaunchOptionsLocalNotificationKey": NSObject()], state: .inactive)
        client.applicationDidBecomeActive()
        #expect(client.heldEventCount == 0)
        #expect(diagnostics.withLock { $0.isEmpty })
    }

    /// A payload that is a string, or holds a value with no JSON form.
    @Test(arguments: ["not a payload", "object"])
    func anUnreadableLaunchPayloadIsReportedAndTheLaunchStillHandled(kind: String) async throws {
        let (client, diagnostics) = Self.client()
        let value: Any = kind == "object" ? ["aps": NSObject()] as [String: Any] : kind
        client.didFinishLaunching(launchOptions: [LaunchOptionsReader.remoteNotificationKey: value], state: .inactive)
        let reported = diagnostics.withLock { $0 }
        #expect(reported.map(\.code) == [.unreadablePayload])
        #expect(reported.first?.message.contains(SystemCallback.didFinishLaunching.rawValue) == true)
        // The launch was handled: a response right after it is the cold start's.
        let note = try PushNotification(userInfo: Self.payload(), identifier: "r1")
        client.callbacks.handle(CallbackInvocation(callback: .didReceiveResponse, state: .inactive, action: .default, notification: note))
        #expect(client.heldEventCount == 1)
        #expect(await client.events().first(1).first?.origin == .coldStart)
    }

    @Test func anUnreadableBackgroundPushIsAnsweredNoDataOnceAndReported() throws {
        let (client, diagnostics) = Self.client()
        let answers = Locked<[BackgroundFetchResult]>([])
        client.didReceiveRemoteNotification(["aps": ["content-available": 1] as [String: Any], "blob": NSObject()], state: .background) { result in
            answers.withLock { $0.append(result) }
        }
        #expect(answers.withLock { $0 } == [.noData])
        #expect(diagnostics.withLock { $0.map(\.code) } == [.unreadablePayload])
        #expect(client.heldEventCount == 0)
    }

    @Test func aReadableBackgroundPushIsReceivedAndAnsweredOnceWithTheAppsResult() async throws {
        let (client, _) = Self.client()
        client.setBackgroundWorkHandler { _ in .newData }
        let answers = Locked<[BackgroundFetchResult]>([])
        let answered = AsyncStream<Void>.makeStream()
        client.didReceiveRemoteNotification(["aps": ["content-available": 1] as [String: Any]], state: .background) { result in
            answers.withLock { $0.append(result) }
            answered.continuation.yield()
        }
        for await _ in answered.stream { break }
        #expect(answers.withLock { $0 } == [.newData])
        let events = await client.events().first(1)
        #expect(events.map(\.kind) == [.received])
    }

    @Test func aSceneConnectionsResponseIsReadOnceAndAnUnreadableOneReported() async throws {
        let (client, diagnostics) = Self.client()
        let unreadable = SystemResponse(
            notification: SystemNotification(foundationUserInfo: ["aps": NSObject()], identifier: "bad", isRemote: true), actionIdentifier: "reply")
        client.sceneWillConnect(response: unreadable, options: nil)
        #expect(diagnostics.withLock { $0.map(\.code) } == [.unreadablePayload])
        let readable = SystemResponse(
            notification: SystemNotification(foundationUserInfo: Self.payload(), identifier: "good", isRemote: true), actionIdentifier: "reply",
            userText: "on my way")
        client.sceneWillConnect(response: readable, options: nil)
        client.applicationDidBecomeActive()
        let events = await client.events().first(1)
        guard case .opened(let opened) = events.first else {
            Issue.record("expected opened, got \(events)")
            return
        }
        #expect(opened.origin == .coldStart && opened.action == .custom("reply") && opened.textInput == "on my way")
        #expect(opened.notification.requestIdentifier == "good")
    }

    @Test func aResponseIsTakenWithTheStateReadOnTheMainActorAndCompletedOnce() async throws {
        let (client, _) = Self.client()
        let relay = NotificationCenterRelay(client: client)
        let completions = Locked(0)
        let completed = AsyncStream<Void>.makeStream()
        let forwarded = Locked(0)
        relay.didReceive(
            SystemResponse(
                notification: SystemNotification(foundationUserInfo: Self.payload(), identifier: "tap", isRemote: true),
                actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier"),
            forwardingTo: [
                { done in
                    forwarded.withLock { $0 += 1 }
                    done()
                }
            ],
            applicationState: {
                MainActor.assertIsolated()
                return .active
            },
            completion: {
                completions.withLock { $0 += 1 }
                completed.continuation.yield()
            })
        for await _ in completed.stream { break }
        let events = await client.events().first(1)
        #expect(events.map(\.kind) == [.opened])
        #expect(events.first?.origin == .foreground)
        #expect(completions.withLock { $0 } == 1 && forwarded.withLock { $0 } == 1)
    }

    @Test func anUnreadableForegroundNotificationIsReportedAndTheOtherDelegateStillAnswers() {
        let (client, diagnostics) = Self.client()
        let relay = NotificationCenterRelay(client: client)
        let answers = Locked<[PresentationOptions]>([])
        relay.willPresent(
            SystemNotification(foundationUserInfo: ["aps": ["alert": NSObject()] as [String: Any]], identifier: "bad", isRemote: true),
            forwardingTo: [{ answer in answer([.banner]) }]
        ) { options in answers.withLock { $0.append(options) } }
        #expect(answers.withLock { $0 } == [[.banner]])
        #expect(diagnostics.withLock { $0.map(\.code) } == [.unreadablePayload])
        #expect(client.heldEventCount == 0)
    }

    @Test func settingsFromTheSettingsAppOrANotification() async throws {
        let (client, _) = Self.client()
        let relay = NotificationCenterRelay(client: client)
        relay.openSettings(forRequest: nil)
        relay.openSettings(forRequest: SystemNotification(foundationUserInfo: Self.payload(), identifier: "n", isRemote: false))
        let events = await client.events().first(2)
        #expect(events.map(\.kind) == [.settingsRequested, .settingsRequested])
        guard case .settingsRequested(let request) = events.last else {
            Issue.record("expected settingsRequested, got \(events)")
            return
        }
        #expect(request.notification?.source == .local && request.notification?.requestIdentifier == "n")
    }
}
