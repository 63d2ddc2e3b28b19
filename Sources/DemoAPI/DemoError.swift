import Hummingbird

/// An error answered as JSON: `{"error": code}` plus `error_description` when there is one.
///
/// The shape follows RFC 6749 section 5.2 so the OAuth routes and everything else report errors alike; handlers
/// throw it and the router turns it into the response.
struct DemoError: HTTPResponseError {
    let status: HTTPResponse.Status
    /// Machine-readable code, e.g. `not_found`, `invalid_grant`.
    let code: String
    /// Human-readable detail.
    let detail: String?
    /// Extra response headers (e.g. `WWW-Authenticate`).
    let headers: HTTPFields

    init(_ status: HTTPResponse.Status, _ code: String, _ detail: String? = nil, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers
    }

    static func badRequest(_ detail: String) -> DemoError {
        DemoError(.badRequest, "bad_request", detail)
    }

    static func notFound(_ detail: String = "no such resource") -> DemoError {
        DemoError(.notFound, "not_found", detail)
    }

    /// The JSON body of this error.
    var body: JSONValue {
        var members: [(key: String, value: JSONValue)] = [(key: "error", value: .string(code))]
        if let detail { members.append((key: "error_description", value: .string(detail))) }
        return .object(members)
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response.json(body, status: status, headers: headers)
    }
}
