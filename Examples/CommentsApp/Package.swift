// swift-tools-version: 6.0
import PackageDescription

/// The README's app's push code — routing, foreground presentation, registration — tested with
/// PushBridge's simulated device, through plain APNs, JPush and Getui, on any machine.
let package = Package(
    name: "CommentsApp",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    dependencies: [.package(name: "PushBridge", path: "../..")],
    targets: [
        .target(
            name: "CommentsApp",
            dependencies: [
                .product(name: "PushBridge", package: "PushBridge"), .product(name: "PushBridgeRouting", package: "PushBridge"),
                .product(name: "PushBridgeAPNs", package: "PushBridge"), .product(name: "PushBridgeJPush", package: "PushBridge"),
                .product(name: "PushBridgeGetui", package: "PushBridge"),
            ]),
        .testTarget(
            name: "CommentsAppTests",
            dependencies: [
                "CommentsApp",
                .product(name: "PushBridge", package: "PushBridge"),
                .product(name: "PushBridgeTesting", package: "PushBridge"),
                .product(name: "PushBridgeModel", package: "PushBridge"),
                .product(name: "PushBridgeJPush", package: "PushBridge"),
                .product(name: "PushBridgeAPNsTesting", package: "PushBridge"),
                .product(name: "PushBridgeJPushTesting", package: "PushBridge"),
                .product(name: "PushBridgeGetuiTesting", package: "PushBridge"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
