import Hummingbird

/// Redirect chains, open redirects and a cross-host hop, for redirect-following tests.
struct RedirectRoutes {
    /// Redirect statuses a client may ask for with `status=`.
    static let allowedStatuses: Set<Int> = [301, 302, 303, 307, 308]

    func register(on router: Router<BasicRequestContext>) {
        for method in EchoRoutes.methods {
            router.on("/redirect/cross-host", method: method) { request, _ in try crossHost(request) }
            router.on("/redirect/:n", method: method) { request, context in try chain(request, context) }
            router.on("/redirect-to", method: method) { request, _ in
                guard let url = request.query("url"), !url.isEmpty else {
                    throw DemoError.badRequest("query 'url' is required")
                }
                return try Self.redirect(to: url, request: request)
            }
        }
    }

    /// `/redirect/{n}`: n > 1 goes to `/redirect/{n-1}`, n == 1 to `/echo`; `status=` is carried along the chain.
    private func chain(_ request: Request, _ context: BasicRequestContext) throws -> Response {
        guard let hops = context.parameters.get("n", as: Int.self), (1...100).contains(hops) else {
            throw DemoError.badRequest("the redirect count must be an integer in 1...100")
        }
        var location = hops > 1 ? "/redirect/\(hops - 1)" : "/echo"
        if hops > 1, let status = request.query("status") {
            location += "?status=" + FormURLEncoding.encode(status)
        }
        return try Self.redirect(to: location, request: request)
    }

    /// `/redirect/cross-host`: to `/echo` on the other loopback name for the same port (127.0.0.1 and localhost),
    /// so clients can be checked for dropping credentials on a cross-host hop.
    private func crossHost(_ request: Request) throws -> Response {
        let authority = request.head.authority ?? ""
        let (host, port) = Self.splitAuthority(authority)
        let otherHost = host == "127.0.0.1" ? "localhost" : "127.0.0.1"
        let location = "http://\(otherHost)\(port.map { ":\($0)" } ?? "")/echo"
        return try Self.redirect(to: location, request: request)
    }

    private static func redirect(to location: String, request: Request) throws -> Response {
        var code = 302
        if let text = request.query("status") {
            guard let requested = Int(text), allowedStatuses.contains(requested) else {
                throw DemoError.badRequest("query 'status' must be one of 301, 302, 303, 307, 308")
            }
            code = requested
        }
        return Response.json(
            ["redirect": .string(location), "status": .int(code)],
            status: HTTPResponse.Status(code: code),
            headers: [.location: location]
        ).forMethod(request.method)
    }

    /// Host and port of an authority such as `127.0.0.1:8080`, `localhost` or `[::1]:8080`.
    static func splitAuthority(_ authority: String) -> (host: String, port: Int?) {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let host = String(authority[authority.index(after: authority.startIndex)..<close])
            let rest = authority[authority.index(after: close)...]
            return (host, rest.hasPrefix(":") ? Int(rest.dropFirst()) : nil)
        }
        if let colon = authority.lastIndex(of: ":") {
            return (String(authority[..<colon]), Int(authority[authority.index(after: colon)...]))
        }
        return (authority, nil)
    }
}
