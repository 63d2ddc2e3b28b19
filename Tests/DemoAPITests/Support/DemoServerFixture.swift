import DemoAPI

extension RunningDemoServer {
    /// Sends a GET request to this server with `RawHTTPClient`.
    func send(_ path: String, headers: [(String, String)] = [], host: String? = nil) async throws -> HTTPReply {
        try await send("GET", path, headers: headers, host: host)
    }

    /// Sends one request to this server with `RawHTTPClient`.
    func send(
        _ method: String,
        _ path: String,
        headers: [(String, String)] = [],
        body: [UInt8] = [],
        host: String? = nil
    ) async throws -> HTTPReply {
        try await RawHTTPClient.send(port: port, method: method, path: path, headers: headers, body: body, host: host)
    }

    /// Sends a JSON body.
    func send(_ method: String, _ path: String, json: String) async throws -> HTTPReply {
        try await send(method, path, headers: [("Content-Type", "application/json")], body: Array(json.utf8))
    }

    /// Sends a form-urlencoded body.
    func send(_ method: String, _ path: String, form: String, headers: [(String, String)] = []) async throws
        -> HTTPReply
    {
        try await send(
            method,
            path,
            headers: headers + [("Content-Type", "application/x-www-form-urlencoded")],
            body: Array(form.utf8)
        )
    }
}
