// swift-tools-version: 6.0
import PackageDescription

/// libFuzzer targets for PushBridge's parsers of untrusted input. Build and run (see README.md):
///
///     swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
///     SWIFT_BACKTRACE=enable=no .build/release/FuzzScenario Corpus/scenario -max_total_time=60
/// The runtime and the adapters whose definitions read payloads and configuration sections.
let providers: [Target.Dependency] = [
    .product(name: "PushBridge", package: "PushBridge"), .product(name: "PushBridgeJPush", package: "PushBridge"),
    .product(name: "PushBridgeGetui", package: "PushBridge"), .product(name: "PushBridgeValidation", package: "PushBridge"),
]

let package = Package(
    name: "PushBridgeFuzz",
    platforms: [.macOS(.v10_15)],
    dependencies: [.package(name: "PushBridge", path: "../")],
    targets: [
        .executableTarget(
            name: "FuzzScenario",
            dependencies: [.product(name: "PushBridge", package: "PushBridge"), .product(name: "PushBridgeModel", package: "PushBridge")]),
        .executableTarget(name: "FuzzPayload", dependencies: providers),
        .executableTarget(name: "FuzzConfiguration", dependencies: providers),
        .executableTarget(
            name: "FuzzSend",
            dependencies: [
                .product(name: "PushBridge", package: "PushBridge"), .product(name: "PushBridgeServer", package: "PushBridge"),
                .product(name: "PushBridgeAPNsServer", package: "PushBridge"), .product(name: "PushBridgeJPushServer", package: "PushBridge"),
                .product(name: "PushBridgeGetuiServer", package: "PushBridge"),
            ]),
        .executableTarget(
            name: "FuzzRouter",
            dependencies: [.product(name: "PushBridge", package: "PushBridge"), .product(name: "PushBridgeRouting", package: "PushBridge")]),
        // JSONParser against Foundation's JSONSerialization, an oracle that shares no code with it.
        .executableTarget(
            name: "FuzzJSONDifferential",
            dependencies: [.product(name: "PushBridge", package: "PushBridge"), .product(name: "PushBridgeValidation", package: "PushBridge")]),
    ],
    swiftLanguageModes: [.v6]
)
