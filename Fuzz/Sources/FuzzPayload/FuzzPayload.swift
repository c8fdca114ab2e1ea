import PushBridge
import PushBridgeGetui
import PushBridgeJPush
import PushBridgeValidation

/// Every provider's definition: each checks its own keys beside `aps`.
let definitions: [any PushProviderDefinition] = [APNsDefinition(), JPushDefinition(), GetuiDefinition()]

/// libFuzzer entry: payload bytes → validator (every push type) and notification parsing. Must never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPayload(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for type in PayloadValidator.PushType.allCases {
        for definition in definitions { _ = try? PayloadValidator.validate(bytes, pushType: type, provider: definition) }
    }
    if let note = try? PushNotification(json: bytes) {
        _ = note.customKeys
        _ = JSONWriter.string(from: .object(note.payload), style: .canonical)
    }
    return 0
}
