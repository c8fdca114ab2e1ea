import PushBridge

/// libFuzzer entry: payload bytes → validator (every push type) and notification parsing. Must never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPayload(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for type in PayloadValidator.PushType.allCases {
        _ = try? PayloadValidator.validate(bytes, pushType: type, provider: .getui)
    }
    if let note = try? PushNotification(json: bytes) {
        _ = note.customKeys
        _ = JSONWriter.string(from: .object(note.payload), style: .canonical)
    }
    return 0
}
