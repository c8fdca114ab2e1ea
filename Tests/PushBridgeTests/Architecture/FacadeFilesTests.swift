import Testing

/// The facade in a few files (issue 44, item 4): `PushClient` is declared in `PushClient.swift`
/// and extended only in files named for it and for one concern each — in the runtime, the client
/// made from the configuration file, the start with the user's consent and authorization, the
/// provider's operations, and what iOS and the glue hand over; in an opt-in module, its own — so
/// that a newcomer finds every member of the facade by a file's name (it was spread over 11).
@Suite struct FacadeFilesTests {
    @Test func pushClientIsDeclaredAndExtendedOnlyInFilesNamedForIt() throws {
        let declaration = /(?m)^(?:public\s+|package\s+)?(?:final\s+)?(?:class|extension)\s+PushClient(?:\s*[:{]|\s+where\b)/
        let files = try PackageGraphTests.productionSources().filter { $0.text.contains(declaration) }.map(\.path).sorted()
        #expect(
            files == [
                "Sources/PushBridge/Client/PushClient+ConfigurationFile.swift",
                "Sources/PushBridge/Client/PushClient+Provider.swift",
                "Sources/PushBridge/Client/PushClient+Start.swift",
                "Sources/PushBridge/Client/PushClient+SystemCallbacks.swift",
                "Sources/PushBridge/Client/PushClient.swift",
                "Sources/PushBridgePushKit/PushClient+PushKit.swift",
            ], "files that declare or extend PushClient: \(files)")
    }
}
