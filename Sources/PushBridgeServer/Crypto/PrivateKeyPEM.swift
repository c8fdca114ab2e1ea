import Foundation

/// What kind of private key a PEM file holds, read from its ASN.1 (the framing only, no
/// cryptography), so that a configuration check (`pushbridge send --dry-run`) names a garbage or
/// an RSA `.p8` before the first send.
///
/// Apple's `.p8` is a PKCS #8 `PRIVATE KEY` whose algorithm is `id-ecPublicKey`
/// (1.2.840.10045.2.1) on the curve `prime256v1` (1.2.840.10045.3.1.7): APNs' provider token is
/// ES256, "the P-256 curve and the SHA-256 hash" (Apple, "Establishing a token-based connection
/// to APNs"); RFC 5208 (PKCS #8), RFC 5915 (`EC PRIVATE KEY`), RFC 5480 §2.1.1 (the OIDs).
/// FCM's service account holds an RSA key (`rsaEncryption`, 1.2.840.113549.1.1.1).
package enum PrivateKeyPEM {
    /// A key's kind.
    package enum Kind: Equatable, Sendable {
        /// Elliptic curve, on P-256.
        case p256
        /// Elliptic curve, on another curve.
        case otherCurve
        /// RSA.
        case rsa
        /// Encrypted (PKCS #8 `ENCRYPTED PRIVATE KEY`): a signer cannot use it without its password.
        case encrypted
        /// Another algorithm.
        case other
    }

    private static let ecPublicKey: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
    private static let prime256v1: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
    private static let rsaEncryption: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]

    /// The kind of the first private key in `text`, or why none could be read.
    package static func kind(of text: String) -> Result<Kind, KeyFileProblem> {
        guard let begin = text.range(of: "-----BEGIN ") else { return .failure(KeyFileProblem("is not a PEM key (no -----BEGIN line)")) }
        guard let labelEnd = text.range(of: "-----", range: begin.upperBound..<text.endIndex) else {
            return .failure(KeyFileProblem("is not a PEM key (a -----BEGIN line without its end)"))
        }
        let label = String(text[begin.upperBound..<labelEnd.lowerBound])
        guard let end = text.range(of: "-----END \(label)-----", range: labelEnd.upperBound..<text.endIndex) else {
            return .failure(KeyFileProblem("is not a PEM key (no -----END \(label)----- line)"))
        }
        let body = text[labelEnd.upperBound..<end.lowerBound].filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: String(body)), !data.isEmpty else {
            return .failure(KeyFileProblem("holds a \(label) whose base64 does not decode"))
        }
        let der = [UInt8](data)
        switch label {
        case "ENCRYPTED PRIVATE KEY": return .success(.encrypted)
        case "RSA PRIVATE KEY": return .success(.rsa)
        case "EC PRIVATE KEY":
            // SEC1 (RFC 5915): the curve's OID in the [0] parameters.
            return .success(contains(der, oid: prime256v1) ? .p256 : .otherCurve)
        case "PRIVATE KEY":
            // PKCS #8: SEQUENCE { INTEGER, SEQUENCE { OID algorithm, parameters }, OCTET STRING }.
            var reader = DERReader(der)
            guard let outer = reader.next(tag: 0x30) else { return .failure(KeyFileProblem("holds a PRIVATE KEY that is not PKCS #8 DER")) }
            var inside = DERReader(outer)
            guard inside.next(tag: 0x02) != nil, let algorithm = inside.next(tag: 0x30) else {
                return .failure(KeyFileProblem("holds a PRIVATE KEY that is not PKCS #8 DER"))
            }
            var identifier = DERReader(algorithm)
            guard let oid = identifier.next(tag: 0x06) else { return .failure(KeyFileProblem("holds a PRIVATE KEY without its algorithm")) }
            if oid == rsaEncryption { return .success(.rsa) }
            guard oid == ecPublicKey else { return .success(.other) }
            return .success(identifier.next(tag: 0x06) == prime256v1 ? .p256 : .otherCurve)
        default:
            return .failure(KeyFileProblem("holds a \(label), not a private key"))
        }
    }

    /// Why `text` is not a P-256 private key APNs' ES256 can sign with, or `nil` when it is one.
    package static func p256Problem(_ text: String) -> String? {
        switch kind(of: text) {
        case .failure(let problem): problem.text + ": expected Apple's .p8, -----BEGIN PRIVATE KEY----- holding a P-256 key"
        case .success(.p256): nil
        case .success(.rsa): "holds an RSA key: APNs signs with ES256, expected Apple's .p8 (a P-256 elliptic-curve key)"
        case .success(.otherCurve): "holds an elliptic-curve key on another curve: APNs' ES256 needs P-256 (Apple's .p8)"
        case .success(.encrypted): "holds an encrypted key: expected Apple's .p8 as downloaded (unencrypted PKCS #8)"
        case .success(.other): "holds a key of another algorithm: expected Apple's .p8 (a P-256 elliptic-curve key)"
        }
    }

    /// Why `text` is not an RSA private key (FCM's service account), or `nil` when it is one.
    package static func rsaProblem(_ text: String) -> String? {
        switch kind(of: text) {
        case .failure(let problem): problem.text + ": expected the service account's RSA key, -----BEGIN PRIVATE KEY-----"
        case .success(.rsa): nil
        case .success(.encrypted): "holds an encrypted key: expected the service account's key as Google gives it"
        case .success: "is not an RSA key: expected the service account's RSA key (RS256)"
        }
    }

    private static func contains(_ bytes: [UInt8], oid: [UInt8]) -> Bool {
        let needle = [0x06, UInt8(oid.count)] + oid
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<$0 + needle.count]) == needle }
    }
}

/// Why a key file could not be read; never holds the key.
package struct KeyFileProblem: Error, Sendable, Equatable {
    package let text: String
    package init(_ text: String) { self.text = text }
}

/// Reads DER's tag-length-value elements one after another (definite lengths only).
private struct DERReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next element's content when its tag is `tag`; `nil` otherwise or when malformed.
    mutating func next(tag: UInt8) -> [UInt8]? {
        guard index + 2 <= bytes.count, bytes[index] == tag else { return nil }
        var position = index + 1
        var length = Int(bytes[position])
        position += 1
        if length & 0x80 != 0 {
            let count = length & 0x7F
            guard (1...3).contains(count), position + count <= bytes.count else { return nil }
            length = bytes[position..<position + count].reduce(0) { $0 << 8 | Int($1) }
            position += count
        }
        guard position + length <= bytes.count else { return nil }
        defer { index = position + length }
        return Array(bytes[position..<position + length])
    }
}
