import PushBridge
import PushBridgeGetui
import PushBridgeJPush

/// libFuzzer entry: configuration bytes → decoder with every problem collected. Must never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // With the adapters' definitions (every section read) and without (sections kept unread).
    for providers in [[JPushDefinition(), GetuiDefinition()] as [any PushProviderDefinition], []] {
        do {
            let configuration = try PushConfiguration(jsonBytes: bytes, providers: providers)
            _ = configuration.description
            _ = configuration.jpush
            _ = configuration.getui
        } catch {
            _ = error.description
        }
    }
    return 0
}
