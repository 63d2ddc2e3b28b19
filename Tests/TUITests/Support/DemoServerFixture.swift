import DemoAPI

/// Runs `body` against a fresh demo API on 127.0.0.1 (port 0) and always shuts it down, also when `body` throws.
/// `body` runs on the caller's actor (the runtime tests are on the main actor).
func withDemoServer<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: (RunningDemoServer) async throws -> T
) async throws -> T {
    let server = try await DemoServer().start()
    do {
        let result = try await body(server)
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}
