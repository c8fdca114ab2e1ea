import PushBridge

/// libFuzzer entry: configuration bytes → decoder with every problem collected. Must never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let configuration = try PushConfiguration(jsonBytes: bytes)
        _ = configuration.description
    } catch {
        _ = error.description
    }
    return 0
}
