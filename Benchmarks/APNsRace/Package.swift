// swift-tools-version: 6.0
import PackageDescription

/// The APNs race: PushBridge's APNs sender on each transport (URLSession, AsyncHTTPClient)
/// against the same requests made with bare AsyncHTTPClient, in the same run, to a local HTTP/2
/// TLS sink on SwiftNIO. Its own package beside `Benchmarks/`'s (which has no dependencies but
/// PushBridge); it reaches AsyncHTTPClient through the integration, by path. Release mode:
///
///     swift run -c release --package-path Benchmarks/APNsRace apns-race
let package = Package(
    name: "APNsRace",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PushBridge", path: "../../"),
        .package(name: "PushBridgeAsyncHTTPClient", path: "../../Integrations/PushBridgeAsyncHTTPClient"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        .executableTarget(
            name: "apns-race",
            dependencies: [
                .product(name: "PushBridge", package: "PushBridge"),
                .product(name: "PushBridgeServer", package: "PushBridge"),
                .product(name: "PushBridgeAPNsServer", package: "PushBridge"),
                .product(name: "PushBridgeAsyncHTTPClient", package: "PushBridgeAsyncHTTPClient"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Sources/APNsRace")
    ],
    swiftLanguageModes: [.v6]
)
