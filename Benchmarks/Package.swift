// swift-tools-version: 6.0
import PackageDescription

/// PushBridge's benchmarks, each against a baseline measured in the same run. Release mode:
///
///     swift run -c release --package-path Benchmarks PushBridgeBenchmarks
///
/// and the event guarantees over the whole scenario spaces (`ExhaustiveSpaces`, which CI runs):
///
///     swift run -c release --package-path Benchmarks ExhaustiveSpaces
let package = Package(
    name: "PushBridgeBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "PushBridge", path: "../")],
    targets: [
        .target(name: "CAllocationCounter"),
        .executableTarget(
            name: "PushBridgeBenchmarks",
            dependencies: [
                "CAllocationCounter",
                .product(name: "PushBridge", package: "PushBridge"),
                .product(name: "PushBridgeProviderKit", package: "PushBridge"),
                .product(name: "PushBridgeTesting", package: "PushBridge"),
                .product(name: "PushBridgeModel", package: "PushBridge"),
                .product(name: "PushBridgeValidation", package: "PushBridge"),
                .product(name: "PushBridgeServer", package: "PushBridge"),
                .product(name: "PushBridgeAPNsServer", package: "PushBridge"),
                .product(name: "PushBridgeGetuiServer", package: "PushBridge"),
            ]),
        // The event guarantees over the whole scenario spaces, walked in release (CI; see its main.swift).
        .executableTarget(name: "ExhaustiveSpaces", dependencies: [.product(name: "PushBridgeTesting", package: "PushBridge")]),
    ],
    swiftLanguageModes: [.v6]
)
