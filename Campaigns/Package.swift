// swift-tools-version: 6.0
import PackageDescription

/// Campaigns that outgrow one machine: a campaign and its audience stored in PostgreSQL in
/// batches, any number of worker processes claiming batches (`FOR UPDATE SKIP LOCKED` under a
/// lease) and recording one result per target. Its own package, because the root package has no
/// dependencies.
let package = Package(
    name: "PushBridgeCampaigns",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "PushBridgeCampaigns", targets: ["PushBridgeCampaigns"]),
        .executable(name: "pushbridge-campaign", targets: ["pushbridge-campaign"]),
    ],
    dependencies: [
        .package(name: "PushBridge", path: "../"),
        .package(name: "PushBridgeAsyncHTTPClient", path: "../Integrations/PushBridgeAsyncHTTPClient"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // The worker's `/metrics` page (`work --metrics-port`): the text exposition format.
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // The benchmark's sink (Benchmarks/APNsRace's): already in the graph through AsyncHTTPClient.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        .target(
            name: "PushBridgeCampaigns",
            dependencies: [
                .product(name: "PushBridgeCore", package: "PushBridge"),
                .product(name: "PushBridgeServer", package: "PushBridge"),
                .product(name: "PushBridgeAPNsServer", package: "PushBridge"),
                .product(name: "PushBridgeJPushServer", package: "PushBridge"),
                .product(name: "PushBridgeGetuiServer", package: "PushBridge"),
                .product(name: "PushBridgeFCMServer", package: "PushBridge"),
                .product(name: "PushBridgeAsyncHTTPClient", package: "PushBridgeAsyncHTTPClient"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .executableTarget(
            name: "pushbridge-campaign",
            dependencies: [
                "PushBridgeCampaigns",
                .product(name: "PushBridgeCore", package: "PushBridge"),
                .product(name: "PushBridgeServer", package: "PushBridge"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        // The price of durability: 1, 2 and 4 workers against one bare sender, to the APNs race's
        // sink (its Sink.swift, linked by path). Release mode: `.build/release/campaign-bench --short`.
        .executableTarget(
            name: "campaign-bench",
            dependencies: [
                "PushBridgeCampaigns",
                .product(name: "PushBridgeCore", package: "PushBridge"),
                .product(name: "PushBridgeServer", package: "PushBridge"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        .testTarget(
            name: "PushBridgeCampaignsTests",
            dependencies: [
                "PushBridgeCampaigns",
                .product(name: "PushBridgeCore", package: "PushBridge"),
                .product(name: "PushBridgeServer", package: "PushBridge"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
