import Foundation
import PushBridge
import Testing

/// The corpus of real APNs payloads (`Fixtures/PayloadCorpus/corpus.json`): each copied from a public source,
/// recorded with where it came from, the push type it is sent as and whether APNs accepts it.
/// These tests check the corpus itself; checks against `pushbridge validate` and `simulate` come separately.
@Suite struct PayloadCorpusTests {
    /// One corpus entry; `payloadText` is the payload exactly as published (whitespace and escapes kept).
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var id: String
        var source: String
        var pushType: String
        var priority: Int?
        var apnsAccepts: Bool
        var note: String
        var payloadText: String
        var testDescription: String { id }
    }

    static let pushTypes: Set<String> = [
        "alert", "background", "voip", "liveactivity", "location", "complication", "fileprovider", "mdm", "pushtotalk", "widgets",
    ]

    /// `<this file's folder>/Fixtures/PayloadCorpus/corpus.json`.
    static let corpusPath: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/PayloadCorpus/corpus.json").path

    static func load() throws -> [Case] {
        let data = try #require(FileManager.default.contents(atPath: corpusPath), "no corpus at \(corpusPath)")
        return try JSONDecoder().decode([Case].self, from: data)
    }

    static let cases: [Case] = (try? load()) ?? []

    /// APNs's limit on the bytes of the request body for a push type.
    static func sizeLimit(_ pushType: String) -> Int { pushType == "voip" ? 5120 : 4096 }

    /// Whether the text is a JSON object, read strictly as RFC 8259 (no comments, no trailing commas) by the
    /// package's own parser. Not `JSONSerialization`: the toolchain's Foundation on Linux accepts trailing commas
    /// (it reads the four trailing-comma cases here as objects), which APNs does not.
    static func isJSONObject(_ text: String) -> Bool {
        (try? JSONParser.parse(text))?.objectValue != nil
    }

    @Test func everyEntryDecodesAsACorpusCase() throws {
        let cases = try Self.load()
        #expect(cases.count == Self.cases.count)
    }

    @Test func atLeastEightyCasesWithUniqueIDs() {
        #expect(Self.cases.count >= 80)
        #expect(Set(Self.cases.map(\.id)).count == Self.cases.count)
    }

    @Test func bothVerdictsAreRepresented() {
        #expect(Self.cases.contains { $0.apnsAccepts })
        #expect(Self.cases.contains { !$0.apnsAccepts })
    }

    @Test(arguments: cases)
    func entryIsWellFormed(entry: Case) {
        #expect(!entry.id.isEmpty && entry.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" })
        #expect(!entry.source.trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(Self.pushTypes.contains(entry.pushType))
        #expect(entry.priority.map { [1, 5, 10].contains($0) } ?? true)
        #expect(!entry.note.isEmpty)
        #expect(!entry.payloadText.isEmpty)
    }

    /// APNs accepts a JSON object within the push type's limit on the bytes sent; it rejects anything else.
    @Test(arguments: cases)
    func verdictMatchesTheText(entry: Case) {
        let readable = Self.isJSONObject(entry.payloadText)
        let withinLimit = entry.payloadText.utf8.count <= Self.sizeLimit(entry.pushType)
        if entry.apnsAccepts {
            #expect(readable, "an accepted payload must be a readable JSON object")
            #expect(withinLimit, "an accepted payload must be within \(Self.sizeLimit(entry.pushType)) bytes")
        } else {
            #expect(!(readable && withinLimit), "a rejected payload must be unreadable, not an object, or over the limit")
        }
    }
}
