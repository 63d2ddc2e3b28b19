import ExplorerCore
import OpenAPIKit

extension OpenAPIImporter {
    /// The profile's `auth:` from the document's security (global first, else the first scheme an operation
    /// uses), in the format of the auth section: `bearer`, `basic`, `api_key`, `oauth2` (password or client
    /// credentials). Returns the mapping, the secret variables it uses, and the scheme's name.
    static func authentication(
        document: DereferencedDocument, endpoints: [ResolvedEndpoint], notes: inout [String]
    ) -> (ProfileEmitter.Value?, [String], String?) {
        let requirements = document.security + endpoints.flatMap(\.security)
        for requirement in requirements {
            for (name, scoped) in requirement.schemes.sorted(by: { $0.key < $1.key }) {
                if let (value, secrets) = auth(scoped.securityScheme, scopes: scoped.requiredScopes) {
                    return (value, secrets, name)
                }
                let kind = scoped.securityScheme.type.name.rawValue
                notes.append("security scheme `\(name)` (\(kind)) has no auth kind: not carried over")
            }
        }
        return (nil, [], nil)
    }

    private static func auth(_ scheme: OpenAPI.SecurityScheme, scopes: [String]) -> (ProfileEmitter.Value, [String])? {
        typealias Entry = ProfileEmitter.Entry
        func secret(_ name: String) -> ProfileEmitter.Value { .string("{{\(name)}}") }
        switch scheme.type {
        case .http(let kind, _) where kind.lowercased() == "bearer":
            return (.mapping([Entry("type", .scalar("bearer")), Entry("token", secret("token"))]), ["token"])
        case .http(let kind, _) where kind.lowercased() == "basic":
            return (
                .mapping([
                    Entry("type", .scalar("basic")), Entry("username", secret("username")),
                    Entry("password", secret("password")),
                ]), ["username", "password"]
            )
        case .apiKey(let name, let location) where location != .cookie:
            return (
                .mapping([
                    Entry("type", .scalar("api_key")), Entry("name", .string(name)), Entry("value", secret("api_key")),
                    Entry("in", .scalar(location.rawValue)),
                ]), ["api_key"]
            )
        case .oauth2(let flows, _):
            var entries = [Entry("type", .scalar("oauth2"))]
            var secrets = ["client_id", "client_secret"]
            let scope = scopes.joined(separator: " ")
            if let password = flows.password {
                entries += [
                    Entry("grant", .scalar("password")), Entry("token_url", .string(password.tokenUrl.absoluteString)),
                ]
                secrets += ["username", "password"]
            } else if let credentials = flows.clientCredentials {
                entries += [
                    Entry("grant", .scalar("client_credentials")),
                    Entry("token_url", .string(credentials.tokenUrl.absoluteString)),
                ]
            } else {
                return nil
            }
            entries += [Entry("client_id", secret("client_id")), Entry("client_secret", secret("client_secret"))]
            if flows.password != nil {
                entries += [Entry("username", secret("username")), Entry("password", secret("password"))]
            }
            if !scope.isEmpty { entries.append(Entry("scope", .string(scope))) }
            return (.mapping(entries), secrets)
        default:
            return nil
        }
    }
}
