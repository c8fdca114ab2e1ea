// swift-tools-version: 6.0
import PackageDescription

/// PushBridge: one facade and one exactly-once event stream for iOS push notifications from
/// APNs, JPush, Getui or Firebase Cloud Messaging, with a deterministic model of how iOS delivers them.
///
/// The root package has no package dependencies: the toolchain's Foundation, Dispatch and
/// Swift Testing only. Harnesses that need more live in their own packages (`Benchmarks/`,
/// `Fuzz/`, `Examples/`), each depending on this one by its relative path.
let package = Package(
    name: "PushBridge",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    products: [
        // What an app links: the runtime (events, client, provider protocol, configuration) and
        // its UIKit glue, whose app-only API is unavailable in extensions.
        .library(name: "PushBridge", targets: ["PushBridge", "PushBridgeUIKit"]),
        // VoIP pushes (PushKit, CallKit's rule) and Live Activity tokens (ActivityKit): an app
        // that uses them links it; one that does not ships none of it.
        .library(name: "PushBridgePushKit", targets: ["PushBridgePushKit"]),
        // Two or more providers at once behind one client (`additionalProviders`, a migration from
        // one vendor to another): an app that runs them links it; one that does not ships none of it.
        .library(name: "PushBridgeMultiplex", targets: ["PushBridgeMultiplex"]),
        // The vocabulary alone (JSON, identifiers, errors, notifications and events, configuration),
        // as swift-metrics' `CoreMetrics` is under `Metrics`: what `PushBridge` re-exports, and all a
        // backend, a validator or an extension needs.
        .library(name: "PushBridgeCore", targets: ["PushBridgeCore"]),
        // What a provider's adapter implements and reports through (the provider protocol and its
        // roles, the sink, the requests): public, imported by provider authors, never by an app.
        .library(name: "PushBridgeProviderKit", targets: ["PushBridgeProviderKit"]),
        // Turning an opened notification into a place in the app, hostile deep links refused: an
        // app that routes links it; one that does not ships none of it.
        .library(name: "PushBridgeRouting", targets: ["PushBridgeRouting"]),
        // What APNs accepts, judged before sending: for backends and tools, not linked by an app.
        .library(name: "PushBridgeValidation", targets: ["PushBridgeValidation"]),
        // The dispatch model of iOS delivery and its simulator, for tests and tools.
        .library(name: "PushBridgeModel", targets: ["PushBridgeModel"]),
        .library(name: "PushBridgeTesting", targets: ["PushBridgeTesting"]),
        .library(name: "PushBridgeAPNs", targets: ["PushBridgeAPNs"]),
        .library(name: "PushBridgeAPNsTesting", targets: ["PushBridgeAPNsTesting"]),
        .library(name: "PushBridgeJPush", targets: ["PushBridgeJPush"]),
        .library(name: "PushBridgeJPushTesting", targets: ["PushBridgeJPushTesting"]),
        .library(name: "PushBridgeGetui", targets: ["PushBridgeGetui"]),
        .library(name: "PushBridgeGetuiTesting", targets: ["PushBridgeGetuiTesting"]),
        // Firebase Cloud Messaging's app side: the adapter (bound to FirebaseMessaging at run time,
        // which the app adds itself) and its testing kit (a mock of FirebaseMessaging, a simulator).
        .library(name: "PushBridgeFCM", targets: ["PushBridgeFCM"]),
        .library(name: "PushBridgeFCMTesting", targets: ["PushBridgeFCMTesting"]),
        .executable(name: "pushbridge", targets: ["pushbridge"]),
        // The notification service extension — what an extension target links.
        .library(name: "PushBridgeServiceExtension", targets: ["PushBridgeServiceExtension"]),
        // JPush's and Getui's delivery reporters for that extension: the vendor knowledge stays
        // with the vendor's adapter, and an extension links only the vendor it uses.
        .library(name: "PushBridgeJPushServiceExtension", targets: ["PushBridgeJPushServiceExtension"]),
        .library(name: "PushBridgeGetuiServiceExtension", targets: ["PushBridgeGetuiServiceExtension"]),
        // FCM's: Firebase's extension helper (the image, the delivery metrics).
        .library(name: "PushBridgeFCMServiceExtension", targets: ["PushBridgeFCMServiceExtension"]),
        // The backend side: one message, sent through the provider a server's configuration names.
        .library(name: "PushBridgeServer", targets: ["PushBridgeServer"]),
        .library(name: "PushBridgeAPNsServer", targets: ["PushBridgeAPNsServer"]),
        .library(name: "PushBridgeJPushServer", targets: ["PushBridgeJPushServer"]),
        .library(name: "PushBridgeGetuiServer", targets: ["PushBridgeGetuiServer"]),
        // Firebase Cloud Messaging's HTTP v1 API, from a server.
        .library(name: "PushBridgeFCMServer", targets: ["PushBridgeFCMServer"]),
    ],
    targets: [
        // The vocabulary, the provider-author kit on it, and the runtime on both (re-exporting the
        // vocabulary, so an app's `import PushBridge` sees it).
        .target(name: "PushBridgeCore"),
        .target(name: "PushBridgeProviderKit", dependencies: ["PushBridgeCore"]),
        // The lock-held queue behind each event stream, fenced in a target of its own beside its
        // stress test (as NIO keeps `_NIODataStructures`): not a product; the runtime uses it.
        .target(name: "_PushBridgeEventQueue", dependencies: ["PushBridgeCore"]),
        .target(name: "PushBridge", dependencies: ["PushBridgeCore", "PushBridgeProviderKit", "_PushBridgeEventQueue"]),
        .target(name: "PushBridgeUIKit", dependencies: ["PushBridge", "PushBridgeProviderKit"]),
        .target(name: "PushBridgePushKit", dependencies: ["PushBridge", "PushBridgeProviderKit"]),
        .target(name: "PushBridgeMultiplex", dependencies: ["PushBridge", "PushBridgeProviderKit"]),
        .target(name: "PushBridgeRouting", dependencies: ["PushBridge"]),
        // Payload validation (APNs' rules, the push type's, each provider's keys).
        .target(name: "PushBridgeValidation", dependencies: ["PushBridgeCore"]),
        // Sending from a server: the message, the audience, the transport, retries, results.
        // The backend, the validator and the service extension depend on the vocabulary, never on
        // the client runtime or an iOS adapter (`PackageGraphTests` holds it).
        .target(name: "PushBridgeServer", dependencies: ["PushBridgeCore", "PushBridgeValidation"]),
        .target(
            name: "PushBridgeAPNsServer", dependencies: ["PushBridgeServer", "PushBridgeCore", "PushBridgeValidation"],
            path: "Adapters/APNs/Server"),
        .target(
            name: "PushBridgeJPushServer", dependencies: ["PushBridgeServer", "PushBridgeJPushDefinition", "PushBridgeCore", "PushBridgeValidation"],
            path: "Adapters/JPush/Server"),
        .target(
            name: "PushBridgeGetuiServer", dependencies: ["PushBridgeServer", "PushBridgeGetuiDefinition", "PushBridgeCore"],
            path: "Adapters/Getui/Server"),
        .target(
            name: "PushBridgeFCMServer", dependencies: ["PushBridgeServer", "PushBridgeFCMDefinition", "PushBridgeCore", "PushBridgeValidation"],
            path: "Adapters/FCM/Server"),
        // The model and the test kit.
        .target(name: "PushBridgeModel", dependencies: ["PushBridge", "PushBridgeProviderKit", "PushBridgeValidation"]),
        .target(
            name: "PushBridgeTesting",
            dependencies: ["PushBridge", "PushBridgePushKit", "PushBridgeProviderKit", "PushBridgeModel", "PushBridgeValidation"]),
        // The adapters: each a production library and a testing library (mock, simulator). The
        // JPush and Getui adapters also use the UIKit glue's conversions (UIApplication.State,
        // UIBackgroundFetchResult) in their Apple-only SDK bridges; on Linux it is empty.
        .target(name: "PushBridgeAPNs", dependencies: ["PushBridge", "PushBridgeProviderKit"], path: "Adapters/APNs/App"),
        .target(
            name: "PushBridgeAPNsTesting", dependencies: ["PushBridgeAPNs", "PushBridge", "PushBridgeProviderKit", "PushBridgeModel"],
            path: "Adapters/APNs/Testing"),
        // What the JPush and Getui adapters share (their providers' common state): a target, not a
        // product.
        .target(name: "PushBridgeAdapterSupport", dependencies: ["PushBridge", "PushBridgeProviderKit"], path: "Adapters/Shared/AdapterSupport"),
        // Each vendor's definition (its provider ID, configuration section, message ID key): what
        // the app's adapter and the server's sender share, so that a sender links no iOS adapter.
        .target(name: "PushBridgeJPushDefinition", dependencies: ["PushBridgeCore"], path: "Adapters/JPush/Definition"),
        .target(name: "PushBridgeGetuiDefinition", dependencies: ["PushBridgeCore"], path: "Adapters/Getui/Definition"),
        .target(name: "PushBridgeFCMDefinition", dependencies: ["PushBridgeCore"], path: "Adapters/FCM/Definition"),
        .target(
            name: "PushBridgeJPush",
            dependencies: ["PushBridge", "PushBridgeProviderKit", "PushBridgeUIKit", "PushBridgeAdapterSupport", "PushBridgeJPushDefinition"],
            path: "Adapters/JPush/App"),
        .target(
            name: "PushBridgeJPushTesting", dependencies: ["PushBridgeJPush", "PushBridge", "PushBridgeProviderKit", "PushBridgeModel"],
            path: "Adapters/JPush/Testing"),
        .target(
            name: "PushBridgeGetui",
            dependencies: ["PushBridge", "PushBridgeProviderKit", "PushBridgeUIKit", "PushBridgeAdapterSupport", "PushBridgeGetuiDefinition"],
            path: "Adapters/Getui/App"),
        .target(
            name: "PushBridgeGetuiTesting", dependencies: ["PushBridgeGetui", "PushBridge", "PushBridgeProviderKit", "PushBridgeModel"],
            path: "Adapters/Getui/Testing"),
        // FCM's adapter: plain APNs' iOS calls (the prompt, the registration) and FirebaseMessaging's.
        .target(
            name: "PushBridgeFCM",
            dependencies: ["PushBridge", "PushBridgeProviderKit", "PushBridgeAPNs", "PushBridgeAdapterSupport", "PushBridgeFCMDefinition"],
            path: "Adapters/FCM/App"),
        .target(
            name: "PushBridgeFCMTesting",
            dependencies: ["PushBridgeFCM", "PushBridgeAPNs", "PushBridgeAPNsTesting", "PushBridge", "PushBridgeProviderKit", "PushBridgeModel"],
            path: "Adapters/FCM/Testing"),
        // The providers this package ships, listed once (their simulators): the command and the tests
        // that run every provider read it. A target, not a product.
        .target(
            name: "ProviderList", dependencies: ["PushBridgeModel", "PushBridgeJPushTesting", "PushBridgeGetuiTesting", "PushBridgeFCMTesting"],
            path: "Adapters/Shared/ProviderList"),
        // The command: the composition root that registers every adapter.
        .executableTarget(
            name: "pushbridge",
            dependencies: [
                "PushBridge", "PushBridgeProviderKit", "PushBridgeModel", "PushBridgeTesting", "PushBridgeJPush", "PushBridgeGetui", "ProviderList",
                "PushBridgeValidation", "PushBridgeServer", "PushBridgeAPNsServer", "PushBridgeJPushServer",
                "PushBridgeGetuiServer", "PushBridgeFCMServer",
            ]),
        // The event queue's own tests and its stress test, beside its target.
        .testTarget(name: "_PushBridgeEventQueueTests", dependencies: ["_PushBridgeEventQueue", "PushBridgeCore"]),
        // The core's tests exercise its rules with the real providers' definitions too.
        .testTarget(
            name: "PushBridgeTests",
            dependencies: [
                "PushBridge", "PushBridgeProviderKit", "PushBridgePushKit", "PushBridgeModel", "PushBridgeTesting", "PushBridgeJPush",
                "PushBridgeGetui", "PushBridgeJPushTesting",
                "PushBridgeGetuiTesting", "PushBridgeValidation", "PushBridgeServiceExtension", "PushBridgeRouting", "PushBridgeMultiplex",
            ]),
        // The dispatch model's rules, its simulator and its vectors, run on every provider.
        .testTarget(
            name: "PushBridgeModelTests",
            dependencies: [
                "PushBridgeModel", "PushBridge", "PushBridgeProviderKit", "PushBridgeTesting", "PushBridgeJPush", "PushBridgeGetui",
                "PushBridgeJPushTesting", "PushBridgeGetuiTesting", "PushBridgeValidation",
                "AdapterTestSupport",
            ]),
        .testTarget(
            name: "PushBridgeTestingTests",
            dependencies: [
                "PushBridgeTesting", "PushBridgeModel", "PushBridge", "PushBridgeProviderKit", "PushBridgePushKit", "PushBridgeJPush",
                "PushBridgeGetui", "PushBridgeJPushTesting",
                "PushBridgeGetuiTesting", "AdapterTestSupport",
            ]),
        .testTarget(name: "PushBridgeRoutingTests", dependencies: ["PushBridgeRouting", "PushBridge"]),
        .testTarget(
            name: "PushBridgeValidationTests",
            dependencies: ["PushBridgeValidation", "PushBridge", "PushBridgeProviderKit", "PushBridgeJPush", "PushBridgeGetui"]),
        .testTarget(
            name: "PushBridgeAPNsTests",
            dependencies: ["PushBridgeAPNs", "PushBridgeAPNsTesting", "PushBridge", "PushBridgeProviderKit", "PushBridgeTesting"],
            path: "Adapters/APNs/Tests"),
        // What the two binding tests share (a header record, a reader of the Apple-only bridge's
        // source, the type check): a target, not a product.
        .target(name: "SDKBindingChecks", path: "Tests/SDKBindingChecks"),
        // What the JPush and Getui adapters' tests share (the harness, invocation shapes,
        // exactly-once rows, the scenarios run against plain APNs).
        .target(
            name: "AdapterTestSupport",
            dependencies: ["PushBridge", "PushBridgeProviderKit", "PushBridgeModel", "PushBridgeTesting", "ProviderList"],
            path: "Tests/AdapterTestSupport"),
        .testTarget(
            name: "PushBridgeJPushTests",
            dependencies: [
                "PushBridgeJPush", "PushBridgeJPushTesting", "PushBridge", "PushBridgeProviderKit", "PushBridgePushKit", "PushBridgeModel",
                "PushBridgeTesting", "SDKBindingChecks", "AdapterTestSupport",
            ],
            path: "Adapters/JPush/Tests"),
        .testTarget(
            name: "PushBridgeGetuiTests",
            dependencies: [
                "PushBridgeGetui", "PushBridgeGetuiTesting", "PushBridge", "PushBridgeProviderKit", "PushBridgePushKit", "PushBridgeModel",
                "PushBridgeTesting", "SDKBindingChecks", "AdapterTestSupport",
            ],
            path: "Adapters/Getui/Tests"),
        .testTarget(
            name: "PushBridgeFCMTests",
            dependencies: [
                "PushBridgeFCM", "PushBridgeFCMTesting", "PushBridgeFCMServiceExtension", "PushBridgeAPNs", "PushBridgeAPNsTesting", "PushBridge",
                "PushBridgeProviderKit",
                "PushBridgeModel", "PushBridgeTesting", "SDKBindingChecks", "AdapterTestSupport", "PushBridgeJPush", "PushBridgeJPushTesting",
            ],
            path: "Adapters/FCM/Tests"),
        // A fourth provider written here alone, with no core change: the core is provider-agnostic.
        .testTarget(
            name: "FourthProviderTests",
            dependencies: [
                "PushBridge", "PushBridgeProviderKit", "PushBridgeModel", "PushBridgeTesting", "PushBridgeValidation", "PushBridgeMultiplex",
            ]),
        .testTarget(
            name: "pushbridgeTests",
            dependencies: [
                "pushbridge", "PushBridge", "PushBridgeProviderKit", "PushBridgeModel", "PushBridgeTesting", "PushBridgeJPush",
                "PushBridgeJPushTesting",
                "PushBridgeGetui", "PushBridgeGetuiTesting", "PushBridgeValidation", "EmulatorSupport", "AdapterTestSupport",
            ],
            // Read from the source tree by path (`PayloadCorpusTests`), not bundled.
            exclude: ["Fixtures/PayloadCorpus"]),
        // The README's minimal app, run on Linux with each provider's mock SDK: made from a
        // configuration file, started, registered, a cold-start tap opened once.
        .testTarget(
            name: "FrontDoorTests",
            dependencies: [
                "PushBridge", "PushBridgeProviderKit", "PushBridgeTesting", "PushBridgeAPNs", "PushBridgeAPNsTesting", "PushBridgeJPush",
                "PushBridgeJPushTesting",
                "PushBridgeGetui", "PushBridgeGetuiTesting", "PushBridgeFCM", "PushBridgeFCMTesting",
            ]),
        // Every library product imported into one file: one name, one type.
        .testTarget(
            name: "ProductsTogetherTests",
            dependencies: [
                "PushBridge", "PushBridgeCore", "PushBridgeProviderKit", "PushBridgeUIKit", "PushBridgePushKit", "PushBridgeModel",
                "PushBridgeTesting",
                "PushBridgeAPNs", "PushBridgeAPNsTesting", "PushBridgeJPush",
                "PushBridgeJPushTesting", "PushBridgeGetui", "PushBridgeGetuiTesting", "PushBridgeServiceExtension",
                "PushBridgeJPushServiceExtension",
                "PushBridgeGetuiServiceExtension", "PushBridgeValidation", "PushBridgeServer", "PushBridgeAPNsServer", "PushBridgeJPushServer",
                "PushBridgeGetuiServer", "PushBridgeFCMServer", "PushBridgeRouting", "PushBridgeMultiplex",
            ]),
        // Sending from a server: the request shapes, the signing, and each sender against its
        // provider's local emulator (Emulators/), started by the tests.
        .target(name: "EmulatorSupport", dependencies: ["PushBridge", "PushBridgeProviderKit", "SDKBindingChecks"], path: "Tests/EmulatorSupport"),
        .testTarget(
            name: "PushBridgeServerTests",
            dependencies: [
                "PushBridgeServer", "PushBridgeAPNsServer", "PushBridgeJPushServer", "PushBridgeGetuiServer", "PushBridgeFCMServer", "PushBridge",
                "PushBridgeProviderKit",
                "EmulatorSupport",
            ]),
        // The notification service extension (extension-safe: the core only), its tests.
        .target(name: "PushBridgeServiceExtension", dependencies: ["PushBridgeCore", "PushBridgeProviderKit"]),
        .target(
            name: "PushBridgeJPushServiceExtension", dependencies: ["PushBridgeServiceExtension", "PushBridgeCore"],
            path: "Adapters/JPush/ServiceExtension"),
        .target(
            name: "PushBridgeGetuiServiceExtension", dependencies: ["PushBridgeServiceExtension", "PushBridgeCore"],
            path: "Adapters/Getui/ServiceExtension"),
        .target(
            name: "PushBridgeFCMServiceExtension", dependencies: ["PushBridgeServiceExtension", "PushBridgeCore"],
            path: "Adapters/FCM/ServiceExtension"),
        // One process of the ledger's cross-process test (an extension appending, or an app
        // draining), started several times at once by the tests: built with them, never shipped.
        .executableTarget(name: "DeliveryLedgerWriter", dependencies: ["PushBridgeServiceExtension"], path: "Tests/DeliveryLedgerWriter"),
        .testTarget(
            name: "PushBridgeServiceExtensionTests",
            dependencies: [
                "PushBridgeServiceExtension", "PushBridge", "PushBridgeProviderKit", "PushBridgeTesting", "SDKBindingChecks",
                "PushBridgeJPushServiceExtension",
                "PushBridgeGetuiServiceExtension", "PushBridgeJPush", "PushBridgeGetui", "DeliveryLedgerWriter",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
