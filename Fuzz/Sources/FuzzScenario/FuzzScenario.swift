import PushBridge
import PushBridgeModel

/// libFuzzer entry: scenario bytes → decoder → dispatch model → normaliser. Must never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let json = try? JSONParser.parse(bytes), let scenario = try? DispatchScenario(json: json) else { return 0 }
    _ = try? ScenarioSimulator.run(scenario)
    return 0
}
