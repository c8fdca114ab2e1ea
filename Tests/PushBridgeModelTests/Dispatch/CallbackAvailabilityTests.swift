import PushBridge
import PushBridgeModel
import Testing

/// Which callbacks exist on which iOS version (the vocabulary table of `docs/spec/dispatch-model.md`), and that a missing one is never called.
@Suite struct CallbackAvailabilityTests {
    /// The callback, the last version without it (if any), the first with it, the first without it again (if any).
    @Test(
        arguments: [
            (SystemCallback.didFinishLaunching, nil, IOSVersion(3), nil),
            (.didReceiveRemoteNotification, nil, IOSVersion(3), nil),
            (.didReceiveRemoteNotificationFetch, IOSVersion(6, 9, 9), IOSVersion(7), nil),
            (.willPresent, IOSVersion(9, 9, 9), IOSVersion(10), nil),
            (.didReceiveResponse, IOSVersion(9, 9, 9), IOSVersion(10), nil),
            (.didReceiveLocalNotification, IOSVersion(3, 9, 9), IOSVersion(4), IOSVersion(10)),
            (.handleActionForRemote, IOSVersion(7, 9, 9), IOSVersion(8), IOSVersion(10)),
        ] as [(SystemCallback, IOSVersion?, IOSVersion, IOSVersion?)])
    func aCallbackExistsFromItsFirstVersion(callback: SystemCallback, before: IOSVersion?, first: IOSVersion, gone: IOSVersion?) {
        if let before { #expect(!callback.exists(on: before)) }
        #expect(callback.exists(on: first))
        #expect(callback.introduced == first)
        if let gone {
            #expect(callback.exists(on: IOSVersion(9, 9, 9)))
            #expect(!callback.exists(on: gone))
            #expect(!callback.exists(on: IOSVersion(17)))
        } else {
            #expect(callback.exists(on: IOSVersion(17)))
            #expect(callback.exists(on: IOSVersion(26)))
        }
    }

    @Test func seedLabelsAreTheArticlesNumbers() {
        #expect(SystemCallback.allCases.map(\.seedLabel) == ["1", "2", "3", "4", "5", "L", "A", "AL", "S"])
        #expect(SystemCallback.didReceiveResponse.rawValue == "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:")
        #expect(SystemCallback.didReceiveRemoteNotificationFetch.rawValue == "application:didReceiveRemoteNotification:fetchCompletionHandler:")
    }

    static let versions = [
        IOSVersion(3), IOSVersion(3, 9, 9), IOSVersion(6, 1), IOSVersion(7), IOSVersion(7, 9, 9), IOSVersion(8, 4),
        IOSVersion(9, 3, 2), IOSVersion(10), IOSVersion(14), IOSVersion(17),
    ]

    @Test(arguments: SystemCallback.allCases)
    func aMethodIsNeverCalledOnAVersionWhereItDoesNotExist(callback: SystemCallback) {
        let users: [UserAction] = [.none, .tap, .dismiss, .openAppIcon, .action(id: "a", foreground: true), .action(id: "b", foreground: false)]
        for ios in Self.versions where !callback.exists(on: ios) {
            for state in ArrivalState.allCases {
                for user in users {
                    for note in [ScenarioNotification.remote(Payloads.alertCA), .remote(Payloads.silent), .local(["aps": ["alert": "x"]])] {
                        let scenario = DispatchScenario(
                            ios: ios, state: state, implements: Set(SystemCallback.allCases), notification: note,
                            customDismissAction: true, presentation: [.alert], user: user)
                        #expect(!DispatchModel.trace(for: scenario).calls.contains { $0.callback == callback }, "\(ios) \(state) \(user)")
                    }
                }
            }
        }
    }
}
