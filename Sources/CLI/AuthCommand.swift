import ArgumentParser
import ExplorerCore
import Foundation

/// `apix auth status|login|refresh|logout PROFILE [-e ENV] [--auth NAME]`: see and steer a profile's credentials
/// (its `auth:`, or the named definition under `auths:` with `--auth`).
///
/// Tokens are never printed unless `status --reveal`. Exit statuses: 0 on success, 3 when the profile has no auth
/// that can do what was asked, 4 when the token server refused or could not be reached.
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth", abstract: "Show and manage a profile's credentials and OAuth2 tokens.",
        subcommands: [Status.self, Login.self, Refresh.self, Logout.self])

    /// `apix auth status`: the token's state, the grant, where the token lives.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show the token's state (none, valid and for how long, expired, failed) and the grant.")

        @OptionGroup var target: AuthTarget
        @Flag(help: "Print the tokens and secrets themselves.") var reveal = false
        @Flag(help: "Print one JSON object.") var json = false

        func run() async throws {
            let session = try target.resolve()
            let document: JSONObject
            let lines: [String]
            switch session.auth {
            case nil:
                document = Self.base(session, type: "none", state: "none")
                lines = ["\(session.key): no auth configured"]
            case .oauth2(let settings)?:
                let status = await AuthSessions.shared.refresher(for: session.key, settings: settings).status()
                document = oauthDocument(session, status)
                lines = oauthLines(session, status)
            case let auth?:
                let presentation: CredentialPresentation = reveal ? .revealed : .bullets
                guard let placement = presentation.credential(for: auth)?.placement else {
                    preconditionFailure("a static credential is always shown")
                }
                var object = Self.base(session, type: auth.typeName, state: "static")
                object.append(key: "credential", value: Self.placementObject(placement))
                document = object
                lines = [
                    "\(session.key): \(auth.typeName) (static credentials from the profile)",
                    "  " + Self.text(placement),
                ]
            }
            if json {
                StandardOutput.write(JSONValue.object(document).serialized() + "\n")
            } else {
                StandardOutput.write(lines.map { SafeText.escape($0) }.joined(separator: "\n") + "\n")
            }
        }

        private func oauthLines(_ session: AuthTarget.Session, _ status: AuthStatus) -> [String] {
            var lines = [
                "\(session.key): oauth2, \(status.grant.rawValue) grant", "  state: \(status.state.summary())",
            ]
            if let issuer = status.issuer { lines.append("  issuer: \(issuer)") }
            lines.append("  token url: \(status.tokenURL ?? "from the issuer's metadata at the first login")")
            if let token = status.token {
                lines.append(
                    "  access token: " + (reveal ? token.accessToken : VariableScope.mask + "  (--reveal shows it)"))
                let refresh = token.refreshToken.map { reveal ? $0 : "yes" } ?? "no"
                lines.append("  refresh token: \(refresh)")
                if let scope = token.scope { lines.append("  scope: \(scope)") }
                if let claims = JWTClaims(token: token.accessToken) {
                    lines.append("  access token claims: \(claims.line)")
                }
                if let claims = token.idToken.flatMap(JWTClaims.init(token:)) {
                    lines.append("  id token claims: \(claims.line)")
                }
            }
            lines.append("  file: \(status.storeFile)")
            if let problem = status.storeProblem { lines.append("  warning: \(problem.message)") }
            return lines
        }

        private func oauthDocument(_ session: AuthTarget.Session, _ status: AuthStatus) -> JSONObject {
            var object = Self.base(session, type: "oauth2", state: status.state.name)
            object.append(key: "grant", value: .string(status.grant.rawValue))
            object.append(key: "token_url", value: status.tokenURL.map(JSONValue.string) ?? .null)
            if let issuer = status.issuer { object.append(key: "issuer", value: .string(issuer)) }
            switch status.state {
            case .valid(let expiresAt?):
                object.append(key: "expires_at", value: .string(ResponseDocument.iso8601(expiresAt)))
                let seconds = max(0, Int(expiresAt.timeIntervalSinceNow.rounded(.down)))
                object.append(key: "expires_in", value: .number(String(seconds)))
            case .failed(let reason):
                object.append(key: "reason", value: .string(reason))
            default:
                break
            }
            let token = status.token
            object.append(
                key: "access_token", value: token.map { .string(reveal ? $0.accessToken : VariableScope.mask) } ?? .null
            )
            object.append(key: "has_refresh_token", value: .bool(token?.refreshToken != nil))
            if reveal, let refresh = token?.refreshToken {
                object.append(key: "refresh_token", value: .string(refresh))
            }
            object.append(key: "scope", value: token?.scope.map(JSONValue.string) ?? .null)
            // Read from the tokens when they are JWTs, not verified (`verified: false` says so).
            let accessClaims = token.flatMap { JWTClaims(token: $0.accessToken) }
            object.append(key: "access_token_claims", value: accessClaims?.json ?? .null)
            let idClaims = token?.idToken.flatMap(JWTClaims.init(token:))
            object.append(key: "id_token_claims", value: idClaims?.json ?? .null)
            object.append(key: "file", value: .string(status.storeFile))
            object.append(key: "problem", value: status.storeProblem.map { .string($0.message) } ?? .null)
            return object
        }

        static func base(_ session: AuthTarget.Session, type: String, state: String) -> JSONObject {
            var object: JSONObject = [
                "profile": .string(session.key.profile), "environment": .string(session.key.environment),
            ]
            // Only for a named definition, so the document of the profile's `auth:` stays as it was.
            if let definition = session.key.definition { object.append(key: "auth", value: .string(definition)) }
            object.append(key: "type", value: .string(type))
            object.append(key: "state", value: .string(state))
            return object
        }

        static func placementObject(_ placement: CredentialPlacement) -> JSONValue {
            switch placement.target {
            case .header(let name): .object(["header": .string(name), "value": .string(placement.value)])
            case .query(let name): .object(["query": .string(name), "value": .string(placement.value)])
            }
        }

        static func text(_ placement: CredentialPlacement) -> String {
            switch placement.target {
            case .header(let name): "\(name): \(placement.value)"
            case .query(let name): "query \(name)=\(placement.value)"
            }
        }
    }

    /// `apix auth login`: runs the profile's grant now.
    struct Login: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "login",
            abstract:
                "Run the profile's OAuth2 grant (password, client credentials, authorization code in a browser, or "
                + "a device code entered elsewhere) and store the tokens.")

        @OptionGroup var target: AuthTarget
        @Option(
            help: ArgumentHelp(
                "Authorization code and device grants: wait at most SECONDS for the browser's redirect or the "
                    + "device's approval (the device code's own expiry may come first).",
                valueName: "SECONDS"))
        var timeout: Double = 300
        @Flag(
            name: .customLong("no-browser"),
            help: ArgumentHelp(
                "Authorization code grant: open no browser; print the URL and also take the redirected URL pasted "
                    + "on stdin (a browser on another machine)."))
        var noBrowser = false
        @Flag(
            help: ArgumentHelp(
                "Print one JSON object on stdout: the device grant's user_code, verification_uri, "
                    + "verification_uri_complete (when given), expires_in and interval; other grants: the login's "
                    + "outcome."))
        var json = false

        func validate() throws {
            guard timeout.isFinite, timeout > 0, timeout <= 86400 else {
                throw ValidationError("--timeout must be a number of seconds between 0 and 86400")
            }
        }

        func run() async throws {
            let (session, refresher) = try await target.refresher(for: "log in")
            let browser = BrowserLoginPrompt.login(
                timeout: .milliseconds(Int64(timeout * 1000)), noBrowser: noBrowser, json: json)
            let token = try await AuthTarget.obtain { () async throws(AuthError) in
                try await refresher.login(browser: browser)
            }
            let state = TokenState.valid(expiresAt: token.expiresAt).summary()
            let grant = session.settings?.grant ?? .password
            let line = "\(session.key): logged in with the \(grant.rawValue) grant; token \(state)"
            switch (json, grant) {
            case (false, _): StandardOutput.write(line + "\n")
            // stdout already holds the one JSON object (the code to enter); the outcome is the exit status.
            case (true, .deviceCode): StandardError.writeLine("apix: " + line)
            case (true, _):
                var object = AuthCommand.Status.base(session, type: "oauth2", state: "valid")
                object.append(key: "grant", value: .string(grant.rawValue))
                if let expiresAt = token.expiresAt {
                    object.append(key: "expires_at", value: .string(ResponseDocument.iso8601(expiresAt)))
                }
                StandardOutput.write(JSONValue.object(object).serialized() + "\n")
            }
        }
    }

    /// `apix auth refresh`: refreshes the token now.
    struct Refresh: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "refresh",
            abstract: "Refresh the token now (refresh token if there is one, else the grant).")

        @OptionGroup var target: AuthTarget

        func run() async throws {
            let (session, refresher) = try await target.refresher(for: "refresh")
            let token = try await AuthTarget.obtain { () async throws(AuthError) in try await refresher.refresh() }
            StandardOutput.write(
                "\(session.key): refreshed; token \(TokenState.valid(expiresAt: token.expiresAt).summary())\n")
        }
    }

    /// `apix auth logout`: forgets the tokens.
    struct Logout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout",
            abstract: "Revoke the tokens at the profile's `revocation_url` (if any), then forget them.")

        @OptionGroup var target: AuthTarget

        func run() async throws {
            let session = try target.resolve()
            var failures: [AuthError] = []
            do {
                if case .oauth2(let settings)? = session.auth {
                    let refresher = await AuthSessions.shared.refresher(for: session.key, settings: settings)
                    failures = try await refresher.logoutRevoking()
                } else {
                    try AuthSessions.shared.store.remove(session.key)
                }
            } catch {
                throw CLIFailure(.auth, "cannot forget the tokens: \(error.message)")
            }
            let revocationURL = session.settings.flatMap {
                AuthSessions.shared.discovery.completedFromKept($0, key: session.key).revocationURL
            }
            let revoked = revocationURL != nil && failures.isEmpty ? "revoked and " : ""
            StandardOutput.write("\(session.key): tokens \(revoked)forgotten\n")
            // Forgotten all the same: what the server still honours is said, and the exit status says it too.
            guard failures.isEmpty else {
                throw CLIFailure(.auth, failures.map(\.message).joined(separator: "; "))
            }
        }
    }
}

/// `PROFILE [-e ENV] [--auth NAME] [--var name=value]... [--profiles DIR]`: which credentials an `apix auth`
/// command works on.
struct AuthTarget: ParsableArguments {
    @Argument(help: "Profile id (its file name without .yaml).", completion: Completions.profile) var profile: String
    @Option(
        name: [.customShort("e"), .customLong("env")], help: "Environment (default: the profile's).",
        completion: Completions.environment)
    var environment: String?
    @Option(
        name: .customLong("auth"),
        help: ArgumentHelp(
            "A named definition under the profile's `auths:` (default: the profile's `auth:`).", valueName: "name"),
        completion: Completions.auth)
    var definition: String?
    @Option(name: .customLong("var"), help: ArgumentHelp("Variable for {{name}}.", valueName: "name=value"))
    var variables: [String] = []
    @OptionGroup var profileOptions: ProfileOptions

    /// The profile's credentials in one environment, variables filled in.
    struct Session {
        var key: ProfileEnvironmentKey
        var auth: ResolvedAuth?

        var settings: OAuth2Settings? {
            if case .oauth2(let settings)? = auth { return settings }
            return nil
        }
    }

    func resolve() throws -> Session {
        var overrides = RequestOverrides()
        for item in variables {
            let (name, value) = try RequestOptions.pair(item, flag: "--var")
            overrides.variables[name] = value
        }
        let loaded = try profileOptions.profile(profile, given: Set(overrides.variables.keys))
        do {
            let builder = try RequestBuilder(profile: loaded, environment: environment)
            let key = ProfileEnvironmentKey(
                profile: builder.profile.id, environment: builder.environment.name, definition: definition)
            return Session(key: key, auth: try builder.auth(definition: definition, overrides: overrides))
        } catch {
            throw CLIFailure(.profile, error.message)
        }
    }

    /// The OAuth2 refresher for this profile, or a profile error when its auth has no tokens to `verb`.
    func refresher(for verb: String) async throws -> (Session, TokenRefresher) {
        let session = try resolve()
        guard let settings = session.settings else {
            let what = session.auth.map { "uses static \($0.typeName) credentials" } ?? "has no auth"
            throw CLIFailure(.profile, "\(session.key) \(what): there is nothing to \(verb)")
        }
        return (session, await AuthSessions.shared.refresher(for: session.key, settings: settings))
    }

    /// Runs a token operation; a failure becomes exit status 4 with the server's reason.
    static func obtain(_ operation: () async throws(AuthError) -> OAuthToken) async throws -> OAuthToken {
        do {
            return try await operation()
        } catch {
            throw CLIFailure(.auth, "authentication failed: \(error.message)")
        }
    }
}
