// swift-tools-version: 6.0
import PackageDescription

/// A server that signs APNs' provider token (ES256) and FCM's OAuth assertion (RS256, swift-crypto's
/// `_CryptoExtras`) with swift-crypto instead of the system's `openssl`:
/// the "own signer" the article "Sending from a server" describes. swift-crypto's API is
/// CryptoKit's, so this also exercises, on Linux, the calls `CryptoKitES256Signer` makes on Apple
/// platforms. Its own package, because the root package has no dependencies.
let package = Package(
    name: "SwiftCryptoSigner",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PushBridge", path: "../../"),
        // 3 or 4: the API this example calls is the same in both. CI resolves 4 (the newest), the
        // swift-crypto that AsyncHTTPClient's and postgres-nio's builds in the same folder use, so
        // that it compiles swift-crypto once.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .target(
            name: "SwiftCryptoSigner",
            dependencies: [
                .product(name: "PushBridgeServer", package: "PushBridge"), .product(name: "PushBridgeAPNsServer", package: "PushBridge"),
                .product(name: "PushBridgeFCMServer", package: "PushBridge"), .product(name: "PushBridgeCore", package: "PushBridge"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .testTarget(
            name: "SwiftCryptoSignerTests",
            dependencies: [
                "SwiftCryptoSigner", .product(name: "PushBridge", package: "PushBridge"),
                .product(name: "PushBridgeFCMServer", package: "PushBridge"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
