import PushBridgeCore

extension JSONValue {
    /// A number's value as a `Double`, integer or not (a message's `relevanceScore`, APNs'
    /// `timestamp`).
    package var numberValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
}
