// FCM's definition (its provider ID, its configuration section, its message ID key) lives in
// PushBridgeFCMDefinition, which the server's sender shares without linking this adapter; an
// app's `import PushBridgeFCM` sees it as it sees JPush's and Getui's.
@_exported import PushBridgeFCMDefinition
