import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A fast local APNs stand-in: HTTP/2 over TLS (ALPN h2) on loopback, answering every request
/// `200` with its `apns-id` as soon as the request ends, at most 1,000 streams per connection (the
/// race's highest concurrency). It counts its connections in a file, so the race can say how many each client
/// opened. Runs in its own process so that its CPU is not counted as the clients'.
enum Sink {
    /// Serves until its standard input closes; prints `READY <port>` once it listens.
    static func run(certificate: String, key: String, connectionsFile: String) throws {
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem)))
        tls.applicationProtocols = ["h2"]
        let context = try NIOSSLContext(configuration: tls)
        let counter = ConnectionCounter(path: connectionsFile)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                counter.increment()
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    var connection = NIOHTTP2Handler.ConnectionConfiguration()
                    connection.initialSettings = [
                        HTTP2Setting(parameter: .maxConcurrentStreams, value: 1_000),
                        HTTP2Setting(parameter: .maxHeaderListSize, value: 1 << 16),
                    ]
                    // SwiftNIO's defences against abusive clients (at most 200 resets, stream
                    // errors or "glitches" such as empty DATA frames per connection) would close
                    // libcurl's connections every few hundred requests: a sink answers everyone.
                    connection.maximumSequentialEmptyDataFrames = 1 << 20
                    connection.maximumConnectionGlitches = 1 << 30
                    connection.maximumRecentlyResetStreams = 1 << 16
                    var streams = NIOHTTP2Handler.StreamConfiguration()
                    streams.streamResetFrameRateLimit.maximumCount = 1 << 30
                    streams.streamErrorRateLimit.maximumCount = 1 << 30
                    _ = try channel.pipeline.syncOperations.configureHTTP2Pipeline(
                        mode: .server, connectionConfiguration: connection, streamConfiguration: streams
                    ) { stream in
                        stream.eventLoop.makeCompletedFuture { try stream.pipeline.syncOperations.addHandler(AnswerEachStream()) }
                    }
                }
            }
            .bind(host: "127.0.0.1", port: 0).wait()
        FileHandle.standardOutput.write(Data("READY \(channel.localAddress?.port ?? 0)\n".utf8))
        // Ends when the race closes our standard input.
        while let line = readLine(strippingNewline: false), !line.isEmpty {}
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }
}

/// Answers one stream: `200` and the request's `apns-id` once the request has ended.
final class AnswerEachStream: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    private var apnsID = ""

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .headers(let headers):
            apnsID = headers.headers.first(name: "apns-id") ?? ""
            if headers.endStream { answer(context) }
        case .data(let data):
            if data.endStream { answer(context) }
        default:
            break
        }
    }

    private func answer(_ context: ChannelHandlerContext) {
        let headers: HPACKHeaders = [":status": "200", "apns-id": apnsID]
        context.writeAndFlush(wrapOutboundOut(.headers(.init(headers: headers, endStream: true))), promise: nil)
    }
}

/// The number of connections accepted so far, written to a file at each one.
final class ConnectionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private let path: String

    init(path: String) {
        self.path = path
        try? "0".write(toFile: path, atomically: true, encoding: .utf8)
    }

    func increment() {
        lock.withLock {
            count += 1
            try? String(count).write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// The count a sink wrote to `path`.
    static func read(_ path: String) -> Int { Int((try? String(contentsOfFile: path, encoding: .utf8)) ?? "") ?? 0 }
}
