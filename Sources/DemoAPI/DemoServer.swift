import Hummingbird
import HummingbirdWebSocket
import Logging
import ServiceLifecycle

/// The bundled demo API: todos, echo, redirects, large and slow transfers, OAuth-style tokens, caching headers
/// and sample bodies, served on loopback. `apix demo` and the integration tests run it in-process.
///
/// ```swift
/// let server = try await DemoServer().start()
/// // ... send requests to server.baseURL, e.g. http://127.0.0.1:41234/todos
/// await server.shutdown()
/// ```
package struct DemoServer: Sendable {
    /// Where and how the server runs.
    package struct Configuration: Sendable {
        /// Loopback address to bind: `127.0.0.1`, another `127.x.y.z`, `::1` or `localhost`.
        package var host: String
        /// Port to bind; 0 picks a free one (read it from `RunningDemoServer.port`).
        package var port: Int
        /// How long issued access tokens stay valid.
        package var accessTokenLifetime: Duration
        /// How long tokens issued by the refresh grant stay valid (`nil`: `accessTokenLifetime`). A test of
        /// expiry wants a short first token and a refreshed one that outlives the retry on a loaded machine.
        package var refreshedTokenLifetime: Duration?
        /// File the server appends its log to; `nil` discards logs (nothing ever goes to stdout).
        package var logFile: String?

        /// Creates a configuration; the defaults suit tests (any free port, 30-second tokens, no log).
        package init(
            host: String = "127.0.0.1",
            port: Int = 0,
            accessTokenLifetime: Duration = .seconds(30),
            refreshedTokenLifetime: Duration? = nil,
            logFile: String? = nil
        ) {
            self.host = host
            self.port = port
            self.accessTokenLifetime = accessTokenLifetime
            self.refreshedTokenLifetime = refreshedTokenLifetime
            self.logFile = logFile
        }
    }

    let configuration: Configuration

    /// Creates a server; nothing runs until `start()` or `run()`.
    package init(configuration: Configuration = .init()) {
        self.configuration = configuration
    }

    /// Starts serving in the background and returns once the socket is bound.
    ///
    /// Each call starts an independent server with its own data. Call `RunningDemoServer.shutdown()` when done.
    /// - Throws: `DemoServerError.nonLoopbackHost` for a host that is not loopback, or the bind error.
    package func start() async throws -> RunningDemoServer {
        guard Self.isLoopback(configuration.host) else {
            throw DemoServerError.nonLoopbackHost(configuration.host)
        }
        let logger = FileLogHandler.logger(label: "apix.demo", path: configuration.logFile)
        let router = DemoRouter.make(
            accessTokenLifetime: configuration.accessTokenLifetime,
            refreshedTokenLifetime: configuration.refreshedTokenLifetime,
            logRequests: configuration.logFile != nil
        )
        let (boundPorts, boundPort) = AsyncThrowingStream<Int, any Error>.makeStream()
        let application = Application(
            router: router,
            // WebSocket upgrades (`WebSocketRoutes`) are decided before the router; other requests reach it.
            server: .http1WebSocketUpgrade(
                configuration: .init(http1: .init(additionalChannelHandlers: [ExpectContinueHandler()])),
                shouldUpgrade: WebSocketRoutes.shouldUpgrade),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { channel in
                boundPort.yield(channel.localAddress?.port ?? 0)
                boundPort.finish()
            },
            logger: logger
        )
        // An outer group of our own, without signal handling: it is what `shutdown()` asks to stop gracefully.
        let serviceGroup = ServiceGroup(
            configuration: .init(services: [application], gracefulShutdownSignals: [], logger: logger)
        )
        let runTask = Task {
            do {
                try await serviceGroup.run()
                boundPort.finish()
            } catch {
                boundPort.finish(throwing: error)
                throw error
            }
        }
        do {
            for try await port in boundPorts {
                return RunningDemoServer(
                    host: configuration.host,
                    port: port,
                    serviceGroup: serviceGroup,
                    runTask: runTask
                )
            }
        } catch {
            runTask.cancel()
            throw error
        }
        // The stream ended without a port: the caller was cancelled, or the server stopped before listening.
        runTask.cancel()
        try Task.checkCancellation()
        throw DemoServerError.stoppedBeforeListening
    }

    /// Serves until the calling task is cancelled, then shuts down gracefully (for `apix demo` in the
    /// foreground; set a fixed `port` in the configuration to know where it listens).
    package func run() async throws {
        let server = try await start()
        try await withTaskCancellationHandler {
            try await server.waitUntilStopped()
        } onCancel: {
            server.beginShutdown()
        }
    }

    /// Whether `host` names a loopback address: the demo has well-known passwords and must not be reachable
    /// from other machines.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
