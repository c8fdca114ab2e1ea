import Foundation
import PushBridge
import PushBridgeAPNsServer
import PushBridgeGetuiServer
import PushBridgeJPushServer
import PushBridgeServer

/// What a server keeps its device tokens in.
protocol TokenDatabase: Sendable {
    func forget(_ target: PushTarget) async throws
}

// Statements of a server: the configuration file's bytes, the registration IDs to send to, the
// server's database.
func snippet(fileBytes: [UInt8], ids: [SecretText], database: some TokenDatabase) async throws {
// SNIPPET
}
