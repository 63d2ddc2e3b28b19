import Foundation
import Yams

/// Composing a profile's text into nodes, and turning what the composers refuse into located problems.
extension ProfileLoader {
    static func compose(_ yaml: String, file: String) -> Result<YAMLNode, ProfileProblem> {
        switch YAMLComposer.compose(yaml) {
        case .success(let node?): return .success(node)
        case .success(nil):
            return .failure(ProfileProblem("the file is empty", at: .init(file: file, line: 1, column: 1)))
        case .failure(.tooManyAliases(let message, let line, let column)):
            return .failure(ProfileProblem(message, at: .init(file: file, line: line, column: column)))
        case .failure(.unsupported):
            return .failure(composeProblem(yaml, file: file))
        }
    }

    /// What is wrong with a file `YAMLComposer` did not compose, worded by Yams (the messages and marks users and
    /// tests know).
    static func composeProblem(_ yaml: String, file: String) -> ProfileProblem {
        do {
            // No resolver rules and no constructor maps (nothing here types scalars or builds `Any`), and a fixed
            // encoding: Yams builds those defaults afresh for every file, the encoding from the process environment.
            _ = try Yams.compose(yaml: yaml, .basic, Constructor([:], [:], [:]), .utf8)
        } catch {
            return syntaxProblem(error, file: file)
        }
        // Both composers refuse the same files; this is only reached if they ever disagree.
        return ProfileProblem("cannot parse YAML", at: .init(file: file, line: 1, column: 1))
    }

    static func syntaxProblem(_ error: Error, file: String) -> ProfileProblem {
        switch error as? YamlError {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { " (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? ""
            return ProfileProblem(
                "YAML syntax error: \(problem)\(detail)", at: .init(file: file, line: mark.line, column: mark.column))
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ProfileProblem(
                "duplicate key `\(duplicates.joined(separator: "`, `"))`",
                at: .init(file: file, line: context.mark.line, column: context.mark.column))
        case .reader(let problem, let offset, _, let yaml):
            let (line, column) = position(ofOffset: offset ?? 0, in: yaml)
            return ProfileProblem("cannot read YAML: \(problem)", at: .init(file: file, line: line, column: column))
        default:
            return ProfileProblem("cannot parse YAML: \(error)", at: .init(file: file, line: 1, column: 1))
        }
    }

    static func position(ofOffset offset: Int, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        for (index, character) in text.unicodeScalars.enumerated() {
            if index >= offset { break }
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
