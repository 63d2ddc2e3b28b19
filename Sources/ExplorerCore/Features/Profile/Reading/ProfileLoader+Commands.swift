/// Variables whose value comes from a command (`token: { command: [pass, show, api/token] }`), in the profile, an
/// environment or the secrets file: read as a `Template` that carries the command, run when the profile loads.
extension ProfileLoader {
    /// `variables:` (of the profile, an environment or the secrets file): strings with `{{references}}`, or
    /// `{ command: [...] }`.
    static func readVariables(_ node: YAMLNode, reader: inout YAMLReader) -> [String: Template] {
        var variables: [String: Template] = [:]
        for entry in reader.entries(node, "`variables`") ?? [] {
            if entry.value.mapping != nil {
                variables[entry.key] = readCommand(entry.value, "variables.\(entry.key)", reader: &reader)
                continue
            }
            // A value that cannot be read (reported) still defines its name: no "unknown variable" follows.
            variables[entry.key] = reader.template(entry.value, "variables.\(entry.key)") ?? Template("")
        }
        return variables
    }

    /// `{ command: [program, argument, …] }`: a list of words, each a string, the first one the program (found on
    /// `PATH`; no shell reads them). A mapping that is not one is reported and still defines the name.
    static func readCommand(_ node: YAMLNode, _ key: String, reader: inout YAMLReader) -> Template {
        var template = Template("", location: reader.location(node))
        guard let fields = reader.fields(node, "`\(key)`", known: ["command"], required: ["command"]),
            let list = fields["command"]
        else { return template }
        guard let items = list.sequence, !items.isEmpty else {
            reader.fail(
                "`\(key).command` must be a list of words such as [pass, show, api/token], got "
                    + YAMLReader.describe(list), at: list)
            return template
        }
        var words: [String] = []
        for item in items {
            guard let word = reader.string(item, "\(key).command") else { return template }
            words.append(word)
        }
        guard let first = words.first, !first.isEmpty else {
            reader.fail("`\(key).command` must start with a program", at: list)
            return template
        }
        template.command = words
        return template
    }

    /// Runs the command of every variable that has one (each command once per process: `SecretCommands`), keeps
    /// the values in `profile.commandValues` and makes the names secret. A command that fails is a problem at its
    /// variable, naming the command and how it ended (never what it printed).
    static func runSecretCommands(in profile: inout Profile, commands: SecretCommands) -> [ProfileProblem] {
        var problems: [ProfileProblem] = []
        var layers: [[String: Template]] = [profile.variables]
        layers += profile.environments.map(\.variables)
        for variables in layers {
            for (name, template) in variables.sorted(by: { $0.key < $1.key }) {
                guard let words = template.command else { continue }
                profile.secretNames.insert(name)
                guard profile.commandValues[words] == nil else { continue }
                switch commands.value(for: words) {
                case .success(let value): profile.commandValues[words] = value
                case .failure(let failure):
                    let location = template.location ?? SourceLocation(file: profile.file, line: 1, column: 1)
                    problems.append(ProfileProblem("variable `\(name)`: \(failure.message)", at: location))
                }
            }
        }
        return problems
    }
}
