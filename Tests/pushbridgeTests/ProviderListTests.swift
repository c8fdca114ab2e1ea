import AdapterTestSupport
import Foundation
import Testing

@testable import pushbridge

/// The providers are listed once (`Adapters/Shared/ProviderList`): the command's and the tests'
/// lists are that one, and each provider is one folder of `Adapters/`, the names CI's conformance
/// loop reads from the manifest.
@Suite struct ProviderListTests {
    @Test func eachProviderIsOneFolderOfAdapters() throws {
        let adapters = ReadmeClaimsTests.root.appendingPathComponent("Adapters")
        let folders = try FileManager.default.contentsOfDirectory(atPath: adapters.path).filter { name in
            var isFolder: ObjCBool = false
            return name != "Shared" && FileManager.default.fileExists(atPath: adapters.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
        #expect(folders.map { $0.lowercased() }.sorted() == ProviderSimulators.names.sorted())
    }

    @Test func theTestsRunTheCommandsProvidersNamedByThem() {
        #expect(allSimulators.map(\.testDescription) == ProviderSimulators.names)
        #expect(allSimulators.map(\.id) == ProviderSimulators.registered.map(\.id))
    }
}
