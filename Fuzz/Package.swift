// swift-tools-version: 6.0
import PackageDescription

/// libFuzzer targets for PushBridge's parsers of untrusted input. Build and run (see README.md):
///
///     swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
///     SWIFT_BACKTRACE=enable=no .build/release/FuzzScenario Corpus/scenario -max_total_time=60
let package = Package(
    name: "PushBridgeFuzz",
    platforms: [.macOS(.v10_15)],
    dependencies: [.package(name: "PushBridge", path: "../")],
    targets: [
        .executableTarget(
            name: "FuzzScenario",
            dependencies: [.product(name: "PushBridge", package: "PushBridge"), .product(name: "PushBridgeModel", package: "PushBridge")]),
        .executableTarget(name: "FuzzPayload", dependencies: [.product(name: "PushBridge", package: "PushBridge")]),
        .executableTarget(name: "FuzzConfiguration", dependencies: [.product(name: "PushBridge", package: "PushBridge")]),
        .executableTarget(name: "FuzzRouter", dependencies: [.product(name: "PushBridge", package: "PushBridge")]),
    ],
    swiftLanguageModes: [.v6]
)
