import ExplorerCore
import OpenAPIKit

extension OpenAPIImporter {
    typealias Entry = ProfileEmitter.Entry

    /// The profile's `auth:` from the security scheme the most operations accept (ties: the first met, the
    /// document's own requirements first), in the format of the auth section: `bearer`, `basic`, `api_key`,
    /// `oauth2` (password or client credentials). OAuth2 flows apix cannot run (implicit, authorization code,
    /// device) and OpenID Connect become a bearer token the user pastes, with a note. Returns the mapping, the
    /// secret variables it uses, and the scheme's name.
    static func authentication(
        document: OpenAPI.Document, operations: [OpenAPIOperation], notes: inout [String]
    ) -> (ProfileEmitter.Value?, [String], String?) {
        var order: [String] = []
        var references: [String: JSONReference<OpenAPI.SecurityScheme>] = [:]
        var scopes: [String: [String]] = [:]
        for requirement in document.security + operations.flatMap(\.security) {
            for (reference, required) in requirement.sorted(by: { ($0.key.name ?? "") < ($1.key.name ?? "") }) {
                guard let name = reference.name else { continue }
                if references[name] == nil {
                    order.append(name)
                    references[name] = reference
                }
                if scopes[name, default: []].isEmpty { scopes[name] = required }
            }
        }
        var uses: [String: Int] = [:]
        for operation in operations {
            for name in Set(operation.security.flatMap { $0.keys.compactMap(\.name) }) { uses[name, default: 0] += 1 }
        }
        let ranked = order.enumerated().sorted {
            (uses[$0.element] ?? 0, -$0.offset) > (uses[$1.element] ?? 0, -$1.offset)
        }.map(\.element)
        var chosen: (ProfileEmitter.Value, [String], String)?
        for name in ranked {
            guard let reference = references[name], let scheme = document.components[reference] else {
                notes.append("security scheme `\(name)` is not defined in the components: not carried over")
                continue
            }
            guard let (value, secrets) = auth(scheme, name: name, scopes: scopes[name] ?? [], notes: &notes) else {
                notes.append(
                    "security scheme `\(name)` (\(scheme.type.name.rawValue)) has no auth kind: not carried over")
                continue
            }
            if chosen == nil {
                chosen = (value, secrets, name)
            } else if let chosen {
                notes.append(
                    "security scheme `\(name)` is not the profile's auth (`\(chosen.2)` is): endpoints that accept "
                        + "only `\(name)` have `auth: none`")
            }
        }
        guard let chosen else { return (nil, [], nil) }
        return (chosen.0, chosen.1, chosen.2)
    }

    private static func secret(_ name: String) -> ProfileEmitter.Value { .string("{{\(name)}}") }

    private static func auth(
        _ scheme: OpenAPI.SecurityScheme, name: String, scopes: [String], notes: inout [String]
    )
        -> (ProfileEmitter.Value, [String])?
    {
        switch scheme.type {
        case .http(let kind, _) where kind.lowercased() == "bearer":
            return bearer("token")
        case .http(let kind, _) where kind.lowercased() == "basic":
            return (
                .mapping([
                    Entry("type", .scalar("basic")), Entry("username", secret("username")),
                    Entry("password", secret("password")),
                ]), ["username", "password"]
            )
        case .apiKey(let key, let location):
            if location == .cookie {
                notes.append("security scheme `\(name)` (a `\(key)` cookie) is sent as a `Cookie` header")
                return apiKey(name: "Cookie", value: .string("\(key)={{api_key}}"), in: "header")
            }
            return apiKey(name: key, value: secret("api_key"), in: location.rawValue)
        case .oauth2(let flows, _):
            return oauth2(flows, name: name, scopes: scopes, notes: &notes)
        case .openIdConnect(let url):
            notes.append(
                "security scheme `\(name)` (OpenID Connect, \(url.absoluteString)): apix cannot sign in there; "
                    + "put a token in `access_token`")
            return bearer("access_token")
        case .http, .mutualTLS:
            return nil
        }
    }

    private static func bearer(_ variable: String) -> (ProfileEmitter.Value, [String]) {
        (.mapping([Entry("type", .scalar("bearer")), Entry("token", secret(variable))]), [variable])
    }

    private static func apiKey(name: String, value: ProfileEmitter.Value, in place: String)
        -> (ProfileEmitter.Value, [String])
    {
        (
            .mapping([
                Entry("type", .scalar("api_key")), Entry("name", .string(name)), Entry("value", value),
                Entry("in", .scalar(place)),
            ]), ["api_key"]
        )
    }

    /// Password and client-credentials flows run in apix; the others are kept as a bearer token to paste.
    private static func oauth2(
        _ flows: OpenAPI.OAuthFlows, name: String, scopes: [String], notes: inout [String]
    ) -> (ProfileEmitter.Value, [String]) {
        let scope = scopes.joined(separator: " ")
        var entries = [Entry("type", .scalar("oauth2"))]
        var secrets = ["client_id", "client_secret"]
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
            let (flow, url): (String, String) =
                if let code = flows.authorizationCode {
                    ("authorization code", code.authorizationUrl.absoluteString)
                } else if let implicit = flows.implicit {
                    ("implicit", implicit.authorizationUrl.absoluteString)
                } else if let device = flows.deviceAuthorization {
                    ("device authorization", device.deviceAuthorizationUrl.absoluteString)
                } else {
                    ("no", "")
                }
            notes.append(
                "security scheme `\(name)` (OAuth2 \(flow) flow\(url.isEmpty ? "" : ", \(url)")): apix cannot run "
                    + "it; put a token in `access_token`")
            return bearer("access_token")
        }
        entries += [Entry("client_id", secret("client_id")), Entry("client_secret", secret("client_secret"))]
        if flows.password != nil {
            entries += [Entry("username", secret("username")), Entry("password", secret("password"))]
        }
        if !scope.isEmpty { entries.append(Entry("scope", .string(scope))) }
        return (.mapping(entries), secrets)
    }
}
