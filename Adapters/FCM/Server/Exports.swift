// FCM's definition (`PushProviderID.fcm`, `FCMSettings`, `FCMDefinition`) comes with the sender:
// a backend that imports PushBridgeFCMServer names them without importing a target that is not a
// product, as an app does through its adapter (`Adapters/JPush/App/Exports.swift`).
@_exported import PushBridgeFCMDefinition
