import Dispatch
import PushBridge
import PushBridgeAPNsServer
import PushBridgeGetuiServer
import PushBridgeJPushServer
import PushBridgeServer

/// libFuzzer entry for what a server reads from outside: a message file, a server configuration,
/// and each provider's answer. The first byte chooses: 0 a message (then planned for every
/// provider), 1 a configuration, 2–4 an answer from APNs, JPush or Getui (the second byte picks
/// the status) run through the sender's retries. Must never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSend(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let rest = Array(bytes.dropFirst())
    switch bytes[0] % 5 {
    case 0: message(rest)
    case 1: configuration(rest)
    default: answer(provider: Int(bytes[0] % 5) - 2, rest)
    }
    return 0
}

private let senders: [any PushSenderDefinition] = [APNsSenderDefinition(), JPushSenderDefinition(), GetuiSenderDefinition()]
private let token = SecretText(String(repeating: "ab", count: 32))

private func message(_ bytes: [UInt8]) {
    guard let json = try? JSONParser.parse(bytes), let message = try? PushMessage(json: json) else { return }
    let options = PushSenderOptions(transport: FixedAnswer(status: 200, body: []))
    let apns = APNsSender(keyID: "ABC123DEFG", teamID: "DEF123GHIJ", topic: "com.example.app", signer: ZeroSigner(), options: options)
    let jpush = JPushSender(appKey: "5a6e94518f6bd85ba173cf77", masterSecret: "secret", options: options)
    let getui = GetuiSender(appID: "app", appKey: "key", masterSecret: "secret", options: options)
    for (sender, audience) in [
        (apns, PushAudience.deviceTokens([token])), (jpush, .registrationIDs(["id1", "id2"])), (getui, .clientIDs(["cid1", "cid2"])),
    ]
        as [(any PushSender, PushAudience)]
    {
        _ = try? sender.plan(message, to: audience)
        _ = try? sender.devicePayload(message)
        _ = try? sender.plan(message, to: .everyone)
    }
}

private func configuration(_ bytes: [UInt8]) {
    do {
        let configuration = try PushServerConfiguration(jsonBytes: bytes, senders: senders)
        _ = configuration.description
        _ = try? PushSenders.make(configuration, senders: senders)
    } catch {
        _ = error.description
    }
}

private func answer(provider: Int, _ bytes: [UInt8]) {
    let status = [200, 400, 403, 410, 429, 500, 503, 401][Int(bytes.first ?? 0) % 8]
    let options = PushSenderOptions(transport: FixedAnswer(status: status, body: Array(bytes.dropFirst())), sleeper: NoWait(), random: { 0.5 })
    let message = PushMessage(alert: .init(body: "x"))
    let work: @Sendable () async -> Void = {
        switch provider {
        case 0:
            let sender = APNsSender(keyID: "ABC123DEFG", teamID: "DEF123GHIJ", topic: "com.example.app", signer: ZeroSigner(), options: options)
            _ = try? await sender.send(message, to: .deviceTokens([token]))
        case 1:
            _ = try? await JPushSender(appKey: "5a6e94518f6bd85ba173cf77", masterSecret: "secret", options: options).send(
                message, to: .aliases(["a", "b"]))
        default:
            _ = try? await GetuiSender(appID: "app", appKey: "key", masterSecret: "secret", options: options).send(
                message, to: .clientIDs(["c1", "c2"]))
        }
    }
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        await work()
        done.signal()
    }
    done.wait()
}

/// Every request answered with the same status and body.
private struct FixedAnswer: PushHTTPTransport {
    let status: Int
    let body: [UInt8]
    func send(_ request: PushHTTPRequest) async throws(PushTransportError) -> PushHTTPResponse {
        PushHTTPResponse(status: status, headers: ["retry-after": "1", "x-rate-limit-reset": "1"], body: body)
    }
}

private struct NoWait: PushSleeper {
    func sleep(seconds: Double) async {}
}

private struct ZeroSigner: ES256Signer {
    func sign(_ message: [UInt8]) throws(ES256SigningError) -> [UInt8] { [UInt8](repeating: 0, count: 64) }
}
