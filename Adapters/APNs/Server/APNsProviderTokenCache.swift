import Foundation
import PushBridgeCore
import PushBridgeServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the APNs provider token between processes, so that a backend that runs `pushbridge
/// send` once per message signs a new token no more than Apple allows.
///
/// Apple, "Establishing a token-based connection to APNs": refresh the token "no more than
/// once every 20 minutes and no less than once every 60 minutes"; more often is refused with
/// `429 TooManyProviderTokenUpdates`. A sender kept alive already reuses its token
/// (its `APNsProviderToken`); a process that ends loses it, and the next would sign a new one.
///
/// One file per key, `apns-provider-token-<teamID>-<keyID>.json`, holding the token, its key ID,
/// team ID, the fingerprint of the key that signed it (``ES256Signer/keyFingerprint``: a `.p8`
/// replaced under the same key ID is another key, whose process never reuses the token) and the
/// time it was issued (`iat`), in a folder only the user can enter (0700), the
/// file only the user can read (0600), written whole and renamed into place. The token is a
/// credential for an hour: a file another user owns, or that others may read, is not used
/// (``Lookup/refused(_:)``) and is replaced.
public struct APNsProviderTokenCache: Sendable {
    /// The folder the files live in.
    public let directory: String
    /// Hears what the cache could not do: a file not used and why, a token not stored.
    public let report: @Sendable (String) -> Void

    /// A cache in `directory` (made, 0700, when the first token is stored); `report` hears
    /// what it could not do (nothing is skipped in silence).
    public init(directory: String, report: @escaping @Sendable (String) -> Void = { _ in }) {
        self.directory = directory
        self.report = report
    }

    /// The user's own cache folder's `pushbridge`: `$XDG_CACHE_HOME` or `~/.cache` on Linux,
    /// `~/Library/Caches` on Apple platforms; `nil` when there is none.
    public static var userDirectory: String? {
        guard let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first else { return nil }
        return caches.appendingPathComponent("pushbridge", isDirectory: true).path
    }

    /// One stored token.
    public struct Entry: Sendable, Hashable {
        /// The JWT.
        public var token: String
        /// The APNs key's ID (the JWT's `kid`).
        public var keyID: String
        /// The team's ID (the JWT's `iss`).
        public var teamID: String
        /// When it was issued, seconds since 1970 (the JWT's `iat`).
        public var issuedAt: Double
        /// The fingerprint of the key that signed it (``ES256Signer/keyFingerprint``); `nil` in
        /// a file written before tokens were bound to their key, which is never reused.
        public var keyFingerprint: String?

        /// An entry from its parts.
        public init(token: String, keyID: String, teamID: String, issuedAt: Double, keyFingerprint: String? = nil) {
            self.token = token
            self.keyID = keyID
            self.teamID = teamID
            self.issuedAt = issuedAt
            self.keyFingerprint = keyFingerprint
        }
    }

    /// What a lookup found.
    public enum Lookup: Sendable, Hashable {
        /// A token for this key and team.
        case found(Entry)
        /// No file yet.
        case none
        /// A file that is not used, and why (others may read it, another user owns it, it is
        /// not a token for this key).
        case refused(String)
    }

    /// The file of the key `keyID` of team `teamID`.
    public func path(keyID: String, teamID: String) -> String {
        (directory as NSString).appendingPathComponent("apns-provider-token-\(Self.safe(teamID))-\(Self.safe(keyID)).json")
    }

    /// The stored token of the key `keyID` of team `teamID`, if the file is the user's alone.
    public func lookup(keyID: String, teamID: String) -> Lookup {
        let path = path(keyID: keyID, teamID: teamID)
        var status = stat()
        guard lstat(path, &status) == 0 else { return .none }
        guard status.st_mode & S_IFMT == S_IFREG else { return .refused("\(path) is not a plain file") }
        guard status.st_uid == getuid() else { return .refused("\(path) belongs to another user") }
        guard status.st_mode & 0o077 == 0 else {
            return .refused("\(path) may be read by others (mode \(String(status.st_mode & 0o777, radix: 8)), expected 600)")
        }
        guard let data = FileManager.default.contents(atPath: path), let json = try? JSONParser.parse(Array(data)),
            let token = json["token"]?.stringValue, let storedKey = json["keyID"]?.stringValue, let storedTeam = json["teamID"]?.stringValue,
            let issuedAt = json["issuedAt"]?.integerValue
        else { return .refused("\(path) is not a stored provider token") }
        guard storedKey == keyID, storedTeam == teamID else { return .refused("\(path) holds the token of another key") }
        return .found(
            Entry(token: token, keyID: storedKey, teamID: storedTeam, issuedAt: Double(issuedAt), keyFingerprint: json["keyFingerprint"]?.stringValue)
        )
    }

    /// The stored token of the key `keyID` of team `teamID` signed by the key whose fingerprint
    /// is `keyFingerprint`: a token another key file signed under the same key ID (a wrong `.p8`
    /// since replaced), or one of unknown key, is refused, never sent.
    public func lookup(keyID: String, teamID: String, keyFingerprint: String?) -> Lookup {
        let found = lookup(keyID: keyID, teamID: teamID)
        guard case .found(let entry) = found else { return found }
        guard let keyFingerprint else { return .refused("the signer names no key fingerprint, so a kept token cannot be matched to its key") }
        guard entry.keyFingerprint == keyFingerprint else {
            return .refused("\(path(keyID: keyID, teamID: teamID)) holds a token signed by another key file under the same key ID")
        }
        return found
    }

    /// Deletes the stored token of the key `keyID` of team `teamID` if it is `token` (APNs
    /// refused it as invalid); another process's newer token stays.
    public func remove(_ token: String, keyID: String, teamID: String) {
        guard case .found(let entry) = lookup(keyID: keyID, teamID: teamID), entry.token == token else { return }
        if unlink(path(keyID: keyID, teamID: teamID)) != 0 {
            report("the refused provider token could not be deleted from \(path(keyID: keyID, teamID: teamID)) (\(Self.reason(errno)))")
        }
    }

    /// Stores `entry`: the folder made 0700 if missing, the file written 0600 beside its place
    /// and renamed over it.
    ///
    /// - Throws: ``PushError`` naming the folder or file that could not be written.
    public func store(_ entry: Entry) throws(PushError) {
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw PushError(.providerFailure, field: "tokenCache", "\(directory) could not be made: \(error.localizedDescription)")
            }
        }
        let path = path(keyID: entry.keyID, teamID: entry.teamID)
        let temporary = path + ".\(getpid()).tmp"
        var object: JSONObject = [
            "token": .string(entry.token), "keyID": .string(entry.keyID), "teamID": .string(entry.teamID),
            "issuedAt": .integer(Int64(entry.issuedAt)),
        ]
        if let fingerprint = entry.keyFingerprint { object["keyFingerprint"] = .string(fingerprint) }
        let bytes = JSONWriter.bytes(from: .object(object))
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw PushError(.providerFailure, field: "tokenCache", "\(temporary) could not be made (\(Self.reason(errno)))")
        }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            let why = Self.reason(errno)
            unlink(temporary)
            throw PushError(.providerFailure, field: "tokenCache", "\(path) could not be written (\(why))")
        }
    }

    /// Letters, digits, `-` and `_` only: a key or team ID from a configuration cannot leave the folder.
    private static func safe(_ id: String) -> String {
        String(id.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "_" })
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// A stored token is a credential: printed, dumped or reflected, it shows its key, team and age,
/// and the token only masked.
extension APNsProviderTokenCache.Entry: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The key, the team, the issue time and the masked token.
    public var description: String {
        "APNs provider token \(SecretText(token).masked) (key \(keyID), team \(teamID), issued at \(Int(issuedAt)))"
    }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// A mirror that shows the token only masked.
    public var customMirror: Mirror {
        Mirror(self, children: ["token": SecretText(token).masked, "keyID": keyID, "teamID": teamID, "issuedAt": issuedAt], displayStyle: .struct)
    }
}
