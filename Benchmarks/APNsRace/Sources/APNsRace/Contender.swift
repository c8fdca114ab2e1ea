import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PushBridge
import PushBridgeAPNsServer
import PushBridgeAsyncHTTPClient
import PushBridgeServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One client in the race, run in a process of its own so that its CPU time and peak memory are
/// its own.
enum Contender: String, CaseIterable {
    /// The same requests made with AsyncHTTPClient directly: the yardstick.
    case bareAsyncHTTPClient = "bare-ahc"
    /// PushBridge's APNs sender on ``AsyncHTTPClientTransport``.
    case pushBridgeOnAsyncHTTPClient = "pushbridge-ahc"
    /// PushBridge's APNs sender on its default ``URLSessionTransport``.
    case pushBridgeOnURLSession = "pushbridge-urlsession"

    /// Sends `count` notifications to distinct tokens at `baseURL`, `concurrency` at once, after
    /// a warm-up; returns what was measured.
    func run(baseURL: String, count: Int, concurrency: Int, keyPath: String) async throws -> Measurement {
        let message = PushMessage(alert: .init(title: "Race", body: "One of many"))
        let sender = APNsSender(
            keyID: "ABC123DEFG", teamID: "DEF123GHIJ", topic: "com.example.app", signer: OpenSSLCommandES256Signer(privateKeyPath: keyPath),
            options: PushSenderOptions(
                transport: self == .pushBridgeOnURLSession ? URLSessionTransport() : AsyncHTTPClientTransport(), retryPolicy: .standard,
                maxConcurrentRequests: concurrency, baseURLs: [.apns: baseURL]))
        // The bare client sends exactly the request the sender plans (a real provider token in it).
        let planned = try sender.plan(message, to: .deviceTokens([Self.token(0)]))[0].request
        let bearer = "bearer " + (try Self.providerToken(keyPath: keyPath))
        let headers = planned.headers.map { ($0.name, $0.name == "authorization" ? bearer : $0.value) }.filter { $0.0 != "apns-id" }

        let retried = Counter()
        func send(_ tokens: Range<Int>) async throws -> Int {
            switch self {
            case .bareAsyncHTTPClient:
                return try await Self.sendBare(tokens, baseURL: baseURL, headers: headers, body: planned.body, concurrency: concurrency)
            case .pushBridgeOnAsyncHTTPClient, .pushBridgeOnURLSession:
                let accepted = Counter()
                try await sender.send(message, to: .deviceTokens(tokens.map(Self.token))) { result in
                    if result.messageID != nil { accepted.add() }
                    for _ in 1..<max(1, result.attempts) { retried.add() }
                }
                return accepted.value
            }
        }

        _ = try await send(count..<(count + min(concurrency, 500)))  // warm-up: connection, TLS, provider token
        let retriedInWarmUp = retried.value
        let before = Usage.now()
        let accepted = try await send(0..<count)
        let after = Usage.now()
        return Measurement(
            contender: rawValue, concurrency: concurrency, count: count, accepted: accepted, seconds: after.wall - before.wall,
            cpuMicroseconds: after.cpuMicroseconds - before.cpuMicroseconds, maxResidentKiB: after.maxResidentKiB,
            retried: retried.value - retriedInWarmUp)
    }

    /// A provider token as APNs reads it (ES256 JWT: `{"alg","kid"}.{"iss","iat"}.r‖s`), made
    /// once, as APNSwift and PushBridge keep theirs.
    static func providerToken(keyPath: String) throws -> String {
        func base64URL(_ bytes: [UInt8]) -> String {
            Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let input =
            base64URL(Array(#"{"alg":"ES256","kid":"ABC123DEFG"}"#.utf8)) + "."
            + base64URL(Array(#"{"iss":"DEF123GHIJ","iat":\#(Int(Date().timeIntervalSince1970))}"#.utf8))
        return input + "." + base64URL(try OpenSSLCommandES256Signer(privateKeyPath: keyPath).sign(Array(input.utf8)))
    }

    /// Device token number `index`.
    static func token(_ index: Int) -> SecretText { SecretText(String(format: "%064x", index + 1)) }

    private static func sendBare(_ tokens: Range<Int>, baseURL: String, headers: [(String, String)], body: [UInt8], concurrency: Int) async throws
        -> Int
    {
        let client = HTTPClient.shared
        let payload = ByteBuffer(bytes: body)
        return try await withThrowingTaskGroup(of: Bool.self) { group in
            var accepted = 0
            var next = tokens.lowerBound
            func add() {
                let index = next
                next += 1
                group.addTask {
                    var request = HTTPClientRequest(url: baseURL + "/3/device/" + token(index).revealed)
                    request.method = .POST
                    for (name, value) in headers { request.headers.add(name: name, value: value) }
                    request.headers.add(name: "apns-id", value: UUID().uuidString)
                    request.body = .bytes(payload)
                    let response = try await client.execute(request, timeout: .seconds(30))
                    _ = try await response.body.collect(upTo: 1 << 16)
                    return response.status == .ok
                }
            }
            while next < min(tokens.upperBound, tokens.lowerBound + concurrency) { add() }
            while let ok = try await group.next() {
                if ok { accepted += 1 }
                if next < tokens.upperBound { add() }
            }
            return accepted
        }
    }
}

/// What one contender measured.
struct Measurement: Codable {
    var contender: String
    var concurrency: Int
    var count: Int
    var accepted: Int
    var seconds: Double
    var cpuMicroseconds: Double
    var maxResidentKiB: Int
    /// Requests sent again by the sender's retry policy (a transport error or a 5xx).
    var retried = 0
    var connections = 0

    var perSecond: Double { Double(count) / seconds }
    var cpuPerNotification: Double { cpuMicroseconds / Double(count) }
}

/// The process's wall clock, CPU time (user + system) and peak resident memory.
struct Usage {
    var wall: Double
    var cpuMicroseconds: Double
    var maxResidentKiB: Int

    static func now() -> Usage {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        #if canImport(Darwin)
            let maxRSS = Int(usage.ru_maxrss) / 1024  // bytes on Darwin
        #else
            let maxRSS = Int(usage.ru_maxrss)  // KiB on Linux
        #endif
        return Usage(wall: Double(DispatchTime.now().uptimeNanoseconds) / 1e9, cpuMicroseconds: cpu, maxResidentKiB: maxRSS)
    }
}

/// A count shared by the sender's result callbacks.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
