/// Which redirects may resend a request's body (307 and 308 keep the method and body; the others drop the body
/// or keep it only for methods other than POST): the profile key `redirect_body`.
enum RedirectBody: String, Sendable, Hashable, CaseIterable {
    /// Only to the origin the request went to (scheme, host and port): a body often holds credentials or personal
    /// data, and another origin was never meant to get it. A redirect that would carry it elsewhere is an error.
    case sameOrigin = "same_origin"
    /// To whatever origin `Location` names, as curl `-L` does.
    case anyOrigin = "any_origin"
}
