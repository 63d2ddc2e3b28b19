import ExplorerCore

/// The environment view (`E`, or `v` in the environment picker): the variables of the selected profile in its
/// environment as the core lists them (`VariableLayers.rows`: the value that wins, where it comes from, what it
/// overrides; secrets masked until revealed). Edits change the profile in memory at once (sends use them) and are
/// saved with `s` (`CoreProfileSaver` → `VariableWriter`); `f` chooses the secrets file, which the runtime loads
/// and keeps for the next start.
extension AppState {
    /// The rows of the selected profile's environment.
    var variableRows: [VariableLayers.Row] {
        guard let profile = selectedProfile else { return [] }
        return profile.variableLayers.rows(
            environment: environmentName(for: profile), session: variables, secretNames: profile.secretNames)
    }

    /// Variables whose edits are not saved yet, across profiles (the status bar's unsaved count has them).
    var unsavedVariableNames: [String] {
        variableBaselines.keys.sorted().flatMap { id -> [String] in
            guard let profile = catalog.profile(id), let baseline = variableBaselines[id] else { return [] }
            return profile.variableLayers.changedNames(from: baseline).map { "\(id) {{\($0)}}" }
        }
    }

    mutating func showVariables() {
        guard selectedProfile != nil else { return }
        overlay = .variables(VariablesViewState())
    }

    mutating func handleVariablesKey(_ key: Key, _ view: VariablesViewState) -> [Effect] {
        guard let profile = selectedProfile else {
            overlay = nil
            return []
        }
        var view = view
        if let field = view.field { return handleVariableField(key, field, view: view, profile: profile) }
        if let choice = view.secretsFiles { return handleSecretsFileKey(key, choice, view: view, profile: profile) }
        let rows = variableRows
        let selected = rows.indices.contains(view.selected) ? rows[view.selected] : nil
        let environment = environmentName(for: profile)
        var effects: [Effect] = []
        switch keyMap.command(for: key, in: .variables) {
        case .moveUp: view.selected -= 1
        case .moveDown: view.selected += 1
        case .reveal:
            guard let selected, selected.isSecret else { break }
            if view.revealed.remove(selected.name) == nil { view.revealed.insert(selected.name) }
        case .editVariable:
            guard let selected, let place = editablePlace(of: selected) else { break }
            let masked = selected.isSecret && !view.revealed.contains(selected.name)
            view.field = VariableField(
                purpose: .edit(name: selected.name, place: place), editor: LineEditor(selected.value, selected: true),
                masked: masked)
        case .addVariable:
            view.field = VariableField(purpose: .newName, editor: LineEditor(), masked: false)
        case .deleteVariable:
            guard let selected, let place = editablePlace(of: selected) else { break }
            setVariable(selected.name, to: nil, in: place, profile: profile.id)
            message = StatusMessage("deleted {{\(selected.name)}} from \(place.label) (s saves)")
        case .moveVariable:
            guard let selected, let place = editablePlace(of: selected) else { break }
            let origin: VariableLayers.Origin = place.origin == .profileFile ? .secretsFile : .profileFile
            let other = VariableLayers.Place(origin: origin, environment: place.environment)
            setVariable(selected.name, to: nil, in: place, profile: profile.id)
            setVariable(selected.name, to: selected.value, in: other, profile: profile.id)
            let now = origin == .secretsFile ? "secret" : "no longer secret"
            message = StatusMessage("{{\(selected.name)}} moved to \(other.label), \(now) (s saves)")
        case .cycleVariableTarget:
            view.target = view.target.next
            message = StatusMessage("added variables go to \(view.target.place(environment: environment).label)")
        case .chooseSecretsFile:
            guard variableBaselines[profile.id] == nil else {
                message = StatusMessage(
                    "save the variable edits first (s): the secrets file changes what they are over", isError: true)
                break
            }
            view.secretsFiles = SecretsFileChoice(files: [nil], selected: 0)
            effects.append(.listSecretsFiles(profile: profile.id, directory: profile.directory))
        case .saveProfile:
            overlay = .variables(view)
            return saveProfile()
        case .close:
            overlay = nil
            return []
        default:
            break
        }
        view.selected = min(max(0, view.selected), max(0, variableRows.count - 1))
        overlay = .variables(view)
        return effects
    }

    /// Where an edit of `row` goes: where its value wins, when apix edits that file; else the status bar says
    /// where to change it.
    private mutating func editablePlace(of row: VariableLayers.Row) -> VariableLayers.Place? {
        guard let place = row.winner else {
            message = StatusMessage("{{\(row.name)}} is the session's (--var): it is not in a file", isError: true)
            return nil
        }
        guard place.origin.isEditable else {
            message = StatusMessage(
                "{{\(row.name)}} comes from \(place.label): edit that file (apix does not write dotenv files)",
                isError: true)
            return nil
        }
        return place
    }

    private mutating func handleVariableField(
        _ key: Key, _ field: VariableField, view: VariablesViewState, profile: Profile
    ) -> [Effect] {
        var view = view
        var field = field
        switch keyMap.command(for: key, in: .textField) {
        case .close:
            view.field = nil
        case .confirm:
            view.field = nil
            let text = field.editor.text
            switch field.purpose {
            case .edit(let name, let place):
                setVariable(name, to: text, in: place, profile: profile.id)
                message = StatusMessage("{{\(name)}} changed in \(place.label) (s saves)")
            case .newName:
                let name = text.trimmingCharacters(in: .whitespaces)
                guard Self.isVariableName(name) else {
                    message = StatusMessage(
                        "`\(SafeText.escape(name))` is not a variable name (letters, digits, _ - .; no env. prefix)",
                        isError: true)
                    break
                }
                let place = view.target.place(environment: environmentName(for: profile))
                view.field = VariableField(
                    purpose: .newValue(name: name, place: place), editor: LineEditor(),
                    masked: place.origin.isSecret)
            case .newValue(let name, let place):
                setVariable(name, to: text, in: place, profile: profile.id)
                message = StatusMessage("{{\(name)}} added to \(place.label) (s saves)")
                if let index = variableRows.firstIndex(where: { $0.name == name }) { view.selected = index }
            }
        default:
            field.editor.handle(key)
            view.field = field
        }
        overlay = .variables(view)
        return []
    }

    /// A name `{{name}}` can use: what the loader accepts, less `env.` (the process environment's).
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_", !name.hasPrefix("env.") else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) }
    }

    private mutating func handleSecretsFileKey(
        _ key: Key, _ choice: SecretsFileChoice, view: VariablesViewState, profile: Profile
    ) -> [Effect] {
        var view = view
        var choice = choice
        var effects: [Effect] = []
        switch keyMap.command(for: key, in: .environments) {
        case .moveUp: choice.selected = max(0, choice.selected - 1)
        case .moveDown: choice.selected = min(choice.files.count - 1, choice.selected + 1)
        case .choose:
            let envFile = choice.files[choice.selected]
            view.secretsFiles = nil
            if envFile != profile.variableLayers.addedEnvFile {
                effects.append(.switchSecretsFile(profile: profile.id, file: profile.file, envFile: envFile))
            }
            overlay = .variables(view)
            return effects
        case .close:
            view.secretsFiles = nil
            overlay = .variables(view)
            return []
        default: break
        }
        view.secretsFiles = choice
        overlay = .variables(view)
        return effects
    }

    mutating func secretsFilesListed(profile id: String, _ files: [String]) {
        guard case .variables(var view)? = overlay, view.secretsFiles != nil, selectedProfile?.id == id else { return }
        let current = selectedProfile?.variableLayers.addedEnvFile
        var all: [String?] = [nil] + files.map { Optional($0) }
        // A chosen file that is no longer listed (removed, or outside the directory) stays choosable.
        if let current, !files.contains(current) { all.append(current) }
        view.secretsFiles = SecretsFileChoice(files: all, selected: all.firstIndex(of: current) ?? 0)
        overlay = .variables(view)
    }

    mutating func secretsFileSwitched(profile id: String, envFile: String?, _ loaded: Profile?, error: String?)
        -> [Effect]
    {
        guard let loaded else {
            message = StatusMessage("secrets file not changed: \(error ?? "it could not be read")", isError: true)
            return []
        }
        swapProfile(loaded)
        let what = envFile.map { "\($0) over \(id).secrets.yaml" } ?? "\(id).secrets.yaml alone"
        message = StatusMessage("secrets: \(what)")
        return []
    }
}
