import PushBridgeCore

/// One HTTP request a sender makes: what a transport sends and a dry run prints.
///
/// Printed (`description`, `dump`, a debugger), it shows the method, the URL with every long path
/// segment masked (an APNs URL ends with the device token), the headers with credentials masked,
/// and the body's size, never its content (it holds registration and client IDs).
public struct PushHTTPRequest: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `POST`, `GET` or `DELETE`.
    public var method: String
    /// The full URL, e.g. `https://api.push.apple.com/3/device/<token>`.
    public var url: String
    /// The headers in the order they are sent; names in lower case (HTTP/2's form).
    public var headers: [PushHTTPHeader]
    /// The body's bytes (UTF-8 JSON for every provider here).
    public var body: [UInt8]

    /// A request from its parts.
    public init(method: String, url: String, headers: [PushHTTPHeader] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The value of the first header named `name` (any case).
    public subscript(header name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name == lowered }?.value
    }

    /// The body as text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// `POST https://api.push.apple.com/3/device/••••1d4a [apns-push-type: alert, …] 92-byte body`.
    public var description: String {
        let path = url.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.count >= 16 && !segment.contains(".") ? SecretText.mask(String(segment)) : String(segment)
        }
        return "\(method) \(path.joined(separator: "/")) [\(headers.map(\.description).joined(separator: ", "))] \(body.count)-byte body"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The masked description alone.
    public var customMirror: Mirror { Mirror(self, children: ["request": description], displayStyle: .struct) }

    /// The request with its credential headers holding placeholders, not secrets (a plan's):
    /// printed as they are.
    package func withPlaceholderCredentials() -> PushHTTPRequest {
        var copy = self
        copy.headers = headers.map { PushHTTPHeader($0.name, $0.value, isSecret: false) }
        return copy
    }
}

/// A header: its name in lower case and its value; a secret value is masked when printed.
public struct PushHTTPHeader: Sendable, Hashable, CustomStringConvertible {
    /// The name, lower case.
    public var name: String
    /// The value.
    public var value: String
    /// Whether the value is a credential (`authorization`, Getui's `token`).
    public var isSecret: Bool

    /// A header; `name` is lower-cased.
    public init(_ name: String, _ value: String, isSecret: Bool = false) {
        self.name = name.lowercased()
        self.value = value
        self.isSecret = isSecret
    }

    /// `name: value`, a secret's value masked.
    public var description: String { "\(name): \(isSecret ? SecretText.mask(value) : value)" }
}

/// What came back: the status, the headers and the body.
public struct PushHTTPResponse: Sendable, Hashable {
    /// The HTTP status.
    public var status: Int
    /// The headers, names lower case.
    public var headers: [String: String]
    /// The body's bytes.
    public var body: [UInt8]

    /// A response from its parts; header names are lower-cased.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The value of the header named `name` (any case).
    public subscript(header name: String) -> String? { headers[name.lowercased()] }

    /// The body as JSON, or `nil` when it is empty or not JSON.
    public var jsonBody: JSONValue? { body.isEmpty ? nil : try? JSONParser.parse(body) }
}
