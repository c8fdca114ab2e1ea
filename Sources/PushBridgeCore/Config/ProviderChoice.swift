import Foundation

extension PushConfiguration {
    /// One App Store storefront served by another provider than the configuration's `provider`:
    /// `"CHN": "jpush"` in `"markets"`.
    package struct Market: Sendable, Hashable {
        /// The storefront's country code, ISO 3166-1 alpha-3 (`CHN`), as StoreKit gives it.
        package let code: String
        /// The provider that receives there.
        package let provider: PushProviderID

        /// A market from its parts.
        package init(code: String, provider: PushProviderID) {
            self.code = code
            self.provider = provider
        }

        /// Three uppercase ASCII letters: StoreKit's `countryCode` "uses the ISO 3166-1 Alpha-3
        /// country code representation" (developer.apple.com/documentation/storekit/storefront/countrycode,
        /// and `SKStorefront.countryCode`).
        static func isStorefrontCode(_ code: String) -> Bool {
            code.utf8.count == 3 && code.utf8.allSatisfy { (0x41...0x5A).contains($0) }
        }
    }

    /// Every provider the configuration can run, once each: `provider`, the markets' in the order
    /// of their codes, then the additional ones.
    package var namedProviders: [PushProviderID] {
        var named = [provider]
        for id in markets.map(\.provider) + additionalProviders where !named.contains(id) { named.append(id) }
        return named
    }

    /// The providers one launch may choose as its own, once each: `provider`, then the markets'
    /// (the additional ones receive beside whichever runs).
    package var selectableProviders: [PushProviderID] {
        var selectable = [provider]
        for market in markets where !selectable.contains(market.provider) { selectable.append(market.provider) }
        return selectable
    }

    /// The provider of the storefront `code`: its market's, else ``provider``.
    package func provider(forStorefront code: String) -> PushProviderID {
        markets.first { $0.code == code.uppercased() }?.provider ?? provider
    }

    /// The provider that runs at this launch, by the rule of `OneBinaryForChinaAndAbroad.md`:
    ///
    /// 1. the app's choice (`PushClientOptions.provider`), which must be `provider` or a market's;
    /// 2. else, with markets, the App Store storefront's (``provider(forStorefront:)``) — read
    ///    only then: a file without markets never asks StoreKit;
    /// 3. else, the storefront not known (no App Store account on the device), the provider the
    ///    app ran at its previous launch, recorded in the app group, if the file still offers it;
    /// 4. else ``provider``.
    ///
    /// - Throws: ``PushError`` naming `options.provider` when the app chose a provider the file
    ///   does not offer.
    package func chosenProvider(appChoice: PushProviderID?, storefront: () -> String?, recorded: PushProviderID?) throws(PushError) -> PushProviderID
    {
        let selectable = selectableProviders
        if let appChoice {
            guard selectable.contains(appChoice) else {
                throw PushError(
                    .invalidConfiguration, field: "options.provider",
                    "\(appChoice) is not a provider the configuration offers (expected one of: \(selectable.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            return appChoice
        }
        guard !markets.isEmpty else { return provider }
        if let code = storefront() { return provider(forStorefront: code) }
        if let recorded, selectable.contains(recorded) { return recorded }
        return provider
    }

    /// The configuration with `chosen` as its provider (the markets kept, to say what else it names).
    package func choosing(_ chosen: PushProviderID) -> PushConfiguration {
        var configuration = self
        configuration.provider = chosen
        return configuration
    }
}

/// What the app records in the app group at each launch — the provider it runs and the
/// environment — so that its notification service extension follows the app's choice, and the
/// next launch can keep it while the storefront is not known.
///
/// A small JSON file, `PushBridgeProvider.json`, in the app group's container
/// (`serviceExtension.appGroup`): `{"environment":"production","provider":"jpush"}`.
package struct ProviderRecord: Sendable, Equatable {
    /// The file's name in the container.
    package static let fileName = "PushBridgeProvider.json"

    /// The provider the app runs.
    package var provider: PushProviderID
    /// The APNs environment the app is signed for.
    package var environment: PushConfiguration.Environment

    /// A record from its parts.
    package init(provider: PushProviderID, environment: PushConfiguration.Environment) {
        self.provider = provider
        self.environment = environment
    }

    /// The record in `directory`; `nil` when there is none (the app has not launched since it
    /// started recording) or it cannot be read.
    package static func read(in directory: URL) -> ProviderRecord? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(fileName)),
            case .object(let object)? = try? JSONParser.parse(Array(data)),
            case .string(let name)? = object["provider"], PushProviderID.isValidName(name),
            case .string(let environment)? = object["environment"], let environment = PushConfiguration.Environment(rawValue: environment)
        else { return nil }
        return ProviderRecord(provider: PushProviderID(rawValue: name), environment: environment)
    }

    /// Writes the record into `directory`, atomically (the extension never reads half a file).
    ///
    /// - Throws: ``PushError`` (``PushError/Code/providerFailure``) naming the file when it cannot be written.
    package func write(in directory: URL) throws(PushError) {
        let json: JSONValue = ["provider": .string(provider.rawValue), "environment": .string(environment.rawValue)]
        do {
            try Data(JSONWriter.bytes(from: json)).write(to: directory.appendingPathComponent(Self.fileName), options: .atomic)
        } catch {
            throw PushError(.providerFailure, field: Self.fileName, "could not be written in the app group's container (\(type(of: error)))")
        }
    }
}
