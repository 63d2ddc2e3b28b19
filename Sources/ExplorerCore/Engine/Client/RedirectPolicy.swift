import Foundation

/// Decides, one response at a time, whether and how to follow a redirect. Pure: no I/O.
///
/// - 303 turns any method but HEAD into GET without a body; 301 and 302 do so for POST (what browsers and curl do);
///   307 and 308 resend the same method and body.
/// - Credentials are never sent to another origin: `Authorization`, `Cookie`, `Proxy-Authorization`, and the
///   headers and query items the request declares as credentials (`PreparedRequest.credentialNames`: those an
///   `auth:` credential placed, e.g. an API key in `X-API-Key`, and those whose value uses a secret variable), and
///   the credential libcurl works out (`TransferOptions.authentication`).
///   Credentials are added once per attempt, before any redirect, so this is the only place that can keep them
///   from the next origin.
/// - The proxy is chosen again for each hop's URL (`ProxyRoute.Rule`).
/// - A body is resent only to the same origin unless the request allows any (`redirect_body: any_origin`): a
///   307 or 308 to another origin is then an error that says where it pointed, not a silent copy of the body.
struct RedirectPolicy {
    static let credentialHeaders = ["Authorization", "Cookie", "Proxy-Authorization"]

    let maxRedirects: Int
    private(set) var followed = 0

    init(maxRedirects: Int) {
        self.maxRedirects = maxRedirects
    }

    /// The request to send next, or `nil` when `response` is final.
    mutating func nextRequest(after response: Response, for request: PreparedRequest)
        throws(TransportError) -> PreparedRequest?
    {
        guard request.options.followRedirects, HTTPStatus.redirectCodes.contains(response.statusCode),
            let location = response.headers["Location"]
        else { return nil }
        guard followed < maxRedirects else {
            throw TransportError(
                .tooManyRedirects,
                "more than \(maxRedirects) redirects, the limit `max_redirects:` (or `--max-redirects`) sets; "
                    + "the last went to \(location.count > 200 ? location.prefix(200) + "…" : location)",
                metrics: response.metrics)
        }
        guard let base = URL(string: request.url),
            let target = URL(string: location, relativeTo: base)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            throw TransportError(.invalidRequest, "cannot follow redirect to \(location)", metrics: response.metrics)
        }
        followed += 1

        var next = request
        next.url = target.absoluteString
        let dropsBody =
            switch response.statusCode {
            case 303: true
            case 301, 302: request.method == .post
            default: false
            }
        if dropsBody {
            if request.method != .head { next.method = .get }
            next.body = .none
            next.headers.remove("Content-Type")
            next.headers.remove("Content-Length")
        }
        let sameOrigin = Self.sameOrigin(base, target)
        if !sameOrigin, !dropsBody, !next.body.isEmpty, request.options.redirectBody == .sameOrigin {
            throw TransportError(
                .invalidRequest,
                "not following the \(response.statusCode) redirect to \(Self.origin(of: target)): it would resend "
                    + "the request body to another origin (the profile's `redirect_body: any_origin` allows it)",
                metrics: response.metrics)
        }
        if !sameOrigin {
            for name in Self.credentialHeaders { next.headers.remove(name) }
            for name in request.credentialNames.headers { next.headers.remove(name) }
            // A Location replaces our query, so ours never carries over; but a server may copy the key into
            // Location itself, and the other origin must not get it that way either.
            next.url = request.credentialNames.removing(from: next.url)
            // Digest, NTLM, Negotiate and SigV4 are worked out by libcurl on each hop: the next one gets none.
            next.options.authentication = nil
        }
        // The proxy is chosen again for the new URL: another scheme may have another proxy variable, another host
        // may be on the no-proxy list (or leave it).
        if let rule = request.options.proxyRule { next.options.proxy = rule.proxy(for: next.url) }
        return next
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    /// `scheme://host:port`, what a message names (never the path or query, which may hold a key).
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "http"
        let port = effectivePort(url).map { ":\($0)" } ?? ""
        return "\(scheme)://\(url.host ?? "")\(port)"
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
    }
}
