import Hummingbird

/// Answers every error as the `{"error": ...}` JSON the routes use, including Hummingbird's own (unknown route,
/// undecodable parameter) and unexpected failures, so a client never handles two error shapes. Error answers to
/// HEAD requests keep their headers but lose the body.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let response: Response
        do {
            return try await next(request, context)
        } catch let error as DemoError {
            response = try error.response(from: request, context: context)
        } catch let error as HTTPError {
            let demoError =
                error.status == .notFound
                ? DemoError(.notFound, "not_found", "no route for \(request.method) \(request.uri.path)")
                : DemoError(
                    error.status,
                    "http_\(error.status.code)",
                    error.body ?? error.status.reasonPhrase,
                    headers: error.headers
                )
            response = try demoError.response(from: request, context: context)
        } catch let error as CancellationError {
            // The server is stopping: nothing useful to answer.
            throw error
        } catch {
            context.logger.error("Unexpected error: \(error)")
            let demoError = DemoError(.internalServerError, "internal_error", String(describing: error))
            response = try demoError.response(from: request, context: context)
        }
        return request.method == .head ? response.createHeadResponse() : response
    }
}
