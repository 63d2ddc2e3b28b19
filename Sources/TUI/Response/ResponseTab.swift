/// The response pane's tabs. Left and right move through the response's three; the request as it went is
/// apart, on `4` (and drawn at the right of the tab line).
package enum ResponseTab: Int, CaseIterable, Hashable, Sendable {
    case body, headers, raw, request
    /// The endpoint's `expect:` checks on this answer.
    case checks
    /// How the answer compared with its declared schema (`responses:`): each violation, `J` shows it in the body.
    case schema
    /// A GraphQL answer's `errors`, apart from `data`: message, path, locations, code.
    case errors
    /// The connection the answer came on: address, reuse, HTTP version, ALPN, TLS and the certificate chain.
    case connection

    /// The tabs that show the response (left and right cycle through them; `AppState.responseTabs(for:)` adds the
    /// Checks tab for endpoints with `expect:`).
    static let responseTabs: [ResponseTab] = [.body, .headers, .raw]

    package var title: String {
        switch self {
        case .body: "Body"
        case .headers: "Headers"
        case .raw: "Raw"
        case .request: "Request"
        case .checks: "Checks"
        case .schema: "Schema"
        case .errors: "Errors"
        case .connection: "Connection"
        }
    }
}
