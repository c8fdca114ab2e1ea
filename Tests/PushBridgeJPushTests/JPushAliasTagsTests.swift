import PushBridge
import PushBridgeJPush
import PushBridgeTesting
import Testing

/// Aliases and tags: sequence numbers, JPush's result codes, local checks, timeouts.
@Suite struct JPushAliasTagsTests {
    private func make() -> (MockJPushBridge, JPushProvider, ManualScheduler) {
        let bridge = MockJPushBridge()
        let scheduler = ManualScheduler()
        return (bridge, JPushProvider(settings: JPushSettings(appKey: "5a6e94518f6bd85ba173cf77"), bridge: bridge, scheduler: scheduler), scheduler)
    }

    @Test func aliasRoundTripWithSequenceNumbers() async throws {
        let (bridge, provider, _) = make()
        let set = try await provider.alias(AliasRequest(.set("user-42")))
        let got = try await provider.alias(AliasRequest(.get))
        #expect(set.alias?.revealed == "user-42")
        #expect(got.alias?.revealed == "user-42")
        #expect(set.sequence != got.sequence)
        #expect(!"\(set) \(got) \(bridge.calls)".contains("user-42"))
        _ = try await provider.alias(AliasRequest(.delete(nil)))
        #expect(try await provider.alias(AliasRequest(.get)).alias == nil)
    }

    @Test(arguments: [6001, 6002, 6003, 6004, 6005, 6006, 6007, 6008, 6009, 6011, 6012, 6013, 6014, 6015, 6016, 6017, 6010, 9999])
    func everyResultCodeIsAPushError(code: Int) async throws {
        let (bridge, provider, _) = make()
        bridge.aliasAnswer = .code(code)
        bridge.tagAnswer = .code(code)
        for attempt in 0..<2 {
            do {
                if attempt == 0 { _ = try await provider.alias(AliasRequest(.set("u"))) } else { _ = try await provider.tags(TagsRequest(.add(["t"]))) }
                Issue.record("code \(code) succeeded")
            } catch {
                #expect(error.message.contains("\(code)"))
                let expected = JPushResultCode.meanings[code]?.code ?? .providerFailure
                #expect(error.code == expected)
            }
        }
    }

    @Test(arguments: [
        (String(repeating: "a", count: 41), 6004),
        (String(repeating: "张", count: 14), 6004),  // 42 UTF-8 bytes
        ("", 6003),
    ])
    func aliasesJPushWouldRejectAreNeverSent(alias: String, code: Int) async {
        let (bridge, provider, _) = make()
        await #expect {
            _ = try await provider.alias(AliasRequest(.set(SecretText(alias))))
        } throws: { error in
            (error as? PushError)?.message.contains("\(code)") == true
        }
        #expect(bridge.calls.isEmpty)
    }

    @Test func fortyBytesIsAllowed() async throws {
        let (_, provider, _) = make()
        _ = try await provider.alias(AliasRequest(.set(SecretText(String(repeating: "a", count: 40)))))
        _ = try await provider.tags(TagsRequest(.add([String(repeating: "张", count: 13) + "a"])))  // 40 bytes
    }

    @Test func tagsOperations() async throws {
        let (_, provider, _) = make()
        #expect(try await provider.tags(TagsRequest(.add(["a", "b"]))).tags == ["a", "b"])
        #expect(try await provider.tags(TagsRequest(.delete(["a"]))).tags == ["b"])
        #expect(try await provider.tags(TagsRequest(.validate("b"))).isBound == true)
        #expect(try await provider.tags(TagsRequest(.set(["c"]))).tags == ["c"])
        #expect(try await provider.tags(TagsRequest(.getAll)).tags == ["c"])
        #expect(try await provider.tags(TagsRequest(.clean)).tags == [])
        await #expect(throws: PushError.self) { _ = try await provider.tags(TagsRequest(.add(Set((0...1000).map { "t\($0)" })))) }
    }

    @Test func aRequestJPushNeverAnswersTimesOutOnce() async throws {
        let (bridge, provider, scheduler) = make()
        bridge.aliasAnswer = .never
        let outcome = Task { () -> PushError? in
            do {
                _ = try await provider.alias(AliasRequest(.set("late")))
                return nil
            } catch let error as PushError {
                return error
            } catch {
                return nil
            }
        }
        while bridge.calls.isEmpty { await Task.yield() }
        scheduler.advance(by: 30)
        let error = await outcome.value
        #expect(error?.code == .timeout)
        bridge.answerPending(code: 0)  // the late answer is ignored: resumed exactly once
    }
}
