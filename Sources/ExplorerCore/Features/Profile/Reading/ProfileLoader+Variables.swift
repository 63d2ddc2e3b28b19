/// Load-time check that every `{{name}}` a profile uses is defined somewhere: in the profile's `variables`, in
/// any environment's, or in the secrets file. `{{env.NAME}}` is checked when a request is built, since the
/// process environment may differ between loading and sending.
extension ProfileLoader {
    /// Unknown variables, then variables that refer to themselves.
    static func variableProblems(in profile: Profile, alsoDefined: Set<String> = []) -> [ProfileProblem] {
        unknownVariables(in: profile, alsoDefined: alsoDefined) + variableCycles(in: profile)
    }

    /// Variables whose value leads back to themselves (`x: "{{x}}"`, `a: "{{b}}"` with `b: "{{a}}"`), which no
    /// request could fill in. Checked in each environment's scope (its variables over the profile's), each cycle
    /// reported once, at the definition that comes first in the file.
    static func variableCycles(in profile: Profile) -> [ProfileProblem] {
        var problems: [ProfileProblem] = []
        var reported: Set<[String]> = []
        let scopes: [ProfileEnvironment?] = profile.environments.isEmpty ? [nil] : profile.environments
        for environment in scopes {
            var templates = profile.variables
            templates.merge(environment?.variables ?? [:]) { _, new in new }
            for cycle in cycles(in: templates) {
                let start =
                    cycle.indices.min { a, b in
                        let (x, y) = (templates[cycle[a]]?.location, templates[cycle[b]]?.location)
                        return (x?.line ?? 0, x?.column ?? 0, cycle[a]) < (y?.line ?? 0, y?.column ?? 0, cycle[b])
                    } ?? 0
                let ordered = Array(cycle[start...] + cycle[..<start])
                let key = ordered.map { "\($0)@\(templates[$0]?.location.map(String.init(describing:)) ?? "")" }
                guard reported.insert(key).inserted else { continue }
                let first = ordered[0]
                var message = DependencyGraph.describe(ordered)
                if let environment, ordered.contains(where: { environment.variables[$0] != nil }) {
                    message += " in environment `\(environment.name)`"
                }
                let location = templates[first]?.location ?? SourceLocation(file: profile.file, line: 1, column: 1)
                problems.append(ProfileProblem(message + ": it can never be filled in", at: location))
            }
        }
        return problems
    }

    /// Every cycle of references among `templates`, each once (as found from its first name in sorted order).
    private static func cycles(in templates: [String: Template]) -> [[String]] {
        DependencyGraph(variables: templates).cycles
    }

    static func unknownVariables(in profile: Profile, alsoDefined: Set<String> = []) -> [ProfileProblem] {
        var defined = Set(profile.variables.keys).union(alsoDefined)
        for environment in profile.environments { defined.formUnion(environment.variables.keys) }
        // A capture is used as `{{ENDPOINT.NAME}}`: its name alone is what users of other tools write first.
        var capturedBy: [String: String] = [:]
        for (source, names) in ChainPlanner.captureNames(in: profile).sorted(by: { $0.key < $1.key }) {
            defined.formUnion(names.map { "\(source).\($0)" })
            for name in names where capturedBy[name] == nil { capturedBy[name] = source }
        }
        var problems: [ProfileProblem] = []
        var reported: Set<String> = []

        func check(_ template: Template, _ context: @autoclosure () -> String) {
            for name in template.variableNames where !name.hasPrefix("env.") && !defined.contains(name) {
                let location = template.location ?? SourceLocation(file: profile.file, line: 1, column: 1)
                guard reported.insert("\(location):\(name)").inserted else { continue }
                let remedy =
                    capturedBy[name].map { "`\(name)` is captured by endpoint `\($0)`: write `{{\($0).\(name)}}`" }
                    ?? "define it under `variables`, in an environment's `variables` or in \(profile.id).secrets.yaml"
                problems.append(
                    ProfileProblem("unknown variable `{{\(name)}}` in \(context()): \(remedy)", at: location))
            }
        }
        func check(_ parameters: [Parameter], _ kind: String, _ owner: String) {
            for parameter in parameters {
                // Two loops, not one over the two lists joined: that built an array for each of thousands.
                for value in parameter.values ?? [] { check(value, "\(kind) `\(parameter.name)` of \(owner)") }
                for value in parameter.disabledValues { check(value, "\(kind) `\(parameter.name)` of \(owner)") }
            }
        }
        func check(_ value: TemplateValue, _ context: String) {
            switch value {
            case .string(let template): check(template, context)
            case .array(let items): for item in items { check(item, context) }
            case .object(let members): for member in members { check(member.value, context) }
            case .null, .bool, .number: break
            }
        }

        func check(_ auth: AuthSpec?, _ owner: String) {
            for (key, template) in authTemplates(auth) { check(template, "`auth.\(key)` of \(owner)") }
        }

        for (name, template) in profile.variables.sorted(by: { $0.key < $1.key }) {
            check(template, "variable `\(name)`")
        }
        check(profile.headers, "header", "the profile")
        check(profile.auth, "the profile")
        for (name, spec) in profile.auths.sorted(by: { $0.key < $1.key }) {
            check(spec, "auth definition `\(name)`")
        }
        for environment in profile.environments {
            let owner = "environment `\(environment.name)`"
            check(environment.baseURL, "`base_url` of \(owner)")
            check(environment.headers, "header", owner)
            check(environment.auth, owner)
            for (name, spec) in environment.auths.sorted(by: { $0.key < $1.key }) {
                check(spec, "auth definition `\(name)` of \(owner)")
            }
            for (name, template) in environment.variables.sorted(by: { $0.key < $1.key }) {
                check(template, "variable `\(name)` of \(owner)")
            }
        }
        for endpoint in profile.endpoints {
            let owner = "endpoint `\(endpoint.id)`"
            check(endpoint.path, "`path` of \(owner)")
            check(endpoint.params, "param", owner)
            check(endpoint.query, "query item", owner)
            check(endpoint.headers, "header", owner)
            check(endpoint.auth, owner)
            switch endpoint.body {
            case .json(let value): check(value, "the body of \(owner)")
            case .form(let fields), .multipart(let fields): check(fields, "body field", owner)
            case .text(let template, _), .file(let template, _): check(template, "the body of \(owner)")
            case .graphql(let graphql):
                if let variables = graphql.variables { check(variables, "the GraphQL variables of \(owner)") }
            case nil: break
            }
            if let payload = endpoint.webSocket?.connectionInit {
                check(payload, "the `connection_init` of \(owner)")
            }
            for message in endpoint.webSocket?.messages ?? [] {
                switch message.content {
                case .text(let template): check(template, "saved message `\(message.name)` of \(owner)")
                case .json(let value): check(value, "saved message `\(message.name)` of \(owner)")
                case .file: break
                }
            }
        }
        return problems + ChainPlanner.problems(in: profile)
    }

    /// Every template an `auth:` holds, with its key.
    static func authTemplates(_ auth: AuthSpec?) -> [(String, Template)] {
        switch auth {
        case nil, .none?: return []
        case .bearer(let token)?: return [("token", token)]
        case .basic(let username, let password)?: return [("username", username), ("password", password)]
        case .apiKey(let name, let value, _)?: return [("name", name), ("value", value)]
        case .challenge(_, let username, let password)?: return [("username", username), ("password", password)]
        case .awsSigV4(let aws)?:
            let optional: [(String, Template?)] = [
                ("session_token", aws.sessionToken), ("region", aws.region), ("service", aws.service),
            ]
            return [("access_key_id", aws.accessKeyID), ("secret_access_key", aws.secretAccessKey)]
                + optional.compactMap { key, template in template.map { (key, $0) } }
        case .oauth2(let settings)?:
            let optional: [(String, Template?)] = [
                ("client_secret", settings.clientSecret), ("username", settings.username),
                ("password", settings.password), ("scope", settings.scope),
                ("authorization_url", settings.authorizationURL), ("redirect_uri", settings.redirectURI),
                ("revocation_url", settings.revocationURL),
                ("device_authorization_url", settings.deviceAuthorizationURL), ("issuer", settings.issuer),
            ]
            return [settings.tokenURL.map { ("token_url", $0) }, ("client_id", settings.clientID)].compactMap { $0 }
                + optional.compactMap { key, template in template.map { (key, $0) } }
                + settings.extra.flatMap { parameter in
                    (parameter.values ?? []).map { ("extra.\(parameter.name)", $0) }
                }
        }
    }
}
