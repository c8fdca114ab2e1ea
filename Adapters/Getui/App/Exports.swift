// Getui's definition (its provider ID, its configuration section, its message ID key) lives in
// PushBridgeGetuiDefinition, which the server's sender shares without linking this adapter; an
// app's `import PushBridgeGetui` sees it as before.
@_exported import PushBridgeGetuiDefinition
