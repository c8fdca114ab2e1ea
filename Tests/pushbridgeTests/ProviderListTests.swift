import AdapterTestSupport
import Foundation
import Testing

@testable import pushbridge

/// The providers are listed once (`Adapters/Shared/ProviderList`): the command's and the tests'
/// lists are that one, and each provider with an app side is one folder of `Adapters/` holding an
/// `App/` adapter, the names CI's conformance loop reads from the manifest.
@Suite struct ProviderListTests {
    /// The folders of `Adapters/` (`Shared/` aside), with whether each has an app adapter (`App/`).
    static func vendorFolders() throws -> [(name: String, hasApp: Bool)] {
        let adapters = ReadmeClaimsTests.root.appendingPathComponent("Adapters")
        func isFolder(_ url: URL) -> Bool {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
        }
        return try FileManager.default.contentsOfDirectory(atPath: adapters.path).sorted().compactMap { name in
            let folder = adapters.appendingPathComponent(name)
            guard name != "Shared", isFolder(folder) else { return nil }
            return (name, isFolder(folder.appendingPathComponent("App")))
        }
    }

    /// A provider is listed (its simulator run by the command, the tests and CI's conformance)
    /// when it has an app side: a folder of `Adapters/` with `App/`. A vendor with a server side
    /// only has no simulator to list; keying on the folder alone would have the conformance run a
    /// provider that cannot be simulated. An `App/` folder missing from the list, or a listed
    /// provider without one, fails. FCM, server-only until issue 45's app side, is listed now.
    @Test func eachProviderIsOneFolderOfAdaptersWithAnAppAdapter() throws {
        let folders = try Self.vendorFolders()
        #expect(folders.filter(\.hasApp).map { $0.name.lowercased() }.sorted() == ProviderSimulators.names.sorted())
        #expect(ProviderSimulators.names.contains("fcm"))
    }

    /// A vendor without an app adapter has no testing kit either: a simulator would be listed.
    @Test func aServerOnlyVendorHasNoTestingKit() throws {
        let adapters = ReadmeClaimsTests.root.appendingPathComponent("Adapters")
        for folder in try Self.vendorFolders() where !folder.hasApp {
            #expect(
                !FileManager.default.fileExists(atPath: adapters.appendingPathComponent(folder.name).appendingPathComponent("Testing").path),
                "\(folder.name)")
        }
    }

    @Test func theTestsRunTheCommandsProvidersNamedByThem() {
        #expect(allSimulators.map(\.testDescription) == ProviderSimulators.names)
        #expect(allSimulators.map(\.id) == ProviderSimulators.registered.map(\.id))
    }
}
