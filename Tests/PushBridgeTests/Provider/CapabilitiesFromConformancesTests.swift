import PushBridge
import PushBridgeMultiplex
import PushBridgeProviderKit
import Testing

/// A provider's capabilities are read from the opt-in protocols it conforms to: one job, one
/// protocol, and nothing stated beside them that could disagree.
@Suite struct CapabilitiesFromConformancesTests {
    /// The core and nothing else.
    class Core: PushProvider, @unchecked Sendable {
        var id: PushProviderID { "core" }
        func attach(to sink: PushEventSink) {}
        func start(_ request: PushStartRequest) throws(PushError) {}
        func register(_ request: PushRegistrationRequest) throws(PushError) {}
        func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {}
    }

    final class AliasesAndTags: Core, AliasAndTagsProvider, @unchecked Sendable {
        func alias(_ request: AliasRequest) async throws(PushError) -> AliasRequest.Outcome { AliasRequest.Outcome(alias: "a", sequence: 1) }
        func tags(_ request: TagsRequest) async throws(PushError) -> TagsRequest.Outcome { TagsRequest.Outcome(tags: ["t"], sequence: 2) }
    }

    final class Badge: Core, ServerBadgeProvider, @unchecked Sendable {
        func setBadge(_ request: BadgeRequest) throws(PushError) {}
    }

    final class Feedback: Core, FeedbackProvider, @unchecked Sendable {
        func report(_ request: FeedbackRequest) throws(PushError) -> FeedbackAction.Receipt { FeedbackAction.Receipt(submitted: true) }
    }

    final class OwnChannel: Core, OwnChannelProvider, @unchecked Sendable {}

    final class VoIP: Core, VoIPProvider, @unchecked Sendable {
        func registerVoIPToken(_ request: VoIPTokenRequest) {}
        func handleVoIPPush(_ request: VoIPPushRequest) {}
    }

    final class Activities: Core, LiveActivityProvider, @unchecked Sendable {
        func registerLiveActivityToken(_ request: LiveActivityTokenRequest) {}
    }

    final class ActivitiesWithoutPushToStart: Core, LiveActivityProvider, @unchecked Sendable {
        var startsActivitiesByPush: Bool { false }
        func registerLiveActivityToken(_ request: LiveActivityTokenRequest) {}
    }

    /// Claims more than it conforms to: the claim cannot add what is not implemented.
    final class Overclaiming: Core, CapabilityNarrowingProvider, ServerBadgeProvider, @unchecked Sendable {
        var declaredCapabilities: PushCapabilities { [.serverBadge, .alias, .voip] }
        func setBadge(_ request: BadgeRequest) throws(PushError) {}
    }

    static let rows: [(provider: any PushProvider, expected: PushCapabilities)] = [
        (Core(), []),
        (AliasesAndTags(), [.alias, .tags]),
        (Badge(), [.serverBadge]),
        (Feedback(), [.customFeedback]),
        (OwnChannel(), [.ownChannelMessages]),
        (VoIP(), [.voip]),
        (Activities(), [.liveActivities, .liveActivityPushToStart]),
        (ActivitiesWithoutPushToStart(), [.liveActivities]),
        (Overclaiming(), [.serverBadge]),
    ]

    @Test(arguments: 0..<rows.count) func eachOptInProtocolGivesItsCapability(_ row: Int) {
        let (provider, expected) = Self.rows[row]
        #expect(provider.capabilities == expected)
        #expect(PushClient(provider: provider).activeProvider?.capabilities == expected)
    }

    @Test func aCommandWithoutItsProtocolIsUnsupportedThroughTheClient() async {
        let client = PushClient(provider: Core())
        await #expect { _ = try await client.alias(AliasRequest(.get)) } throws: { ($0 as? PushError)?.code == .unsupported }
        await #expect { _ = try await client.tags(TagsRequest(.getAll)) } throws: { ($0 as? PushError)?.code == .unsupported }
        // The badge is the icon's whatever the provider; without a notification center there is no icon to set.
        await #expect { try await client.setBadge(1) } throws: { ($0 as? PushError)?.code == .unsupported }
    }

    @Test func aCommandWithItsProtocolReachesTheProvider() async throws {
        let client = PushClient(provider: AliasesAndTags())
        #expect(try await client.alias(AliasRequest(.get)).alias == "a")
        #expect(try await client.tags(TagsRequest(.getAll)).tags == ["t"])
    }

    @Test func consentAndTheCentersDelegateFollowTheirProtocols() {
        #expect(!Core().needsPrivacyConsent)
        #expect(Core().centerDelegateOwner == .app)
        let multiplex = MultiplexProvider(primary: Badge(), others: [VoIP()])
        #expect(multiplex.capabilities == [.serverBadge, .voip], "a multiplex supports what its providers do, no more")
    }
}
