import ExplorerCore

/// The auth kinds apix runs besides bearer, basic and API keys (OAuth2 grants, Digest, NTLM, AWS SigV4) as the
/// collection importers read them from Postman, Insomnia and Bruno: each importer fills `OAuth2` (or the other
/// kinds' arguments) from its tool's field names, and this one place decides the grant, keeps every credential in
/// the secrets file (never the profile) and words the notes, which the OpenAPI importer shares.
package enum ImportAuth {
    /// An OAuth2 configuration in neutral terms.
    struct OAuth2 {
        /// The tool's grant name: `authorization_code`, `authorization_code_with_pkce`, `implicit`, `password`,
        /// `password_credentials` or `client_credentials`.
        var grant: String
        var authorizationURL = ""
        var tokenURL = ""
        var clientID = ""
        var clientSecret = ""
        var username = ""
        var password = ""
        var scope = ""
        var redirectURI = ""
        /// The client's id and secret go in the token request's body rather than a Basic header.
        var credentialsInBody = false
        /// Fields added to the authorization URL and token requests (`audience`, `resource`).
        var extra: [Parameter] = []
    }

    /// The note for an implicit grant, which apix runs as the authorization code grant with PKCE.
    package static func implicitNote(_ owner: String) -> String {
        "\(owner): the OAuth2 implicit grant was removed by OAuth 2.1: apix signs in with the authorization code "
            + "grant and PKCE instead (the authorization server must allow it for this client)"
    }

    /// The note for a browser sign-in whose source names no token endpoint (the implicit grant has none).
    package static func tokenURLNote(_ owner: String) -> String {
        "\(owner): no token endpoint is given: set the `token_url` variable to the authorization server's token "
            + "URL before `apix auth login`"
    }

    /// `fields` as an `oauth2` auth, or nil when apix cannot run the grant (an unknown grant, no token URL for
    /// password and client credentials, no authorization URL for a browser sign-in): the caller keeps its fallback.
    /// `owner` names where it came from in notes (`the collection`, a request's name).
    static func oauth2(_ fields: OAuth2, owner: String, draft: inout CollectionDraft) -> AuthSpec? {
        let grant: AuthSpec.OAuth2.Grant
        switch fields.grant {
        case "authorization_code", "authorization_code_with_pkce", "implicit":
            grant = .authorizationCode
        case "password", "password_credentials":
            grant = .password
        case "client_credentials":
            grant = .clientCredentials
        default:
            return nil
        }
        let browser = grant == .authorizationCode
        if browser ? fields.authorizationURL.isEmpty : fields.tokenURL.isEmpty { return nil }
        if fields.grant == "implicit" { draft.notes.append(implicitNote(owner)) }
        var tokenURL = Template(fields.tokenURL)
        if fields.tokenURL.isEmpty {
            // Defined empty in the profile (not a secret) so it loads; the note says to fill it in.
            if draft.variables["token_url"] == nil { draft.variables["token_url"] = Template("") }
            tokenURL = Template("{{token_url}}")
            draft.notes.append(tokenURLNote(owner))
        }
        var spec = AuthSpec.OAuth2(
            grant: grant, tokenURL: tokenURL, clientID: draft.distinctCredential(fields.clientID, as: "client_id"))
        // A browser sign-in's client is often public (PKCE, no secret): an empty secret is left out rather than sent
        // as `client_id:` in a Basic header.
        if !browser || !fields.clientSecret.isEmpty {
            spec.clientSecret = draft.distinctCredential(fields.clientSecret, as: "client_secret")
        }
        if grant == .password {
            spec.username = draft.distinctCredential(fields.username, as: "username")
            spec.password = draft.distinctCredential(fields.password, as: "password")
        }
        if !fields.scope.isEmpty { spec.scope = Template(fields.scope) }
        if fields.credentialsInBody { spec.clientAuth = .form }
        spec.extra = fields.extra
        if browser {
            spec.authorizationURL = Template(fields.authorizationURL)
            spec.redirectURI = redirectURI(fields.redirectURI, owner: owner, notes: &draft.notes)
        }
        return .oauth2(spec)
    }

    /// The redirect URI apix can listen on (`http://127.0.0.1[:PORT]/PATH`), else nil with a note: other tools
    /// register their own callback pages (`https://oauth.pstmn.io/v1/callback`), which apix cannot receive.
    static func redirectURI(_ written: String, owner: String, notes: inout [String]) -> Template? {
        guard !written.isEmpty else { return nil }
        if !written.contains("{{"), RedirectListener.Address.problem(written) == nil { return Template(written) }
        notes.append(
            "\(owner): its redirect URI \(written) is not kept: apix receives the browser's redirect on "
                + "http://127.0.0.1:{free port}/callback; register that with the authorization server (or set "
                + "`redirect_uri: http://127.0.0.1:PORT/callback` for a fixed port)")
        return nil
    }

    /// Digest or NTLM (`domain` is put before an NTLM user name: `DOMAIN\user`).
    static func challenge(
        _ scheme: AuthSpec.ChallengeScheme, username: String, password: String, domain: String = "",
        draft: inout CollectionDraft
    ) -> AuthSpec {
        let user = domain.isEmpty || username.isEmpty ? username : "\(domain)\\\(username)"
        return .challenge(
            scheme, username: draft.distinctCredential(user, as: "username"),
            password: draft.distinctCredential(password, as: "password"))
    }

    /// AWS Signature Version 4. A service without a region is left out with a note (the loader wants both, or
    /// neither: libcurl then reads them from the host name).
    static func awsSigV4(
        accessKey: String, secretKey: String, sessionToken: String, region: String, service: String, owner: String,
        draft: inout CollectionDraft
    ) -> AuthSpec {
        var aws = AuthSpec.AWSSigV4(
            accessKeyID: draft.distinctCredential(accessKey, as: "aws_access_key_id"),
            secretAccessKey: draft.distinctCredential(secretKey, as: "aws_secret_access_key"))
        if !sessionToken.isEmpty {
            aws.sessionToken = draft.distinctCredential(sessionToken, as: "aws_session_token")
        }
        if !region.isEmpty {
            aws.region = Template(region)
            if !service.isEmpty { aws.service = Template(service) }
        } else if !service.isEmpty {
            draft.notes.append(
                "\(owner): AWS service \(service) without a region is left out: apix reads both from the host name")
        }
        return .awsSigV4(aws)
    }

    /// The `auths:` name for a definition of `spec`'s kind (`oauth2`, `digest`, `ntlm`, `aws`).
    static func definitionName(_ spec: AuthSpec) -> String {
        if case .awsSigV4 = spec { return "aws" }
        return spec.typeName
    }
}
