import Hummingbird

/// `/status/{code}` for every common method: answers that status with `{"status": code}`.
struct StatusRoutes {
    func register(on router: Router<BasicRequestContext>) {
        for method in EchoRoutes.methods {
            router.on("/status/:code", method: method) { request, context in
                // 1xx are interim responses, not final answers a handler can give.
                guard let code = context.parameters.get("code", as: Int.self), (200...599).contains(code) else {
                    throw DemoError.badRequest("the status must be an integer in 200...599")
                }
                let status = HTTPResponse.Status(code: code)
                if status == .noContent || status == .notModified {
                    return Response.empty(status: status)
                }
                return Response.json(["status": .int(code)], status: status).forMethod(request.method)
            }
        }
    }
}
