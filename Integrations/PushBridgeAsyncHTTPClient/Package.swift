// swift-tools-version: 6.0
import PackageDescription

/// PushBridge's senders on AsyncHTTPClient (SwiftNIO): one connection pool, HTTP/2 multiplexing,
/// a deadline on every request. The transport for servers on Linux. Its own package, because the
/// root package has no dependencies.
let package = Package(
    name: "PushBridgeAsyncHTTPClient",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "PushBridgeAsyncHTTPClient", targets: ["PushBridgeAsyncHTTPClient"])
    ],
    dependencies: [
        .package(name: "PushBridge", path: "../../"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(
            name: "PushBridgeAsyncHTTPClient",
            dependencies: [
                .product(name: "PushBridgeServer", package: "PushBridge"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        .testTarget(
            name: "PushBridgeAsyncHTTPClientTests",
            dependencies: [
                "PushBridgeAsyncHTTPClient",
                .product(name: "PushBridge", package: "PushBridge"),
                .product(name: "PushBridgeCore", package: "PushBridge"),
                .product(name: "PushBridgeServer", package: "PushBridge"),
                .product(name: "PushBridgeAPNsServer", package: "PushBridge"),
                .product(name: "PushBridgeJPushServer", package: "PushBridge"),
                .product(name: "PushBridgeGetuiServer", package: "PushBridge"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
