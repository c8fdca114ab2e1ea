import PushBridge
import PushBridgeJPushTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridgeJPush

/// Aliases and tags: a sequence number per request, each completion matched by its `seq` and
/// resuming its request exactly once, JPush's result codes mapped, what JPush would reject
/// rejected before sending, a watchdog on the injected scheduler, aliases masked.
@Suite struct JPushAliasTagsTests {
    static let alias: SecretText = "user-7-secret"

    /// One request through the provider, run in a task.
    enum Operation: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case setAlias, deleteAlias, getAlias, addTags, setTags, deleteTags, cleanTags, getAllTags, validTag

        var isAlias: Bool { rawValue.hasSuffix("Alias") }

        /// The request's sequence number, or its error.
        func run(_ provider: JPushProvider) async -> Result<Int, PushError> {
            do throws(PushError) {
                switch self {
                case .setAlias: return .success(try await provider.alias(AliasRequest(.set(JPushAliasTagsTests.alias))).sequence)
                case .deleteAlias: return .success(try await provider.alias(AliasRequest(.delete(nil))).sequence)
                case .getAlias: return .success(try await provider.alias(AliasRequest(.get)).sequence)
                case .addTags: return .success(try await provider.tags(TagsRequest(.add(["vip", "beta"]))).sequence)
                case .setTags: return .success(try await provider.tags(TagsRequest(.set(["vip"]))).sequence)
                case .deleteTags: return .success(try await provider.tags(TagsRequest(.delete(["beta"]))).sequence)
                case .cleanTags: return .success(try await provider.tags(TagsRequest(.clean)).sequence)
                case .getAllTags: return .success(try await provider.tags(TagsRequest(.getAll)).sequence)
                case .validTag: return .success(try await provider.tags(TagsRequest(.validate("vip"))).sequence)
                }
            } catch {
                return .failure(error)
            }
        }

        var testDescription: String { rawValue }
    }

    /// A harness whose SDK never answers on its own.
    private func silentHarness() -> JPushHarness {
        let harness = JPushHarness()
        harness.bridge.aliasAnswer = .never
        harness.bridge.tagAnswer = .never
        return harness
    }

    /// Yields until the mock has `count` requests waiting (the requests run in tasks).
    private func waitForPending(_ bridge: MockJPushBridge, _ count: Int) async {
        for _ in 0..<100_000 where bridge.pendingSequences.count < count { await Task.yield() }
        #expect(bridge.pendingSequences.count == count)
    }

    // MARK: Sequence numbers

    /// JPush refuses a second alias (tag) request while one waits for its answer (6022, 6021):
    /// the second waits its turn, and goes out with a fresh sequence number once the first is
    /// answered — so JPush never answers 6021 or 6022.
    @Test(arguments: Operation.allCases)
    func aSecondRequestWaitsUntilTheFirstIsAnswered(operation: Operation) async throws {
        let harness = silentHarness()
        let first = Task { await operation.run(harness.provider) }
        await waitForPending(harness.bridge, 1)
        let second = Task { await operation.run(harness.provider) }
        let replies = operation.isAlias ? harness.provider.aliasQueueCount : harness.provider.tagQueueCount
        for _ in 0..<100_000 where replies() < 1 { await Task.yield() }
        #expect(replies() == 1, "the second waits its turn")
        #expect(harness.bridge.calls.count == 1, "nothing sent while the first is out")
        let firstSeq = try #require(harness.bridge.pendingSequences.first)
        harness.bridge.answer(seq: firstSeq, code: 0)
        #expect(try await first.value.get() == firstSeq)
        await waitForPending(harness.bridge, 1)
        let secondSeq = try #require(harness.bridge.pendingSequences.first)
        #expect(secondSeq != firstSeq, "a fresh sequence number per request")
        harness.bridge.answer(seq: secondSeq, code: 6014)
        #expect((await second.value).errorCode == .providerFailure)
        #expect(harness.bridge.calls.compactMap(\.seq) == [firstSeq, secondSeq], "in the order they were made")
        #expect(harness.scheduler.pendingCount == 0, "each watchdog cancelled once answered")
    }

    @Test func aCompletionWithAnotherSeqResumesNothing() async throws {
        let harness = silentHarness()
        let request = Task { await Operation.setAlias.run(harness.provider) }
        await waitForPending(harness.bridge, 1)
        let seq = try #require(harness.bridge.pendingSequences.first)
        // JPush reports a number nobody is waiting for: ignored, the request still waits.
        harness.bridge.answer(seq: seq, code: 0, reportingSeq: seq + 1_000)
        #expect(harness.scheduler.pendingCount == 1, "still waiting")
        harness.scheduler.advance(by: 30)
        #expect((await request.value).errorCode == .timeout)
    }

    @Test func requestsCompletedAtOnceResumeOnceEach() async throws {
        let harness = JPushHarness()
        await confirmation("one result per request", expectedCount: Operation.allCases.count) { resumed in
            for operation in Operation.allCases {
                _ = try? await operation.run(harness.provider).get()
                resumed()
            }
        }
        let calls = harness.bridge.calls
        let aliasSeqs = calls.compactMap { if case .alias(_, _, let seq) = $0 { seq } else { nil } }
        let tagSeqs = calls.compactMap { if case .tags(_, _, let seq) = $0 { seq } else { nil } }
        #expect(aliasSeqs == [1, 2, 3], "every alias request its own sequence number")
        #expect(tagSeqs == [1, 2, 3, 4, 5, 6], "every tag request its own sequence number")
    }

    // MARK: Result codes

    static let resultCodes = Array(6001...6017) + [6018, 6021, 6022, 6024, 6099, 1]

    @Test(arguments: resultCodes, [Operation.setAlias, .getAlias, .addTags, .validTag])
    func everyResultCodeIsAPushErrorNamingIt(code: Int, operation: Operation) async {
        let harness = JPushHarness()
        harness.bridge.aliasAnswer = .code(code)
        harness.bridge.tagAnswer = .code(code)
        guard case .failure(let error) = await operation.run(harness.provider) else {
            Issue.record("code \(code) succeeded")
            return
        }
        #expect(error.code == (JPushResultCode.meanings[code]?.code ?? .providerFailure))
        #expect(error.message.contains("\(code)"))
        #expect(error.field == (operation.isAlias ? "alias" : "tags"))
        #expect(!"\(error)".contains(Self.alias.revealed))
    }

    /// The documented codes and what each becomes.
    static let documented: [(code: Int, error: PushError.Code, words: String)] = [
        (6001, .outOfRange, "invalid setting"), (6002, .timeout, "timed out"), (6003, .outOfRange, "alias is illegal"),
        (6004, .outOfRange, "alias is longer than 40 bytes"), (6005, .outOfRange, "tag is illegal"),
        (6006, .outOfRange, "tag is longer than 40 bytes"),
        (6007, .outOfRange, "more than 1000 tags"), (6008, .outOfRange, "5,000 bytes"), (6009, .providerFailure, "unknown error"),
        (6011, .providerFailure, "more than 10"), (6012, .providerFailure, "stopped"), (6013, .providerFailure, "clock"),
        (6014, .providerFailure, "network is busy"), (6015, .providerFailure, "blacklisted"), (6016, .providerFailure, "invalid user"),
        (6017, .outOfRange, "invalid request"),
    ]

    @Test(arguments: documented)
    func theDocumentedCodesMeanWhatJPushSays(code: Int, error: PushError.Code, words: String) throws {
        let mapped = try #require(JPushResultCode.error(code, field: "alias"))
        #expect(mapped.code == error)
        #expect(mapped.message.contains(words), "\(mapped)")
        #expect(mapped.description.hasPrefix("alias: JPush \(code): "))
    }

    @Test(arguments: [6010, 6099, 1011, -1])
    func anUndocumentedCodeIsAProviderFailureNamingIt(code: Int) throws {
        let mapped = try #require(JPushResultCode.error(code, field: "tags"))
        #expect(mapped.code == .providerFailure)
        #expect(mapped.message.contains("\(code)"))
        #expect(JPushResultCode.error(0, field: "tags") == nil)
    }

    // MARK: Checks before sending

    /// A request JPush would reject, and the code it would answer.
    struct Rejected: Sendable, CustomTestStringConvertible {
        var name: String
        var request: @Sendable (JPushProvider) async throws -> Void
        var code: Int
        var testDescription: String { "\(name) → \(code)" }
    }

    static let fortyOneBytes = String(repeating: "a", count: 41)
    static let fortyTwoChineseBytes = String(repeating: "张", count: 14)

    static let rejected: [Rejected] = [
        Rejected(name: "empty alias", request: { _ = try await $0.alias(AliasRequest(.set(""))) }, code: 6003),
        Rejected(name: "alias of 41 bytes", request: { _ = try await $0.alias(AliasRequest(.set(SecretText(fortyOneBytes)))) }, code: 6004),
        Rejected(
            name: "alias of 14 Chinese characters (42 bytes)",
            request: { _ = try await $0.alias(AliasRequest(.set(SecretText(fortyTwoChineseBytes)))) }, code: 6004),
        Rejected(name: "no tags to add", request: { _ = try await $0.tags(TagsRequest(.add([]))) }, code: 6001),
        Rejected(name: "no tags to set", request: { _ = try await $0.tags(TagsRequest(.set([]))) }, code: 6001),
        Rejected(name: "no tags to delete", request: { _ = try await $0.tags(TagsRequest(.delete([]))) }, code: 6001),
        Rejected(name: "an empty tag", request: { _ = try await $0.tags(TagsRequest(.add(["ok", ""]))) }, code: 6005),
        Rejected(name: "a tag of 41 bytes", request: { _ = try await $0.tags(TagsRequest(.set(["ok", fortyOneBytes]))) }, code: 6006),
        Rejected(name: "a tag of 42 bytes in Chinese", request: { _ = try await $0.tags(TagsRequest(.delete([fortyTwoChineseBytes]))) }, code: 6006),
        Rejected(name: "1001 tags", request: { _ = try await $0.tags(TagsRequest(.add(Set((0...1000).map { "t\($0)" })))) }, code: 6007),
        Rejected(name: "validating an empty tag", request: { _ = try await $0.tags(TagsRequest(.validate(""))) }, code: 6005),
        Rejected(name: "validating a tag of 41 bytes", request: { _ = try await $0.tags(TagsRequest(.validate(fortyOneBytes))) }, code: 6006),
    ]

    @Test(arguments: rejected)
    func whatJPushWouldRejectIsNeverSent(_ row: Rejected) async {
        let harness = JPushHarness()
        do {
            try await row.request(harness.provider)
            Issue.record("sent")
        } catch let error as PushError {
            #expect(error.message.contains("JPush \(row.code):"), "\(error)")
            #expect(error.code == JPushResultCode.meanings[row.code]?.code)
            #expect(!error.message.contains(Self.fortyOneBytes) && !error.message.contains(Self.fortyTwoChineseBytes))
        } catch {
            Issue.record("not a PushError: \(error)")
        }
        #expect(harness.bridge.calls.isEmpty)
    }

    @Test func fortyBytesAndAThousandTagsAreSent() async throws {
        let harness = JPushHarness()
        let fortyBytes = String(repeating: "张", count: 13) + "a"
        _ = try await harness.provider.alias(AliasRequest(.set(SecretText(String(repeating: "a", count: 40)))))
        _ = try await harness.provider.alias(AliasRequest(.set(SecretText(fortyBytes))))
        _ = try await harness.provider.tags(TagsRequest(.set(Set((1...1000).map { "t\($0)" }))))
        _ = try await harness.provider.tags(TagsRequest(.validate(fortyBytes)))
        #expect(harness.bridge.calls.count == 4)
    }

    // MARK: What comes back

    @Test func aliasRoundTrip() async throws {
        let harness = JPushHarness()
        let set = try await harness.provider.alias(AliasRequest(.set(Self.alias)))
        #expect(set.alias == Self.alias)
        #expect(try await harness.provider.alias(AliasRequest(.get)).alias == Self.alias)
        let deleted = try await harness.provider.alias(AliasRequest(.delete(nil)))
        #expect(deleted.alias == nil)
        #expect(try await harness.provider.alias(AliasRequest(.get)).alias == nil)
        #expect(
            harness.bridge.calls.map(\.description) == [
                "setAlias(••••cret, seq: 1)", "getAlias(-, seq: 2)", "deleteAlias(-, seq: 3)", "getAlias(-, seq: 4)",
            ])
    }

    @Test func tagsRoundTrip() async throws {
        let provider = JPushHarness().provider
        #expect(try await provider.tags(TagsRequest(.add(["a", "b"]))).tags == ["a", "b"], "a change reports the tags sent")
        #expect(try await provider.tags(TagsRequest(.delete(["a"]))).tags == ["a"])
        #expect(try await provider.tags(TagsRequest(.getAll)).tags == ["b"], "a read reports the device's tags")
        #expect(try await provider.tags(TagsRequest(.validate("b"))).isBound == true)
        #expect(try await provider.tags(TagsRequest(.validate("a"))).isBound == false)
        #expect(try await provider.tags(TagsRequest(.set(["c"]))).tags == ["c"])
        #expect(try await provider.tags(TagsRequest(.getAll)).tags == ["c"])
        #expect(try await provider.tags(TagsRequest(.clean)).tags == nil)
        #expect(try await provider.tags(TagsRequest(.getAll)).tags == [])
    }

    // MARK: Timeouts

    @Test(arguments: Operation.allCases)
    func anUnansweredRequestTimesOutAfterThirtySecondsOnce(operation: Operation) async throws {
        let harness = silentHarness()
        let request = Task { await operation.run(harness.provider) }
        await waitForPending(harness.bridge, 1)
        harness.scheduler.advance(by: 29.9)
        #expect(harness.scheduler.pendingCount == 1, "not yet")
        harness.scheduler.advance(by: 0.1)
        let result = await request.value
        #expect(result.errorCode == .timeout)
        if case .failure(let error) = result {
            #expect(error.field == (operation.isAlias ? "alias" : "tags"))
            #expect(!"\(error)".contains(Self.alias.revealed))
        }
        // The late answer is ignored: the request was resumed once, by the watchdog.
        harness.bridge.answerPending(code: 0)
        harness.scheduler.advance(by: 60)
    }

    @Test func anAnswerJustBeforeTheDeadlineWins() async throws {
        let harness = silentHarness()
        let request = Task { await Operation.setAlias.run(harness.provider) }
        await waitForPending(harness.bridge, 1)
        harness.scheduler.advance(by: 29.9)
        let seq = try #require(harness.bridge.pendingSequences.first)
        harness.bridge.answerPending(code: 0)
        harness.scheduler.advance(by: 60)
        #expect(try await request.value.get() == seq)
    }

    // MARK: Masking and the badge

    @Test func theAliasStaysMaskedInCallsResultsAndErrors() async throws {
        let harness = JPushHarness()
        let result = try await harness.provider.alias(AliasRequest(.set(Self.alias)))
        harness.bridge.aliasAnswer = .code(6003)
        let failure = await Operation.setAlias.run(harness.provider)
        var printed = ""
        dump((result, failure, harness.bridge.calls), to: &printed)
        dump(harness.provider, to: &printed)
        dump(harness.bridge, to: &printed)
        printed += "\(result) \(String(reflecting: result)) \(failure) \(harness.bridge.calls) \(harness.bridge.calls.map(\.description))"
        #expect(!printed.contains(Self.alias.revealed), "\(printed)")
        #expect(printed.contains(Self.alias.masked))
    }

    @Test func theServerBadge() throws {
        let harness = JPushHarness()
        try harness.provider.setBadge(BadgeRequest(value: 3))
        try harness.provider.setBadge(BadgeRequest(value: 0))
        #expect(throws: PushError.self) { try harness.provider.setBadge(BadgeRequest(value: -1)) }
        harness.bridge.badgeAccepted = false
        #expect { try harness.provider.setBadge(BadgeRequest(value: 5)) } throws: { ($0 as? PushError)?.code == .providerFailure }
        #expect(harness.bridge.calls == [.badge(3), .badge(0), .badge(5)])
    }

    @Test func customFeedbackIsUnsupported() {
        let harness = JPushHarness()
        #expect(!(harness.provider is any FeedbackProvider), "JPush has no feedback call, so no FeedbackProvider conformance")
        let client = PushClient(provider: harness.provider)
        let message = PushEvent.Message(transport: .jpush, offline: false, id: "77", payload: [:])
        #expect {
            _ = try client.report(.custom(90001), for: message)
        } throws: { ($0 as? PushError)?.code == .unsupported }
        #expect(harness.bridge.calls.isEmpty)
    }
}
