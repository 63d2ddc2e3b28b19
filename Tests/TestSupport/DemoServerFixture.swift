import DemoAPI

/// Runs `body` against a fresh demo API on 127.0.0.1 (port 0) and always shuts it down, also when `body` throws.
/// `body` runs on the caller's actor (the runtime tests are on the main actor).
package func withDemoServer<T>(
    _ configuration: DemoServer.Configuration = .init(), isolation: isolated (any Actor)? = #isolation,
    _ body: (RunningDemoServer) async throws -> T
) async throws -> T {
    let server = try await DemoServer(configuration: configuration).start()
    do {
        let result = try await body(server)
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}

extension RunningDemoServer {
    /// The URL of `path` on this server.
    package func url(_ path: String) -> String { baseURL + path }
}
