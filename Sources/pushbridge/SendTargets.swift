import PushBridge
import PushBridgeServer

/// `--to`'s forms: `token:HEX[,HEX…]`, `registration:ID[,…]`, `cid:ID[,…]`, `alias:NAME[,…]`,
/// `tag:NAME[,…]` or `all`.
enum SendTargets {
    static let forms = "token:HEX, registration:ID, cid:ID, alias:NAME or tag:NAME (each with more after commas), or all"

    static func audience(_ text: String) throws(Arguments.UsageError) -> PushAudience {
        if text == "all" { return .everyone }
        guard let colon = text.firstIndex(of: ":") else { throw Arguments.UsageError(message: "--to: expected \(forms)") }
        let kind = String(text[..<colon])
        let values = text[text.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if let index = values.firstIndex(where: \.isEmpty) {
            throw Arguments.UsageError(message: "--to: the \(kind) at position \(index + 1) is empty")
        }
        let secrets = values.map { SecretText($0) }
        switch kind {
        case "token": return .deviceTokens(secrets)
        case "registration": return .registrationIDs(secrets)
        case "cid": return .clientIDs(secrets)
        case "alias": return .aliases(secrets)
        case "tag": return .tags(values)
        default: throw Arguments.UsageError(message: "--to: \"\(CommandOutput.oneLine(kind))\" is not a kind of target (expected \(forms))")
        }
    }
}
