// JPush's definition (its provider ID, its configuration section, its message ID key) lives in
// PushBridgeJPushDefinition, which the server's sender shares without linking this adapter; an
// app's `import PushBridgeJPush` sees it as before.
@_exported import PushBridgeJPushDefinition
