import ExplorerCore

/// The environment view's own state: the selected row, the secrets revealed while it is open (closing it masks
/// them again), where added variables go, the field being typed, and the secrets-file choice when it is open.
package struct VariablesViewState: Hashable, Sendable {
    var selected = 0
    /// Names shown in clear.
    var revealed: Set<String> = []
    var target = VariableTarget.environmentProfileFile
    var field: VariableField?
    /// The secrets-file choice (`f`): the dotenv files found beside the profile, once listed.
    var secretsFiles: SecretsFileChoice?
}

/// Where `+` adds a variable.
enum VariableTarget: CaseIterable, Hashable, Sendable {
    case environmentProfileFile, environmentSecretsFile, profileProfileFile, profileSecretsFile

    func place(environment: String) -> VariableLayers.Place {
        switch self {
        case .environmentProfileFile: .init(origin: .profileFile, environment: environment)
        case .environmentSecretsFile: .init(origin: .secretsFile, environment: environment)
        case .profileProfileFile: .init(origin: .profileFile, environment: nil)
        case .profileSecretsFile: .init(origin: .secretsFile, environment: nil)
        }
    }

    var next: VariableTarget {
        let all = Self.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }
}

/// A value or a name being typed in the environment view.
struct VariableField: Hashable, Sendable {
    enum Purpose: Hashable, Sendable {
        /// A new value for `name` where it wins.
        case edit(name: String, place: VariableLayers.Place)
        /// The name of a variable to add, then its value.
        case newName
        case newValue(name: String, place: VariableLayers.Place)
    }

    var purpose: Purpose
    var editor: LineEditor
    /// A secret's value is typed unseen (`•` per character) unless it was revealed.
    var masked: Bool
}

/// The secrets files to choose from: `ID.secrets.yaml` alone (nil), or a dotenv file over it.
struct SecretsFileChoice: Hashable, Sendable {
    var files: [String?]
    var selected: Int
}
