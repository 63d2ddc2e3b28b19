/// Load-time check that every endpoint's `auth: NAME` names a definition under `auths:`, in every environment the
/// endpoint can be sent in (the profile's definitions serve all environments; an environment's only itself).
extension ProfileLoader {
    static func authNameProblems(in profile: Profile) -> [ProfileProblem] {
        var problems: [ProfileProblem] = []
        for endpoint in profile.endpoints {
            guard let name = endpoint.authName, profile.auths[name] == nil else { continue }
            let location =
                endpoint.authNameLocation ?? endpoint.location ?? SourceLocation(file: profile.file, line: 1, column: 1)
            let missing = profile.environments.filter { $0.auths[name] == nil }.map(\.name)
            guard !missing.isEmpty else { continue }
            var message = "unknown auth definition `\(name)` in `auth` of endpoint `\(endpoint.id)`"
            if missing.count < profile.environments.count {
                message +=
                    ": environment " + missing.map { "`\($0)`" }.joined(separator: ", ")
                    + (missing.count == 1 ? " does" : " do") + " not define it under `auths:`"
            } else {
                let known = Set(profile.auths.keys).union(profile.environments.flatMap(\.auths.keys)).sorted()
                message += ": define it under the profile's `auths:`"
                if let suggestion = EditDistance.nearest(name, in: known) {
                    message += "; did you mean `\(suggestion)`?"
                } else if !known.isEmpty {
                    message += " (defined: " + known.joined(separator: ", ") + ")"
                }
            }
            problems.append(ProfileProblem(message, at: location))
        }
        return problems
    }
}
