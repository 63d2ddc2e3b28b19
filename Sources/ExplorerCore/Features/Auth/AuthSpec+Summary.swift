import Foundation

extension AuthSpec {
    /// What a profile's credentials are, in the one wording of a status line: `auth: none`, `auth: basic` (static
    /// credentials: no token involved), `oauth2: valid, expires in 4:12` (`TokenState.summary`), `oauth2: …` while
    /// the token's state is not known yet.
    package enum Summary: Sendable, Equatable {
        case none
        /// A credential written in the profile (`bearer`, `basic`, `api_key`).
        case staticCredential(typeName: String)
        /// OAuth2, with its token's state once known.
        case oauth2(TokenState?)

        /// The summary for the `auth:` in effect (`RequestBuilder.authSpec`) and, for OAuth2, the token's state.
        package init(spec: AuthSpec?, token: TokenState?) {
            switch spec {
            case nil, .none?: self = .none
            case .oauth2?: self = .oauth2(token)
            case let spec?: self = .staticCredential(typeName: spec.typeName)
            }
        }

        /// `auth: none`, `auth: basic`, `oauth2: not logged in`, `oauth2: valid, expires in 4:12`, `oauth2: …`;
        /// credentials of a named definition (`auths:`) say its name: `auth reader: basic`, `oauth2 admin: valid, …`.
        package func text(now: Date = Date(), definition: String? = nil) -> String {
            let name = definition.map { " \($0)" } ?? ""
            switch self {
            case .none: return "auth: none"
            case .staticCredential(let typeName): return "auth\(name): \(typeName)"
            // A missing token is named by what to do about it; every other state in `TokenState.summary`'s words.
            case .oauth2(TokenState.none?): return "oauth2\(name): not logged in"
            case .oauth2(let state?): return "oauth2\(name): \(state.summary(now: now))"
            case .oauth2(nil): return "oauth2\(name): …"
            }
        }

        /// Whether the text counts down (a screen showing it redraws every second).
        package var isCountingDown: Bool {
            if case .oauth2(let state?) = self { return state.isCountingDown }
            return false
        }
    }
}
