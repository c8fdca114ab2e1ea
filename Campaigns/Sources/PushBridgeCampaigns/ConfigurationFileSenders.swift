import Foundation
import PushBridgeAPNsServer
import PushBridgeAsyncHTTPClient
import PushBridgeCore
import PushBridgeFCMServer
import PushBridgeGetuiServer
import PushBridgeJPushServer
import PushBridgeServer

/// The senders of a worker: each campaign names a provider configuration by reference
/// (`--config-ref`), and the worker maps references to its own files (`--config NAME=PATH`,
/// the file `pushbridge send --config` reads), so the database never holds a secret. One
/// sender per reference and provider, made on first use and kept (an APNs provider token is
/// made once for all batches), over AsyncHTTPClient.
public final class ConfigurationFileSenders: CampaignSenderSource {
    /// The senders every provider has.
    public static let definitions: [any PushSenderDefinition] = [
        APNsSenderDefinition(), JPushSenderDefinition(), GetuiSenderDefinition(), FCMSenderDefinition(),
    ]

    private let files: [String: String]
    private let options: PushSenderOptions
    private let made = Locked<[String: any PushSender]>([:])

    /// Senders for the configuration files `files` (by reference), with `options` (by default
    /// the AsyncHTTPClient transport on its shared client).
    public init(files: [String: String], options: PushSenderOptions = ConfigurationFileSenders.defaultOptions()) {
        self.files = files
        self.options = options
    }

    /// The options a worker sends with: the AsyncHTTPClient transport on its shared client,
    /// the standard retry policy, `maxConcurrentRequests` in flight.
    public static func defaultOptions(maxConcurrentRequests: Int = 100) -> PushSenderOptions {
        PushSenderOptions(transport: AsyncHTTPClientTransport(), maxConcurrentRequests: maxConcurrentRequests)
    }

    /// The sender of `campaign`'s reference and provider.
    ///
    /// - Throws: ``CampaignError`` naming `--config` when the worker has no file for the
    ///   reference, or the configuration's error (its field named, its secrets masked).
    public func sender(for campaign: StoredCampaign) throws -> any PushSender {
        let key = campaign.configurationReference + "\u{0}" + campaign.provider.rawValue
        if let sender = made.withLock({ $0[key] }) { return sender }
        guard let path = files[campaign.configurationReference] else {
            let known = files.keys.sorted().joined(separator: ", ")
            throw CampaignError(
                "--config",
                "this worker has no configuration named \"\(campaign.configurationReference)\" (campaign \(campaign.id)); it has: \(known.isEmpty ? "none" : known)"
            )
        }
        let bytes: [UInt8]
        do {
            bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw CampaignError("--config", "\(campaign.configurationReference)=\(path) cannot be read: \(error.localizedDescription)")
        }
        let configuration = try PushServerConfiguration(jsonBytes: bytes, senders: Self.definitions)
        let sender = try PushSenders.make(configuration, provider: campaign.provider, senders: Self.definitions, options: options)
        made.withLock { $0[key] = sender }
        return sender
    }
}
