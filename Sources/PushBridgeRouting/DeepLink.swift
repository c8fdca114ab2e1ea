import PushBridge

/// A deep link read strictly: scheme, host, path segments and query items, each decoded once and
/// checked against the ``RoutingPolicy``. Built only by ``parse(_:field:policy:)``, so a value of
/// this type has passed every check.
@_spi(Fuzzing) public struct DeepLink: Sendable, Hashable {
    /// The scheme, lowercase.
    public let scheme: String
    /// The host, normalised.
    public let host: String
    /// The path's segments, percent-decoded.
    public let pathSegments: [String]
    /// The query items, percent-decoded; a repeated name keeps its first value.
    public let query: [String: String]

    /// Reads `text` as a deep link allowed by `policy`.
    ///
    /// Rejects: values that are too long; invisible and control characters (raw or
    /// percent-encoded); schemes not allowed (and always `javascript:`, `data:`, `file:`); links
    /// without `//`; user information (`user@host`); ports; hosts not exactly allowed (after
    /// lowercasing and removing one trailing dot), percent-encoded or non-ASCII hosts; backslashes;
    /// `.` and `..` segments and encoded slashes, however encoded.
    public static func parse(_ text: String, field: String, policy: RoutingPolicy) -> Result<DeepLink, RoutingDiagnostic> {
        if let problem = RoutingText.check(text, field: field, policy: policy) { return .failure(problem) }
        guard !text.contains("\\") else {
            return .failure(RoutingDiagnostic(.malformedURL, field: field, "contains a backslash"))
        }
        guard let colon = text.firstIndex(of: ":") else {
            return .failure(RoutingDiagnostic(.malformedURL, field: field, "has no scheme"))
        }
        let scheme = text[..<colon].lowercased()
        guard !scheme.isEmpty,
            scheme.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else {
            return .failure(RoutingDiagnostic(.malformedURL, field: field, "has no valid scheme"))
        }
        guard !RoutingPolicy.forbiddenSchemes.contains(scheme), policy.allowedSchemes.contains(scheme) else {
            return .failure(RoutingDiagnostic(.disallowedScheme, field: field, "scheme \"\(scheme)\" is not allowed"))
        }
        let afterScheme = text[text.index(after: colon)...]
        guard afterScheme.hasPrefix("//") else {
            return .failure(RoutingDiagnostic(.malformedURL, field: field, "expected \"//\" after the scheme"))
        }
        let rest = afterScheme.dropFirst(2)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = String(rest[..<authorityEnd])
        guard !authority.contains("@") else {
            return .failure(RoutingDiagnostic(.userInfoInURL, field: field, "user information before the host is not allowed"))
        }
        guard !authority.contains(":") else {
            return .failure(RoutingDiagnostic(.portInURL, field: field, "a port is not allowed"))
        }
        guard !authority.contains("%"), authority.unicodeScalars.allSatisfy(\.isASCII) else {
            return .failure(RoutingDiagnostic(.disallowedHost, field: field, "the host must be plain ASCII"))
        }
        let host = RoutingPolicy.normalizedHost(authority)
        guard policy.allowedHosts.contains(host) else {
            return .failure(RoutingDiagnostic(.disallowedHost, field: field, "host \"\(host.prefix(64))\" is not allowed"))
        }

        var remainder = rest[authorityEnd...]
        if let hash = remainder.firstIndex(of: "#") { remainder = remainder[..<hash] }
        let queryStart = remainder.firstIndex(of: "?")
        let rawPath = queryStart.map { remainder[..<$0] } ?? remainder
        let rawQuery = queryStart.map { remainder[remainder.index(after: $0)...] } ?? ""

        var segments: [String] = []
        for rawSegment in rawPath.split(separator: "/", omittingEmptySubsequences: true) {
            guard let segment = percentDecoded(rawSegment) else {
                return .failure(RoutingDiagnostic(.malformedURL, field: field, "has a malformed percent escape"))
            }
            if segment == "." || segment == ".." || segment.contains("/") || segment.contains("\\") || segment.contains("%") {
                return .failure(RoutingDiagnostic(.pathTraversal, field: field, "a path segment climbs or hides a separator"))
            }
            if let problem = RoutingText.check(segment, field: field, policy: policy) { return .failure(problem) }
            segments.append(segment)
        }
        var query: [String: String] = [:]
        for pair in rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = percentDecoded(parts[0]), let value = percentDecoded(parts.count > 1 ? parts[1] : "") else {
                return .failure(RoutingDiagnostic(.malformedURL, field: field, "has a malformed percent escape"))
            }
            for text in [name, value] {
                if let problem = RoutingText.check(text, field: "\(field)?\(name.prefix(32))", policy: policy) { return .failure(problem) }
            }
            if query[name] == nil { query[name] = value }
        }
        return .success(DeepLink(scheme: scheme, host: host, pathSegments: segments, query: query))
    }

    /// `text` with `%XX` escapes (and `+` in queries left as is) decoded once; `nil` when an
    /// escape is malformed or the bytes are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validatingUTF8Bytes: bytes)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension String {
    /// The string of `bytes` if they are valid UTF-8.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        var decoded = ""
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): decoded.unicodeScalars.append(scalar)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        self = decoded
    }
}
