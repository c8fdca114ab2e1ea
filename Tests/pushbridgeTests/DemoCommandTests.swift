import PushBridge
import Testing

@testable import pushbridge

/// `pushbridge` with no arguments: a demonstration that needs no input and shows calls and events.
@Suite struct DemoCommandTests {
    static let output = CommandLineTool(io: .memory()).run([])

    @Test func itExitsZeroWithoutInput() {
        #expect(Self.output.status == 0)
        #expect(Self.output.standardError.isEmpty)
        #expect(!Self.output.standardOutput.isEmpty)
        #expect(Self.output.standardOutput.contains("(failed") == false)
    }

    @Test(arguments: [
        // The calls iOS makes.
        "application:didFinishLaunchingWithOptions: [inactive] launchOptions: remoteNotification",
        "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler: [inactive] action: com.apple.UNNotificationDefaultActionIdentifier",
        "application:didReceiveRemoteNotification:fetchCompletionHandler: [active]",
        "userNotificationCenter:willPresentNotification:withCompletionHandler: [active]",
        // The events the app sees.
        "events: opened origin=coldStart action=default id=n-1",
        "received origin=foreground id=n-2",
        "opened origin=foreground action=default id=n-2",
        "opened origin=coldStart action=default id=n-3",
    ])
    func itShowsCallsAndEvents(line: String) {
        #expect(Self.output.standardOutput.contains(line))
    }

    @Test func theSameTapGivesTheSameEventsThroughEveryProvider() {
        let text = Self.output.standardOutput
        for provider in ["apns:", "jpush:", "getui:", "fcm:"] {
            #expect(text.contains("  \(provider)\n"))
        }
        #expect(text.contains("events identical across 4 provider(s): yes"))
        #expect(text.components(separatedBy: "events: opened origin=coldStart action=default id=n-1").count - 1 == 4)
    }

    @Test func itIsDeterministicAndPointsOnward() {
        #expect(CommandLineTool(io: .memory()).run([]) == Self.output)
        #expect(Self.output.standardOutput.contains("pushbridge simulate"))
        let help = CommandLineTool(io: .memory()).run(["help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("usage: pushbridge"))
    }
}
