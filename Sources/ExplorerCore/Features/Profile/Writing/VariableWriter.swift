import Foundation

/// Saves edited variables (the explorer's environment view) into the profile file and the secrets file, keeping
/// every other byte: each changed layer's mapping is edited in place by `ProfileSplicer.saveMapping` (only the
/// changed values' text replaced, comments and block or flow style kept, new names written like their siblings).
/// The edited texts are loaded again, with every companion file, before anything is written: they must load
/// without a problem and read back as the intended layers, with everything else unchanged. The secrets file is
/// written 0600 (created beside the profile when it does not exist yet). Dotenv files are never written.
package enum VariableWriter {
    /// Writes what differs between `edited` and what the files hold now, for the profile at `file`; returns the
    /// files written (none when nothing differs).
    @discardableResult
    package static func save(_ edited: VariableLayers, profileFile file: String) throws(ProfileWriteError)
        -> [String]
    {
        let added = try addedEntries(edited.addedEnvFile, profileFile: file)
        let current: Profile
        switch ProfileLoader.load(file: file, text: nil, addingSecrets: added.entries, addedFrom: added.name) {
        case .success(let loaded): current = loaded
        case .failure(let failure): throw ProfileWriteError(.brokenProfile(failure.problems), file: file)
        }
        var changes: [VariableLayers.Origin: [(path: [String], change: [String: String?])]] = [:]
        let places = Set((edited.layers + current.variableLayers.layers).map(\.place)).filter(\.origin.isEditable)
        for place in places.sorted(by: {
            ($0.origin.rank, $0.environment ?? "") < ($1.origin.rank, $1.environment ?? "")
        }) {
            let want = edited.layer(place)?.variables ?? [:]
            let have = current.variableLayers.layer(place)?.variables ?? [:]
            var change: [String: String?] = [:]
            for name in Set(want.keys).union(have.keys) where want[name]?.raw != have[name]?.raw {
                change[name] = .some(want[name]?.raw)
            }
            guard !change.isEmpty else { continue }
            let path = place.environment.map { ["environments", $0, "variables"] } ?? ["variables"]
            changes[place.origin, default: []].append((path, change))
        }
        guard !changes.isEmpty else { return [] }

        let secretsFile = ProfileLoader.companion(of: file, kind: "secrets") ?? defaultSecretsFile(for: file)
        var profileText: String?
        var secretsText: String?
        if let list = changes[.profileFile] { profileText = try edit(file, list, exists: true) }
        if let list = changes[.secretsFile] {
            secretsText = try edit(
                secretsFile, list, exists: FileManager.default.fileExists(atPath: secretsFile))
        }
        let reloaded = ProfileLoader.load(
            file: file, text: profileText, secretsText: secretsText.map { (secretsFile, $0) },
            addingSecrets: added.entries, addedFrom: added.name)
        if let problem = readBackProblem(reloaded, current: current, edited: edited) {
            throw ProfileWriteError(
                .unverifiable("the edited variables did not read back as intended: \(problem)"), file: file)
        }
        var written: [String] = []
        if let secretsText {
            try write(
                secretsText, to: secretsFile,
                options: .init(mode: 0o600, keepsExistingMode: false, followsSymlink: true))
            written.append(secretsFile)
        }
        if let profileText {
            try write(profileText, to: file, options: .init(mode: 0o644, keepsExistingMode: true, followsSymlink: true))
            written.append(file)
        }
        return written
    }

    /// `ID.secrets.yaml` beside the profile.
    package static func defaultSecretsFile(for file: String) -> String {
        let directory = (file as NSString).deletingLastPathComponent
        return (directory as NSString).appendingPathComponent("\(ProfileLoader.id(forFile: file)).secrets.yaml")
    }

    /// The added dotenv file's lines, read again so the check loads the profile as it is used.
    private static func addedEntries(_ path: String?, profileFile file: String) throws(ProfileWriteError) -> (
        entries: [(key: String, value: String)], name: String
    ) {
        guard let path else { return ([], "--env-file") }
        let directory = (file as NSString).deletingLastPathComponent
        switch DotEnv.load(path, relativeTo: directory.isEmpty ? "." : directory) {
        case .success(let entries): return (entries, path)
        case .failure(let problem): throw ProfileWriteError(.io(path: path, reason: problem.message), file: file)
        }
    }

    /// The file's text with each mapping changed, in its own line endings.
    private static func edit(_ file: String, _ list: [(path: [String], change: [String: String?])], exists: Bool)
        throws(ProfileWriteError) -> String
    {
        var text = ""
        if exists {
            switch ProfileLoader.readText(file) {
            case .success(let read): text = read
            case .failure(let problem): throw ProfileWriteError(.io(path: file, reason: problem.message), file: file)
            }
        }
        guard let endings = LineEndings(text) else {
            throw ProfileWriteError(.unverifiable("the file mixes LF and CR LF line endings"), file: file)
        }
        var lf = endings.lf
        for (path, change) in list {
            if isEmptyDocument(lf) {
                // Nothing to edit in place (a new or empty secrets file): the mapping is written below what is
                // there (comments stay first).
                let entries = change.compactMap { name, value in
                    value.map { ProfileEmitter.Entry(name, ProfileSplicer.scalar($0)) }
                }.sorted { $0.key < $1.key }
                guard !entries.isEmpty else { continue }
                let value = path.dropFirst().reversed().reduce(ProfileEmitter.Value.mapping(entries)) { inner, key in
                    .mapping([ProfileEmitter.Entry(key, inner)])
                }
                if !lf.isEmpty, !lf.hasSuffix("\n") { lf += "\n" }
                lf += ProfileEmitter.field(.init(path[0], value), indent: 0, style: .block)
                continue
            }
            do throws(ProfileSplicer.Refusal) {
                var splicer = try ProfileSplicer(text: lf)
                lf = try splicer.saveMapping(at: path, setting: change)
            } catch {
                throw ProfileWriteError(.unverifiable(error.reason), file: file)
            }
        }
        return endings.restoring(lf)
    }

    /// Only blank lines and comments.
    private static func isEmptyDocument(_ text: String) -> Bool {
        text.split(separator: "\n").allSatisfy { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return trimmed.isEmpty || trimmed.hasPrefix("#")
        }
    }

    /// Nil when the edited files load and hold `edited`'s editable layers, everything else as it was; else what
    /// went wrong.
    private static func readBackProblem(
        _ result: Result<Profile, ProfileLoadFailure>, current: Profile, edited: VariableLayers
    ) -> String? {
        let reloaded: Profile
        switch result {
        case .failure(let failure): return "it would not load" + (failure.problems.first.map { ": \($0)" } ?? "")
        case .success(let loaded): reloaded = loaded
        }
        let places = Set((edited.layers + reloaded.variableLayers.layers).map(\.place))
        for place in places where place.origin.isEditable {
            let want = edited.layer(place)?.variables ?? [:]
            let got = reloaded.variableLayers.layer(place)?.variables ?? [:]
            for name in Set(want.keys).union(got.keys).sorted() where want[name]?.raw != got[name]?.raw {
                return "`\(name)` read back as \(got[name].map { _ in "another value" } ?? "missing")"
            }
        }
        func withoutVariables(_ profile: Profile) -> String {
            var profile = profile
            profile.variables = [:]
            for index in profile.environments.indices { profile.environments[index].variables = [:] }
            return ProfileEmitter.profile(profile)
        }
        return withoutVariables(reloaded) == withoutVariables(current) ? nil : "other settings read back differently"
    }

    private static func write(_ text: String, to file: String, options: AtomicFile.Options) throws(ProfileWriteError) {
        do {
            try AtomicFile.write(Data(text.utf8), to: file, options: options)
        } catch {
            throw ProfileWriteError(.io(path: error.path, reason: error.detail), file: file)
        }
    }
}
