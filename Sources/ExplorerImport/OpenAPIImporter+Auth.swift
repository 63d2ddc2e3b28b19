import CollectionImport
import ExplorerCore
import Foundation
import OpenAPIKit

extension OpenAPIImporter {
    typealias Entry = ProfileEmitter.Entry

    /// The profile's `auth:` from the security scheme the most operations accept (ties: the first met, the
    /// document's own requirements first), in the format of the auth section: `bearer`, `basic`, `api_key`,
    /// `oauth2` (every flow: password, client credentials, authorization code, device, implicit as the
    /// authorization code with PKCE; OpenID Connect through `issuer:`). Returns the mapping, the secret variables it
    /// uses, and the scheme's name.
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
            return openIDConnect(url, name: name, scopes: scopes, notes: &notes)
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

    /// Every OAuth2 flow runs in apix: password and client credentials first (no browser), then the authorization
    /// code, the device flow (OpenAPI 3.2), and the implicit flow as the authorization code grant with PKCE (OAuth 2.1
    /// removed it; it names no token URL: `{{token_url}}`, defined empty, with a note).
    private static func oauth2(
        _ flows: OpenAPI.OAuthFlows, name: String, scopes: [String], notes: inout [String]
    ) -> (ProfileEmitter.Value, [String]) {
        let scope = scopes.joined(separator: " ")
        let owner = "security scheme `\(name)`"
        var entries = [Entry("type", .scalar("oauth2"))]
        var secrets = ["client_id", "client_secret"]
        var interactive = false
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
        } else if let code = flows.authorizationCode {
            entries += [
                Entry("grant", .scalar("authorization_code")),
                Entry("token_url", .string(code.tokenUrl.absoluteString)),
            ]
            interactive = true
            entries.append(Entry("authorization_url", .string(code.authorizationUrl.absoluteString)))
        } else if let device = flows.deviceAuthorization {
            entries += [
                Entry("grant", .scalar("device_code")), Entry("token_url", .string(device.tokenUrl.absoluteString)),
                Entry("device_authorization_url", .string(device.deviceAuthorizationUrl.absoluteString)),
            ]
            interactive = true
        } else if let implicit = flows.implicit {
            notes.append(ImportAuth.implicitNote(owner))
            notes.append(ImportAuth.tokenURLNote(owner))
            entries += [
                Entry("grant", .scalar("authorization_code")), Entry("token_url", .string("{{token_url}}")),
                Entry("authorization_url", .string(implicit.authorizationUrl.absoluteString)),
            ]
            interactive = true
        } else {
            notes.append("\(owner) (OAuth2 with no flow): apix cannot run it; put a token in `access_token`")
            return bearer("access_token")
        }
        entries.append(Entry("client_id", secret("client_id")))
        if interactive {
            // A browser or device sign-in's client is often public (PKCE, no secret), and an empty secret would be
            // sent: the key is left for the user to add.
            secrets.removeAll { $0 == "client_secret" }
            notes.append(clientSecretNote(owner))
        } else {
            entries.append(Entry("client_secret", secret("client_secret")))
        }
        if flows.password != nil {
            entries += [Entry("username", secret("username")), Entry("password", secret("password"))]
        }
        if !scope.isEmpty { entries.append(Entry("scope", .string(scope))) }
        // `authorization_url` / `device_authorization_url` after the client, as `ProfileEmitter.auth` orders them.
        let endpointsLast = ["authorization_url", "device_authorization_url"]
        entries = entries.filter { !endpointsLast.contains($0.key) } + entries.filter { endpointsLast.contains($0.key) }
        return (.mapping(entries), secrets)
    }

    private static func clientSecretNote(_ owner: String) -> String {
        "\(owner): a public client has no secret; for a confidential one add `client_secret: \"{{client_secret}}\"` "
            + "to the auth and fill it in the secrets file"
    }

    /// OpenID Connect: the authorization code grant whose endpoints `issuer:` discovery fills in (the document's
    /// `openIdConnectUrl` without `/.well-known/openid-configuration`), `openid` among the scopes.
    private static func openIDConnect(_ url: URL, name: String, scopes: [String], notes: inout [String])
        -> (ProfileEmitter.Value, [String])
    {
        let owner = "security scheme `\(name)`"
        var issuer = url.absoluteString
        for suffix in ["/.well-known/openid-configuration", "/.well-known/oauth-authorization-server"]
        where issuer.hasSuffix(suffix) {
            issuer.removeLast(suffix.count)
        }
        let scope = (scopes.contains("openid") ? scopes : ["openid"] + scopes).joined(separator: " ")
        notes.append(clientSecretNote(owner))
        return (
            .mapping([
                Entry("type", .scalar("oauth2")), Entry("grant", .scalar("authorization_code")),
                Entry("issuer", .string(issuer)), Entry("client_id", secret("client_id")),
                Entry("scope", .string(scope)),
            ]), ["client_id"]
        )
    }
}
