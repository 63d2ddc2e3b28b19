import Hummingbird

/// Builds the demo API's router: every route of one server instance, over that instance's own stores.
enum DemoRouter {
    static func make(
        accessTokenLifetime: Duration, refreshedTokenLifetime: Duration? = nil, logRequests: Bool
    ) -> Router<BasicRequestContext> {
        // GET routes answer HEAD too (same headers, no body); routes taking any method register HEAD themselves.
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        // Middleware applies only to routes added after it, so it goes first.
        router.middlewares.add(JSONErrorMiddleware())
        if logRequests {
            router.middlewares.add(LogRequestsMiddleware(.info))
        }

        let todos = TodoStore()
        router.get("/") { _, _ in Response.json(index) }
        TodoRoutes(store: todos).register(on: router)
        EchoRoutes().register(on: router)
        StatusRoutes().register(on: router)
        RetryAfterRoutes().register(on: router)
        RedirectRoutes().register(on: router)
        TransferRoutes().register(on: router)
        GzipRoutes().register(on: router)
        EncodedRoutes().register(on: router)
        let store = AuthStore(accessTokenLifetime: accessTokenLifetime, refreshedTokenLifetime: refreshedTokenLifetime)
        let auth = AuthRoutes(store: store, todos: todos)
        auth.register(on: router)
        auth.registerChain(on: router)
        CacheRoutes(store: CacheStore()).register(on: router)
        SampleRoutes().register(on: router)
        CookieRoutes().register(on: router)
        EventRoutes().register(on: router)
        return router
    }

    /// `GET /`: what the demo offers, for people poking at it with the explorer.
    static let index: JSONValue = [
        "name": "apix demo API",
        "routes": [
            "GET /todos?completed=&limit=", "GET|PUT|PATCH|DELETE /todos/{id}", "POST /todos",
            "ANY /echo[/...]", "ANY /status/{code}", "ANY /retry-after/{key}?times=&seconds=&status=",
            "ANY /redirect/{n}?status=", "ANY /redirect-to?url=&status=",
            "ANY /redirect/cross-host", "GET /bytes/{n}", "GET /drip?bytes=&duration=&delay=", "GET /stall?bytes=",
            "ANY /delay/{seconds}", "POST|PUT /upload", "GET /gzip", "GET /gzip/bytes/{n}",
            "POST /auth/token", "GET /auth/stats", "POST /auth/revoke", "POST /auth/expire", "GET /me",
            "GET /protected/todos", "POST /login", "GET /items?page=&per_page=", "GET /items/{id}", "ANY /always-401",
            "GET /basic-auth/{user}/{password}", "GET /api-key",
            "GET /cache/max-age/{s}", "GET /cache/no-store", "GET /cache/no-cache", "GET /cache/expires/{s}",
            "GET /cache/etag/{name}", "POST /cache/etag/{name}/bump", "GET /cache/last-modified", "GET /cache/vary",
            "GET /cache/stats", "GET /json/large?bytes=", "GET /unicode", "GET /html", "GET /xml", "GET /text",
            "GET /binary", "GET /hostile", "GET /hostile/json", "GET /events?count=&interval_ms=&pad=",
            "WS /ws/echo", "WS /ws/feed?count=&interval_ms= (subprotocols demo.v2, demo.v1)",
        ],
    ]
}
