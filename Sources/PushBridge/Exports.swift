// The vocabulary (`PushBridgeCore`: JSON, identifiers, errors, notifications, events,
// configuration) is part of what `import PushBridge` shows, as swift-metrics' `Metrics` re-exports
// `CoreMetrics`: an app imports one module. The provider-author kit (`PushBridgeProviderKit`) is
// not re-exported: an app never names it.
@_exported import PushBridgeCore
