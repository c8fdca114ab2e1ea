import PushBridgeCore

/// The PushKit VoIP token, for a provider that pushes VoIP itself (JPush
/// `+registerVoipToken:`, Getui `+registerVoipTokenCredentials:`); `nil` when PushKit
/// invalidated it (`pushRegistry(_:didInvalidatePushTokenFor:)`).
public struct VoIPTokenRequest: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The token's bytes (`PKPushCredentials.token`), or `nil` when invalidated.
    public let token: [UInt8]?

    /// A request with the token's bytes.
    public init(token: [UInt8]?) {
        self.token = token
    }

    /// The token in lowercase hex, masked when printed.
    public var hexToken: SecretText? { token.map { SecretText(PushTokenHex.encode($0)) } }

    /// `VoIPTokenRequest(••••abcd)`.
    public var description: String { "VoIPTokenRequest(\(hexToken.map(\.masked) ?? "invalidated"))" }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// A mirror with the masked token only.
    public var customMirror: Mirror { Mirror(self, children: ["token": hexToken as Any], displayStyle: .struct) }
}

/// A VoIP push PushKit delivered, for the provider's receipt (JPush and Getui
/// `+handleVoipNotification:`). Sent after the app reported the call to CallKit.
public struct VoIPPushRequest: Sendable, Equatable {
    /// `PKPushPayload.dictionaryPayload`.
    public let payload: JSONObject

    /// A request with the push's payload.
    public init(payload: JSONObject) {
        self.payload = payload
    }
}

/// A Live Activity token, for a provider that pushes Live Activities (JPush
/// `+registerLiveActivity:pushToken:…` / `:pushToStartToken:…`, Getui
/// `+registerLiveActivity:activityToken:…` / `:pushToStartToken:…`).
public struct LiveActivityTokenRequest: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Which token: one activity's, or an attributes type's push-to-start token.
    public let kind: PushTokenKind
    /// The token's bytes; `nil` when the activity ended (JPush: "在liveActivity结束的时候，请同步调用该接口，pushToken传nil",
    /// `JPUSHService.h` 5.7.0 L280).
    public let token: [UInt8]?

    /// A request from its parts. `kind` is `.liveActivity` or `.pushToStart`.
    public init(kind: PushTokenKind, token: [UInt8]?) {
        self.kind = kind
        self.token = token
    }

    /// The token in lowercase hex, masked when printed.
    public var hexToken: SecretText? { token.map { SecretText(PushTokenHex.encode($0)) } }

    /// `LiveActivityTokenRequest(liveActivity(order-42), ••••abcd)`.
    public var description: String { "LiveActivityTokenRequest(\(kind), \(hexToken.map(\.masked) ?? "ended"))" }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// A mirror with the masked token only.
    public var customMirror: Mirror { Mirror(self, children: ["kind": kind, "token": hexToken as Any], displayStyle: .struct) }
}

/// Lowercase hex, the form servers (and Getui's `NSString` token parameters) take tokens in.
package enum PushTokenHex {
    /// `[0x0a, 0xff]` → `"0aff"`.
    package static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
