import PushBridge
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeTesting
import Testing

/// Alias and tag requests carry a sequence number; the delegate result with that number resumes
/// each request exactly once, whatever the order; a watchdog on the injected scheduler fails it
/// after 30 s; aliases and client IDs stay masked throughout.
@Suite struct GetuiSequenceTests {
    /// A request through the provider, run in a task, with the code of its error if it fails.
    enum Operation: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case bindAlias, unbindAlias, setTags, queryTag

        func run(_ provider: GetuiProvider) async -> Result<Int, PushError> {
            do throws(PushError) {
                switch self {
                case .bindAlias: return .success(try await provider.alias(AliasRequest(.set("user-7-secret"))).sequence)
                case .unbindAlias: return .success(try await provider.alias(AliasRequest(.delete("user-7-secret"))).sequence)
                case .setTags: return .success(try await provider.tags(TagsRequest(.set(["a"]))).sequence)
                case .queryTag: return .success(try await provider.tags(TagsRequest(.getAll)).sequence)
                }
            } catch {
                return .failure(error)
            }
        }

        /// The delegate result for request `sn`.
        func answer(_ sn: String, success: Bool, error: PushError.VendorCode? = nil) -> MockGetuiBridge.Callback {
            switch self {
            case .bindAlias: .aliasAction("bindAlias", result: success, sequenceNum: sn, error: error)
            case .unbindAlias: .aliasAction("unbindAlias", result: success, sequenceNum: sn, error: error)
            case .setTags: .setTagsAction(sequenceNum: sn, result: success, error: error)
            case .queryTag:
                .queryTag(
                    success ? ["a"] : [], sequenceNum: sn, error: success ? nil : (error ?? PushError.VendorCode(domain: "GetuiErrorDomain", code: 1))
                )
            }
        }

        var testDescription: String { rawValue }
    }

    private func harness() -> GetuiHarness {
        let harness = GetuiHarness()
        harness.bridge.answer = .never
        return harness
    }

    /// Yields until the mock has recorded `count` calls (the requests run in tasks).
    private func waitForCalls(_ bridge: MockGetuiBridge, _ count: Int) async {
        for _ in 0..<100_000 where bridge.calls.count < count { await Task.yield() }
        #expect(bridge.calls.count >= count)
    }

    @Test(arguments: Operation.allCases)
    func answersOutOfOrderReachTheirOwnRequests(operation: Operation) async throws {
        let harness = harness()
        let first = Task { await operation.run(harness.provider) }
        await waitForCalls(harness.bridge, 1)
        harness.scheduler.advance(by: GetuiResultCode.minimumBindInterval)  // Getui's 5 s between binds
        let second = Task { await operation.run(harness.provider) }
        await waitForCalls(harness.bridge, 2)
        let numbers = harness.bridge.calls.compactMap(\.sequenceNum)
        #expect(Set(numbers).count == 2, "a fresh sequence number per request")
        // Answers nobody waits for are ignored: unknown, not a number.
        harness.bridge.trigger(operation.answer("999", success: true))
        harness.bridge.trigger(operation.answer("not-a-number", success: true))
        // The second first, as a failure; then the first, as a success; then the second again.
        harness.bridge.trigger(operation.answer(numbers[1], success: false, error: PushError.VendorCode(domain: "GetuiErrorDomain", code: 30004)))
        harness.bridge.trigger(operation.answer(numbers[0], success: true))
        harness.bridge.trigger(operation.answer(numbers[1], success: true))
        #expect(try await first.value.get() == Int(numbers[0]))
        #expect((await second.value).errorCode == .providerFailure)
        if case .failure(let error) = await second.value {
            #expect(error.vendorCode == GetuiResultCode.vendorCode(30004), "the SDK's code survives, in Getui's domain")
        }
        #expect(harness.scheduler.pendingCount == 0, "each watchdog cancelled once answered")
    }

    @Test(arguments: Operation.allCases)
    func anUnansweredRequestTimesOutAfterThirtySeconds(operation: Operation) async throws {
        let harness = harness()
        let request = Task { await operation.run(harness.provider) }
        await waitForCalls(harness.bridge, 1)
        harness.scheduler.advance(by: 29.9)
        harness.scheduler.advance(by: 0.1)
        let result = await request.value
        #expect(result.errorCode == .timeout)
        if case .failure(let error) = result { #expect(!"\(error)".contains("user-7-secret")) }
        // The answer after the watchdog is ignored.
        let sn = try #require(harness.bridge.calls.first?.sequenceNum)
        harness.bridge.trigger(operation.answer(sn, success: true))
    }

    @Test func anAnswerJustBeforeTheDeadlineWins() async throws {
        let harness = harness()
        let request = Task { await Operation.bindAlias.run(harness.provider) }
        await waitForCalls(harness.bridge, 1)
        harness.scheduler.advance(by: 29.9)
        let sn = try #require(harness.bridge.calls.first?.sequenceNum)
        harness.bridge.trigger(Operation.bindAlias.answer(sn, success: true))
        harness.scheduler.advance(by: 60)
        #expect(try await request.value.get() == Int(sn))
    }

    @Test(arguments: [Operation.setTags, .queryTag])
    func aTagRequestTheSDKDoesNotSubmitFailsAtOnce(operation: Operation) async {
        let harness = GetuiHarness()
        harness.bridge.acceptsTags = false
        let result = await operation.run(harness.provider)
        #expect(result.errorCode == .providerFailure)
        #expect(harness.scheduler.pendingCount == 0)
    }

    @Test func theAliasStaysMaskedInCallsResultsAndErrors() async throws {
        let alias: SecretText = "user-7-secret"
        let harness = GetuiHarness()
        let bound = try await harness.provider.alias(AliasRequest(.set(alias)))
        #expect(bound.alias == alias)
        let code = PushError.VendorCode(domain: "GetuiErrorDomain", code: 30002)
        harness.bridge.answer = .failure(code)
        harness.scheduler.advance(by: GetuiResultCode.minimumBindInterval)
        let failure = await Operation.bindAlias.run(harness.provider)
        guard case .failure(let error) = failure else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.vendorCode == GetuiResultCode.vendorCode(30002), "\(error)")
        #expect(error.message.contains("Getui 30002"), "\(error)")
        var printed = ""
        dump((bound, error, harness.bridge.calls), to: &printed)
        printed += "\(bound) \(error) \(harness.bridge.calls) \(harness.bridge.calls.map(\.description))"
        #expect(!printed.contains(alias.revealed), "\(printed)")
    }

    @Test func theClientIDStaysMaskedEverywhere() {
        let clientID = "b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e"
        let harness = GetuiHarness(clientID: clientID)
        harness.bridge.trigger(.registerClient(clientID))
        let events = harness.events
        guard case .registered(let registration)? = events.first else {
            Issue.record("no registered event: \(events)")
            return
        }
        #expect(registration.identifier.revealed == clientID, "the app can still read it on purpose")
        var printed = ""
        dump(events, to: &printed)
        printed += "\(events) \(String(reflecting: events)) \(registration) \(harness.bridge.calls)"
        #expect(!printed.contains(clientID), "\(printed)")
        #expect(printed.contains(SecretText.mask(clientID)))
    }
}

extension Result where Failure == PushError {
    /// The code of the error, if this is a failure.
    var errorCode: PushError.Code? {
        if case .failure(let error) = self { error.code } else { nil }
    }
}
