import Foundation
import PushBridge
import PushBridgeAPNsServer
import PushBridgeServer
import Testing

/// The APNs provider token kept between processes: a process that runs once per message reuses
/// the last one's token while Apple's window allows, in a file only the user can read, and a
/// file that others may read is not used, and said so.
@Suite struct ProviderTokenCacheTests {
    static let keyID = "ABC123DEFG"
    static let teamID = "DEF123GHIJ"
    static let start = 1_700_000_000.0

    /// A cache in a fresh folder, its reports collected; each test removes it.
    final class Folder: @unchecked Sendable {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-tokens-\(UUID().uuidString)").path
        private let lock = NSLock()
        private var heard: [String] = []
        var reports: [String] { lock.withLock { heard } }
        var cache: APNsProviderTokenCache { APNsProviderTokenCache(directory: path, report: { [self] note in lock.withLock { heard.append(note) } }) }
        var file: String { cache.path(keyID: ProviderTokenCacheTests.keyID, teamID: ProviderTokenCacheTests.teamID) }

        /// Removes the folder and what the cache wrote in it.
        func remove() { try? FileManager.default.removeItem(atPath: path) }

        func mode(_ path: String) throws -> Int {
            try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
        }
    }

    /// A new process: a new token object over the same folder.
    static func process(_ folder: Folder, _ signer: CountingSigner, keyID: String = keyID) -> APNsProviderToken {
        APNsProviderToken(keyID: keyID, teamID: teamID, signer: signer, cache: folder.cache)
    }

    @Test func aStoredTokenIsNeverPrintedWhole() {
        let token = "eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyMzQ1NjcifQ.eyJpc3MiOiJURUFNIn0.c2lnbmF0dXJlLXNlY3JldA"
        let entry = APNsProviderTokenCache.Entry(token: token, keyID: "ABC1234567", teamID: "TEAM123456", issuedAt: 1_700_000_000)
        var dumped = ""
        dump(entry, to: &dumped)
        for shown in [entry.description, entry.debugDescription, String(describing: APNsProviderTokenCache.Lookup.found(entry)), dumped] {
            #expect(!shown.contains(token), "\(shown)")
            #expect(!shown.contains("c2lnbmF0dXJl"), "\(shown)")
        }
        #expect(entry.description.contains("ABC1234567"))
    }

    @Test func aSecondProcessReusesTheFirstsTokenUntilFiftyMinutesThenStoresANewOne() throws {
        let folder = Folder()
        defer { folder.remove() }
        let signer = CountingSigner()
        let first = try Self.process(folder, signer).token(at: Self.start)
        #expect(try Self.process(folder, signer).token(at: Self.start + 60) == first)
        #expect(try Self.process(folder, signer).token(at: Self.start + 49 * 60) == first)
        #expect(signer.count == 1)
        let renewed = try Self.process(folder, signer).token(at: Self.start + 50 * 60)
        #expect(renewed != first)
        #expect(try Self.process(folder, signer).token(at: Self.start + 51 * 60) == renewed)
        #expect(signer.count == 2)
        #expect(folder.reports.isEmpty)
    }

    @Test func theFileIsTheUsersAloneAndHoldsTheTokenItsKeyTeamAndIssueTime() throws {
        let folder = Folder()
        defer { folder.remove() }
        let token = try Self.process(folder, CountingSigner()).token(at: Self.start)
        #expect(try folder.mode(folder.path) == 0o700)
        #expect(try folder.mode(folder.file) == 0o600)
        let stored = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: folder.file))))
        #expect(
            stored == [
                "token": .string(token), "keyID": .string(Self.keyID), "teamID": .string(Self.teamID), "issuedAt": .integer(Int64(Self.start)),
                "keyFingerprint": "sha256:test-key-1",
            ])
        #expect(
            folder.cache.lookup(keyID: Self.keyID, teamID: Self.teamID)
                == .found(.init(token: token, keyID: Self.keyID, teamID: Self.teamID, issuedAt: Self.start, keyFingerprint: "sha256:test-key-1")))
    }

    @Test func aFileOthersMayReadIsNotUsedAndSaidSoThenReplaced() throws {
        let folder = Folder()
        defer { folder.remove() }
        let signer = CountingSigner()
        let first = try Self.process(folder, signer).token(at: Self.start)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder.file)
        let second = try Self.process(folder, signer).token(at: Self.start + 60)
        #expect(second != first)
        #expect(signer.count == 2)
        #expect(folder.reports.count == 1)
        #expect(folder.reports.first?.contains("may be read by others") == true)
        #expect(try folder.mode(folder.file) == 0o600)
    }

    @Test func anotherKeysTokenIsNeverUsed() throws {
        let folder = Folder()
        defer { folder.remove() }
        let signer = CountingSigner()
        let first = try Self.process(folder, signer).token(at: Self.start)
        let other = try Self.process(folder, signer, keyID: "XYZ987WVUT").token(at: Self.start + 60)
        #expect(other != first)
        #expect(signer.count == 2)
        // A file renamed from another key's is refused by its content.
        try FileManager.default.removeItem(atPath: folder.file)
        try FileManager.default.copyItem(atPath: folder.cache.path(keyID: "XYZ987WVUT", teamID: Self.teamID), toPath: folder.file)
        guard case .refused(let why) = folder.cache.lookup(keyID: Self.keyID, teamID: Self.teamID) else {
            Issue.record("another key's token was accepted")
            return
        }
        #expect(why.contains("another key"))
    }

    /// A wrong `.p8` replaced by the right one under the same key ID (issue 46: the kept token,
    /// signed by the replaced key, was sent for up to 50 minutes): the next process finds a token
    /// of another key file and signs a new one.
    @Test func aTokenSignedByAReplacedKeyFileIsNotReused() throws {
        let folder = Folder()
        defer { folder.remove() }
        let signer = CountingSigner(keyFingerprint: "sha256:wrong-key")
        let first = try Self.process(folder, signer).token(at: Self.start)
        signer.keyFingerprint = "sha256:right-key"
        let second = try Self.process(folder, signer).token(at: Self.start + 60)
        #expect(second != first)
        #expect(signer.count == 2)
        #expect(folder.reports.first?.contains("another key file") == true)
        // A signer that cannot name its key never reuses a kept token, and keeps none.
        let anonymous = CountingSigner(keyFingerprint: nil)
        _ = try Self.process(folder, anonymous).token(at: Self.start + 120)
        _ = try Self.process(folder, anonymous).token(at: Self.start + 180)
        #expect(anonymous.count == 2)
    }

    /// A token APNs refused as invalid is dropped from the cache at once: the next process signs
    /// a new one (it never sends the refused one again).
    @Test func aDiscardedTokenIsRemovedFromTheCache() throws {
        let folder = Folder()
        defer { folder.remove() }
        let signer = CountingSigner()
        let token = Self.process(folder, signer)
        let first = try token.token(at: Self.start)
        token.discard(first)
        #expect(folder.cache.lookup(keyID: Self.keyID, teamID: Self.teamID) == .none)
        #expect(try token.token(at: Self.start + 60) != first)
        #expect(try Self.process(folder, signer).token(at: Self.start + 120) != first)
        #expect(signer.count == 2)
    }

    /// After APNs' ExpiredProviderToken, a cached token younger than 20 minutes is kept (Apple
    /// refuses a new one sooner); an older one is replaced.
    @Test func anExpiredAnswerRenewsACachedTokenOnlyWhenTwentyMinutesOld() throws {
        let folder = Folder()
        defer { folder.remove() }
        let signer = CountingSigner()
        let first = try Self.process(folder, signer).token(at: Self.start)
        #expect(try Self.process(folder, signer).token(at: Self.start + 10 * 60, afterExpiry: true) == first)
        #expect(try Self.process(folder, signer).token(at: Self.start + 20 * 60, afterExpiry: true) != first)
        #expect(signer.count == 2)
    }

    @Test func aFolderThatCannotBeMadeIsReportedAndTheSendGoesOn() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-file-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let heard = Locked<[String]>([])
        let cache = APNsProviderTokenCache(directory: blocker + "/tokens", report: { note in heard.withLock { $0.append(note) } })
        let token = APNsProviderToken(keyID: Self.keyID, teamID: Self.teamID, signer: CountingSigner(), cache: cache)
        #expect(!(try token.token(at: Self.start)).isEmpty)
        #expect(heard.withLock { $0 }.count == 1)
    }
}
