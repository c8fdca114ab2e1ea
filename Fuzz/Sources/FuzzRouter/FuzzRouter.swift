import PushBridge
@_spi(Fuzzing) import PushBridgeRouting

/// libFuzzer entry: the input as a deep link and as payload values → router. Must never trap,
/// never route outside the allowed host, and never lead anywhere (not even to the fallback)
/// after refusing a value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRouter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var router = PushRouter<String>(policy: RoutingPolicy(allowedSchemes: ["https", "myapp"], allowedHosts: ["app.example"]))
    router.route(path: "/items/:id") { (parameters) throws(RoutingDiagnostic) in try parameters.string("id") }
    router.route(key: "type", equals: "item", parameters: ["id"]) { (parameters) throws(RoutingDiagnostic) in try parameters.string("id") }
    router.fallback { _ in "fallback" }
    for payload: JSONObject in [["aps": [:], "url": .string(text)], ["aps": [:], "type": "item", "id": .string(text)]] {
        guard let note = try? PushNotification(payload: payload, identifier: "f") else { continue }
        let decision = router.resolve(note)
        if decision.diagnostics.contains(where: \.code.isRefusal) {
            guard case .none = decision.outcome else { fatalError("led somewhere after a refusal: \(decision.diagnostics)") }
        }
    }
    if case .success(let link) = DeepLink.parse(text, field: "url", policy: router.policy), link.host != "app.example" {
        fatalError("routed outside the allowed host: \(link.host)")
    }
    return 0
}
