import Foundation

extension ProfileWriter {
    /// What a merge added, and how many of the incoming endpoints were already there (kept as written).
    package struct Merged: Sendable, Equatable {
        /// Ids of the endpoints added, in the incoming order.
        package var addedEndpoints: [String]
        /// Incoming endpoints whose id the profile already had: the profile's own are kept.
        package var keptEndpoints: Int
        package var addedEnvironments: [String]
        /// Variables added: profile-level names, and `ENV.NAME` for an environment's.
        package var addedVariables: [String]
        /// Names added to the secrets file (`ENV.NAME` for an environment's).
        package var addedSecrets: [String]

        /// One line for stderr: what was added and what was kept.
        package var summary: String {
            "\(Units.count(addedEndpoints.count, "endpoint")) added, \(keptEndpoints) kept (already present), "
                + "\(Units.count(addedEnvironments.count, "environment")) and "
                + "\(Units.count(addedVariables.count, "variable")) added"
                + (addedSecrets.isEmpty ? "" : ", \(addedSecrets.count) secret names added")
        }
    }

    /// Merges an imported profile into the existing profile `file` by id, in place: the file's endpoints,
    /// environments and variables stay exactly as written (comments and layout too), endpoints whose id is new are
    /// appended, and environments and variables new by name are added; nothing is removed. `secrets` are the
    /// top-level entries the import's secrets file would hold (`variables`, `environments`): names the existing
    /// `ID.secrets.yaml` lacks are added to it. The result must load, with every endpoint it had unchanged,
    /// before anything is replaced.
    package static func merge(_ incoming: Profile, secrets: [ProfileEmitter.Entry] = [], into file: String)
        throws(ProfileWriteError) -> Merged
    {
        let existing: Profile
        switch ProfileLoader.load(file: file) {
        case .success(let loaded): existing = loaded
        case .failure(let failure): throw ProfileWriteError(.brokenProfile(failure.problems), file: file)
        }
        let newEndpoints = incoming.endpoints.filter { existing.endpoint($0.id) == nil }
        var merged = Merged(
            addedEndpoints: newEndpoints.map(\.id), keptEndpoints: incoming.endpoints.count - newEndpoints.count,
            addedEnvironments: [], addedVariables: [], addedSecrets: [])
        let text: String
        switch ProfileLoader.readText(file) {
        case .failure(let problem): throw ProfileWriteError(.io(path: file, reason: problem.message), file: file)
        case .success(let read): text = read
        }
        let oldSecrets = ProfileLoader.companion(of: file, kind: "secrets")
        let oldSecretsText = oldSecrets.flatMap { try? ProfileLoader.readText($0).get() }
        let candidate: String
        var secretsCandidate: String?
        do throws(ProfileMerger.Refusal) {
            if oldSecrets != nil, let oldSecretsText, !secrets.isEmpty {
                let endings = try Self.endings(oldSecretsText)
                var secretsMerger = try ProfileMerger(text: endings.lf)
                let wanted = secretsWanted(secrets, existing: existing)
                merged.addedSecrets = try secretsMerger.addMissing(wanted).values.flatMap { $0 }.sorted()
                if !merged.addedSecrets.isEmpty { secretsCandidate = endings.restoring(secretsMerger.text) }
            }
            let endings = try Self.endings(text)
            var merger = try ProfileMerger(text: endings.lf)
            let added = try merger.addMissing(wanted(incoming, existing: existing), before: "endpoints")
            let environments = added["environments"] ?? []
            merged.addedVariables = (added["variables"] ?? []) + environments.filter { $0.contains(".") }
            merged.addedEnvironments = environments.filter { !$0.contains(".") }
            try merger.append(endpoints: newEndpoints)
            candidate = endings.restoring(merger.text)
        } catch {
            throw ProfileWriteError(.unverifiable("cannot merge in place: \(error.reason)"), file: file)
        }
        // The secrets first: the merged profile may use names only they define.
        if let oldSecrets, let secretsCandidate { try replace(oldSecrets, with: secretsCandidate, mode: 0o600) }
        do {
            try verify(candidate, file: file, existing: existing, added: newEndpoints)
            if candidate != text { try replace(file, with: candidate, mode: 0o644) }
        } catch {
            if let oldSecrets, let oldSecretsText, secretsCandidate != nil {
                try? AtomicFile.write(oldSecretsText, to: oldSecrets, mode: 0o600)
            }
            throw error
        }
        return merged
    }

    /// Adds to the existing secrets file `file` the names of `secrets` (the import's `variables` and
    /// `environments` entries) it lacks, keeping every value and line the user wrote: what `--force` does when the
    /// replacing profile needs secrets the old one did not. Returns the added names (an environment's as
    /// `ENV.NAME`); the file is not touched when none are missing.
    package static func addMissingSecrets(_ secrets: [ProfileEmitter.Entry], to file: String)
        throws(ProfileWriteError) -> [String]
    {
        let text: String
        switch ProfileLoader.readText(file) {
        case .failure(let problem): throw ProfileWriteError(.io(path: file, reason: problem.message), file: file)
        case .success(let read): text = read
        }
        var merger: ProfileMerger
        let added: [String]
        let endings: LineEndings
        do throws(ProfileMerger.Refusal) {
            endings = try Self.endings(text)
            merger = try ProfileMerger(text: endings.lf)
            added = try merger.addMissing(secrets).values.flatMap { $0 }.sorted()
        } catch {
            throw ProfileWriteError(.unverifiable("cannot add the new secret names: \(error.reason)"), file: file)
        }
        if !added.isEmpty { try replace(file, with: endings.restoring(merger.text), mode: 0o600) }
        return added
    }

    /// `text`'s line endings, or the merger's refusal of a file that mixes them.
    private static func endings(_ text: String) throws(ProfileMerger.Refusal) -> LineEndings {
        guard let endings = LineEndings(text) else {
            throw ProfileMerger.Refusal(reason: "the file mixes LF and CR LF line endings")
        }
        return endings
    }

    /// The `variables`, `environments` and `auths` entries holding what the incoming profile defines: the merger
    /// adds only the names the file lacks. An environment the profile has asks only for variables it does not define.
    private static func wanted(_ incoming: Profile, existing: Profile) -> [ProfileEmitter.Entry] {
        let variables = incoming.variables.filter { existing.variables[$0.key] == nil }
        var environments: [ProfileEmitter.Entry] = []
        for environment in incoming.environments {
            guard let present = existing.environments.first(where: { $0.name == environment.name }) else {
                environments.append(.init(environment.name, ProfileEmitter.environment(environment)))
                continue
            }
            let lacking = environment.variables.filter { present.variables[$0.key] == nil }
            if !lacking.isEmpty {
                environments.append(
                    .init(environment.name, .mapping([.init("variables", ProfileEmitter.variables(lacking))])))
            }
        }
        // Named auth definitions the added endpoints may use (`auth: oauth2`); one the profile has is kept as written.
        let auths = incoming.auths.filter { existing.auths[$0.key] == nil }
        return [
            .init("variables", ProfileEmitter.variables(variables)), .init("environments", .mapping(environments)),
            .init("auths", ProfileEmitter.definitions(auths)),
        ]
    }

    /// The secrets entries without environment values for names the user already gave a value for the whole
    /// profile: an environment's value would override it, and the user's values win.
    private static func secretsWanted(_ secrets: [ProfileEmitter.Entry], existing: Profile) -> [ProfileEmitter.Entry] {
        func filled(_ name: String) -> Bool {
            existing.secretNames.contains(name) && !(existing.variables[name]?.raw.isEmpty ?? true)
        }
        return secrets.map { entry in
            guard entry.key == "environments", case .mapping(let environments) = entry.value else { return entry }
            let kept = environments.compactMap { environment -> ProfileEmitter.Entry? in
                guard case .mapping(let fields) = environment.value,
                    case .mapping(let variables)? = fields.first(where: { $0.key == "variables" })?.value
                else { return environment }
                let left = variables.filter { !filled($0.key) }
                return left.isEmpty ? nil : .init(environment.key, .mapping([.init("variables", .mapping(left))]))
            }
            return .init(entry.key, .mapping(kept))
        }
    }

    /// The merged text loads, every endpoint the profile had reads back the same, and the added ones are there.
    private static func verify(_ text: String, file: String, existing: Profile, added: [Endpoint])
        throws(ProfileWriteError)
    {
        let loaded: Profile
        switch ProfileLoader.load(file: file, text: text) {
        case .success(let profile): loaded = profile
        case .failure(let failure):
            let first = failure.problems.first.map { "\($0)" } ?? "it does not load"
            throw ProfileWriteError(.unverifiable("the merged profile did not load: \(first)"), file: file)
        }
        for endpoint in existing.endpoints {
            guard let now = loaded.endpoint(endpoint.id),
                ProfileEmitter.item(now, indent: 0) == ProfileEmitter.item(endpoint, indent: 0)
            else {
                throw ProfileWriteError(.unverifiable("`\(endpoint.id)` did not read back as it was"), file: file)
            }
        }
        for endpoint in added where loaded.endpoint(endpoint.id) == nil {
            throw ProfileWriteError(.unverifiable("`\(endpoint.id)` was not added"), file: file)
        }
    }

    /// Replaces a file (an existing one keeps its mode), failing as a profile write.
    private static func replace(_ file: String, with text: String, mode: mode_t) throws(ProfileWriteError) {
        do {
            try AtomicFile.write(text, to: file, mode: mode)
        } catch {
            throw ProfileWriteError(.io(path: error.path, reason: error.detail), file: file)
        }
    }
}
