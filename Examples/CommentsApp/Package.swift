// swift-tools-version: 6.0
import PackageDescription

/// An example app's push handling — routing and in-app banners — tested with PushBridge's
/// simulated device, through JPush and Getui, on any machine.
let package = Package(
    name: "CommentsApp",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    dependencies: [.package(name: "PushBridge", path: "../..")],
    targets: [
        .target(
            name: "CommentsApp",
            dependencies: [.product(name: "PushBridge", package: "PushBridge"), .product(name: "PushBridgeRouting", package: "PushBridge")]),
        .testTarget(
            name: "CommentsAppTests",
            dependencies: [
                "CommentsApp",
                .product(name: "PushBridge", package: "PushBridge"),
                .product(name: "PushBridgeTesting", package: "PushBridge"),
                .product(name: "PushBridgeModel", package: "PushBridge"),
                .product(name: "PushBridgeJPush", package: "PushBridge"),
                .product(name: "PushBridgeGetui", package: "PushBridge"),
                .product(name: "PushBridgeJPushTesting", package: "PushBridge"),
                .product(name: "PushBridgeGetuiTesting", package: "PushBridge"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
