// swift-tools-version: 6.0
import PackageDescription

/// PushBridge: one facade and one exactly-once event stream for iOS push notifications from
/// APNs, JPush or Getui, with a deterministic model of how iOS delivers them.
///
/// The root package has no package dependencies: the toolchain's Foundation, Dispatch and
/// Swift Testing only. Harnesses that need more live in their own packages (`Benchmarks/`,
/// `Fuzz/`, `Examples/`), each depending on this one by its relative path.
let package = Package(
    name: "PushBridge",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    products: [
        .library(name: "PushBridge", targets: ["PushBridge"]),
        .library(name: "PushBridgeTesting", targets: ["PushBridgeTesting"]),
        .library(name: "PushBridgeAPNs", targets: ["PushBridgeAPNs"]),
        .library(name: "PushBridgeJPush", targets: ["PushBridgeJPush"]),
        .library(name: "PushBridgeGetui", targets: ["PushBridgeGetui"]),
        .executable(name: "pushbridge", targets: ["pushbridge"]),
    ],
    targets: [
        .target(name: "PushBridge"),
        .target(name: "PushBridgeTesting", dependencies: ["PushBridge"]),
        .target(name: "PushBridgeAPNs", dependencies: ["PushBridge"], path: "Adapters/PushBridgeAPNs"),
        .target(name: "PushBridgeJPush", dependencies: ["PushBridge"], path: "Adapters/PushBridgeJPush"),
        .target(name: "PushBridgeGetui", dependencies: ["PushBridge"], path: "Adapters/PushBridgeGetui"),
        .executableTarget(name: "pushbridge", dependencies: ["PushBridge", "PushBridgeJPush", "PushBridgeGetui"]),
        .testTarget(name: "PushBridgeTests", dependencies: ["PushBridge", "PushBridgeTesting"]),
        .testTarget(name: "PushBridgeTestingTests", dependencies: ["PushBridgeTesting", "PushBridge"]),
        .testTarget(name: "PushBridgeAPNsTests", dependencies: ["PushBridgeAPNs", "PushBridge", "PushBridgeTesting"]),
        .testTarget(name: "PushBridgeJPushTests", dependencies: ["PushBridgeJPush", "PushBridge", "PushBridgeTesting"]),
        .testTarget(name: "PushBridgeGetuiTests", dependencies: ["PushBridgeGetui", "PushBridge", "PushBridgeTesting"]),
        .testTarget(name: "pushbridgeTests", dependencies: ["pushbridge", "PushBridge", "PushBridgeTesting", "PushBridgeJPush", "PushBridgeGetui"]),
    ],
    swiftLanguageModes: [.v6]
)
