import Testing

/// One notification type, one response type and one entry into the pipeline (issue 44, item 3):
/// the UIKit glue, every adapter and an outside provider author hand iOS's notification over as a
/// `SystemNotification`, its response as a `SystemResponse`, and each callback to
/// `PushEventSink.handle(_:completion:)`. These fail if a second type or a second entry reappears.
@Suite struct OneWayInTests {
    /// For each `var`/`let` named `member` in the package's sources and adapters, the type that
    /// declares it (the nearest `struct`, `class`, `enum` or `actor` above it in its file).
    static func typesDeclaring(_ member: String) throws -> [String] {
        let declaration = try Regex("\\b(?:var|let)\\s+\(member)\\s*:")
        var owners: [String] = []
        for (path, text) in try PackageGraphTests.productionSources() {
            var owner = "?"
            for line in text.split(separator: "\n") {
                if line.contains(/^\s*\/\//) { continue }
                if let type = line.firstMatch(of: /\b(?:struct|class|enum|actor)\s+(\w+)/) { owner = String(type.1) }
                if line.contains(declaration) {
                    owners.append("\(path.split(separator: "/").last ?? ""): \(owner)")
                }
            }
        }
        return owners.sorted()
    }

    @Test func oneTypeHoldsTheNotificationAndOneTheResponseAsIOSHandsThemOver() throws {
        #expect(try Self.typesDeclaring("userInfo") == ["SystemNotification.swift: SystemNotification"])
        #expect(try Self.typesDeclaring("actionIdentifier") == ["SystemResponse.swift: SystemResponse"])
        // The vendors' names are the same types, not copies.
        var aliases: [String] = []
        for (_, text) in try PackageGraphTests.productionSources() {
            for match in text.matches(of: /typealias\s+(\w+(?:NotificationInfo|ResponseInfo))\s*=\s*(\w+)/) {
                aliases.append("\(match.1) = \(match.2)")
            }
        }
        #expect(
            aliases.sorted() == [
                "GetuiNotificationInfo = SystemNotification", "GetuiResponseInfo = SystemResponse", "JPushNotificationInfo = SystemNotification",
                "JPushResponseInfo = SystemResponse",
            ])
    }

    @Test func everyCallbackEntersThePipelineThroughTheSink() throws {
        // What takes a callback with its completion handler: the sink's method, and the core it leads to.
        var entries: [String] = []
        for (path, text) in try PackageGraphTests.swiftFiles(in: ["Sources/PushBridge", "Sources/PushBridgeProviderKit", "Sources/PushBridgeCore"]) {
            for match in text.matches(of: /func\s+(\w+)\(_\s+\w+:\s*CallbackInvocation,\s*completion:\s*SystemCompletion\?/) {
                entries.append("\(path.split(separator: "/").last ?? ""): \(match.1)")
            }
        }
        #expect(entries.sorted() == ["PushClientCore.swift: receive", "PushEventSink.swift: handle"])
        // The core's entry is reached only from the sinks it makes.
        let callers = try PackageGraphTests.productionSources().filter { source in
            source.text.split(separator: "\n").contains { line in
                !line.contains(/^\s*\/\//) && line.contains(/receive\([a-z]+, completion:/)
            }
        }
        #expect(callers.map(\.path) == ["Sources/PushBridge/Client/PushClientCore.swift"])
        // The glue's relay and the system handover enter by the client's sink.
        let relay = try #require(PackageGraphTests.productionSources().first { $0.path.hasSuffix("/NotificationCenterRelay.swift") })
        #expect(relay.text.contains("client.callbacks.handle("))
    }
}
