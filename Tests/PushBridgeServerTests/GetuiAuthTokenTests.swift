import Foundation
import PushBridge
import PushBridgeServer
import Testing

@testable import PushBridgeGetuiServer

/// When the Getui sender asks for a new token: an hour before the 24 hours end, after a 10001,
/// once for every send waiting on it. A clock the test moves; `/auth` answered by a stand-in
/// (the protocol itself is tested against the emulator).
@Suite struct GetuiAuthTokenTests {
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds = 1_800_000_000.0
        var now: Double { lock.withLock { seconds } }
        func advance(hours: Double) { lock.withLock { seconds += hours * 3_600 } }
    }

    /// Answers `/auth` with a new token valid 24 hours from the clock's now, and counts them.
    final class AuthServer: PushHTTPTransport, @unchecked Sendable {
        let clock: Clock
        private let lock = NSLock()
        private var issued = 0
        var count: Int { lock.withLock { issued } }
        init(clock: Clock) { self.clock = clock }

        func send(_ request: PushHTTPRequest) async throws(PushTransportError) -> PushHTTPResponse {
            let number = lock.withLock {
                issued += 1
                return issued
            }
            let expiry = Int64((clock.now + 86_400) * 1_000)
            let body: JSONValue = ["code": 0, "msg": "", "data": ["expire_time": .string(String(expiry)), "token": .string("token-\(number)")]]
            return PushHTTPResponse(status: 200, body: JSONWriter.bytes(from: body))
        }
    }

    static func make() -> (GetuiAuthToken, Clock, AuthServer) {
        let clock = Clock()
        let server = AuthServer(clock: clock)
        let loop = AttemptLoop(transport: server, policy: .standard, sleeper: TaskSleeper(), random: { 0 })
        let auth = GetuiAuthToken(
            builder: GetuiRequestBuilder(baseURL: "https://restapi.getui.com/v2/app"), appKey: "key", masterSecret: "secret", loop: loop,
            now: { clock.now })
        return (auth, clock, server)
    }

    @Test func aTokenServesUntilAnHourBeforeItsEnd() async throws {
        let (auth, clock, server) = Self.make()
        #expect(try await auth.token() == "token-1")
        clock.advance(hours: 22.9)
        #expect(try await auth.token() == "token-1")
        clock.advance(hours: 0.2)  // 23.1 hours: within the hour
        #expect(try await auth.token() == "token-2")
        #expect(server.count == 2)
    }

    @Test func a10001ReplacesTheRefusedTokenOnceForEveryone() async throws {
        let (auth, _, server) = Self.make()
        let first = try await auth.token()
        // Several sends refused with the same token at once: one new token for all of them.
        let replaced = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await auth.token(replacing: first) } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(replaced == ["token-2"])
        #expect(server.count == 2)
        // A refusal of a token already replaced asks for nothing new.
        #expect(try await auth.token(replacing: first) == "token-2")
        #expect(server.count == 2)
    }
}
