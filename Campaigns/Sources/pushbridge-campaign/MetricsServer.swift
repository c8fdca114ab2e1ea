import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import Prometheus
import PushBridgeCampaigns
import ServiceLifecycle

/// `work --metrics-port`: the worker's swift-metrics counters (`CampaignMetrics`) served as
/// Prometheus's text exposition format at `GET /metrics`, over HTTP/1.1, for as long as the worker
/// runs; one `Service` of the worker's `ServiceGroup`, so SIGTERM closes it after the worker has
/// finished its batch.
///
/// The format and its media type, `text/plain; version=0.0.4`:
/// https://prometheus.io/docs/instrumenting/exposition_formats/ (what swift-prometheus 2's
/// `PrometheusCollectorRegistry.emit(into:)` writes).
struct MetricsServer: Service {
    /// The media type of the text exposition format, version 0.0.4.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    private let channel: any Channel

    /// Listens on `host`:`port` (0: a free port, logged) at once, so that a port already taken
    /// stops the command before its worker claims anything.
    /// - Throws: `CampaignError` naming `--metrics-port` when it cannot listen.
    static func listen(host: String, port: Int, registry: PrometheusCollectorRegistry, logger: Logger) async throws -> MetricsServer {
        let channel: any Channel
        do {
            channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                        try channel.pipeline.syncOperations.addHandler(MetricsHandler(registry: registry))
                    }
                }
                .bind(host: host, port: port).get()
        } catch {
            throw CampaignError("--metrics-port", "cannot listen on \(host):\(port) (\(error)); expected a free port, or 0 for any")
        }
        let bound = channel.localAddress?.port ?? port
        logger.info(
            "serving metrics at http://\(host.contains(":") ? "[\(host)]" : host):\(bound)/metrics",
            metadata: ["metrics-host": "\(host)", "metrics-port": "\(bound)"])
        return MetricsServer(channel: channel)
    }

    /// Serves until the group shuts down (after the worker, which comes after it in the group) or
    /// is cancelled; then closes the listening socket.
    func run() async throws {
        try? await gracefulShutdown()
        try? await channel.close()
    }
}

/// One HTTP/1.1 connection's requests: `GET /metrics` (a query string allowed) answered with the
/// registry's current text, any other path 404, any other method on `/metrics` 405.
final class MetricsHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let registry: PrometheusCollectorRegistry
    private var request: HTTPRequestHead?

    init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): request = head
        case .body: break
        case .end:
            guard let head = request else { return }
            request = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? head.uri
        var headers = HTTPHeaders()
        let status: HTTPResponseStatus
        var body: [UInt8]
        if path != "/metrics" {
            status = .notFound
            body = Array("not found: \(path) (the metrics are at /metrics)\n".utf8)
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        } else if head.method != .GET && head.method != .HEAD {
            status = .methodNotAllowed
            body = Array("\(head.method) /metrics: expected GET\n".utf8)
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
            headers.add(name: "Allow", value: "GET, HEAD")
        } else {
            status = .ok
            body = []
            registry.emit(into: &body)
            headers.add(name: "Content-Type", value: MetricsServer.contentType)
        }
        headers.add(name: "Content-Length", value: "\(body.count)")
        let keepAlive = head.isKeepAlive
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
        if head.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let channel = context.channel
            written.whenComplete { _ in channel.close(promise: nil) }
        }
    }
}
