import Foundation
import Yams

/// Composing a profile's text into nodes, and turning what the composers refuse into located problems.
extension ProfileLoader {
    static func compose(_ yaml: String, file: String) -> Result<YAMLNode, ProfileProblem> {
        switch YAMLComposer.compose(yaml, mergingKeys: true) {
        case .success(let node?): return .success(node)
        case .success(nil):
            return .failure(ProfileProblem("the file is empty", at: .init(file: file, line: 1, column: 1)))
        case .failure(.tooManyAliases(let message, let line, let column)):
            return .failure(ProfileProblem(message, at: .init(file: file, line: line, column: column)))
        case .failure(.syntax(let error)):
            return .failure(syntaxProblem(error, yaml: yaml, file: file))
        case .failure(.unsupported):
            return .failure(composeProblem(yaml, file: file))
        }
    }

    /// A syntax error `YAMLComposer` met, worded as `syntaxProblem` words the `YamlError` Yams makes of it.
    static func syntaxProblem(_ error: YAMLSyntaxError, yaml: String, file: String) -> ProfileProblem {
        switch error.kind {
        case .reader:
            // Yams turns the byte offset into a count of characters, nil off a character's start.
            let utf8 = yaml.utf8
            let index = utf8.index(utf8.startIndex, offsetBy: error.offset, limitedBy: utf8.endIndex)?
                .samePosition(in: yaml)
            let offset = index.map { yaml.distance(from: yaml.startIndex, to: $0) }
            return readerProblem(error.problem, offset: offset, in: yaml, file: file)
        case .scanner, .parser:
            var problem = syntaxProblem(
                error.problem, context: error.context.map { ($0.text, $0.line, $0.column) }, line: error.line,
                column: error.column, file: file)
            if let hint = flowPlaceholderHint(error, yaml: yaml) { problem.message += "; \(hint)" }
            if error.problem.contains("cannot start any token"),
                let hint = ProfileShapeHints.tab(in: yaml, line: error.line, column: error.column)
            {
                problem.message += "; \(hint)"
            }
            return problem
        }
    }

    /// The mistake behind most flow-style syntax errors in profiles: `{{variable}}` unquoted inside `{ … }` or
    /// `[ … ]`, where `{` and `}` are YAML's own (`- { id: a, path: /users/{{id}} }`).
    private static func flowPlaceholderHint(_ error: YAMLSyntaxError, yaml: String) -> String? {
        guard let context = error.context, context.text.contains("flow") else { return nil }
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        let first = max(0, context.line - 1)
        let last = min(lines.count - 1, error.line - 1)
        guard first <= last, lines[first...last].contains(where: { $0.contains("{{") }) else { return nil }
        return "inside `{ … }` or `[ … ]` a value holding {{…}} goes in quotes: path: \"/users/{{id}}\""
    }

    /// What is wrong with a file `YAMLComposer` did not compose though libyaml read it (an undefined alias, a
    /// duplicate key, a second document), worded by Yams (the messages and marks users and tests know).
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
            return syntaxProblem(
                problem, context: context.map { ($0.text, $0.mark.line, $0.mark.column) }, line: mark.line,
                column: mark.column, file: file)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ProfileProblem(
                "duplicate key `\(duplicates.joined(separator: "`, `"))`",
                at: .init(file: file, line: context.mark.line, column: context.mark.column))
        case .reader(let problem, let offset, _, let yaml):
            return readerProblem(problem, offset: offset, in: yaml, file: file)
        default:
            return ProfileProblem("cannot parse YAML: \(error)", at: .init(file: file, line: 1, column: 1))
        }
    }

    private static func syntaxProblem(
        _ problem: String, context: (text: String, line: Int, column: Int)?, line: Int, column: Int, file: String
    ) -> ProfileProblem {
        // libyaml's words name its own C function: say what the limit is and what passed it.
        if problem.hasPrefix("Maximum nesting level reached") {
            return ProfileProblem(
                "YAML syntax error: lists and maps nested deeper than libyaml reads (about 1000 levels)",
                at: .init(file: file, line: line, column: column))
        }
        let detail = context.map { " (\($0.text) at line \($0.line), column \($0.column))" } ?? ""
        return ProfileProblem(
            "YAML syntax error: \(problem)\(detail)", at: .init(file: file, line: line, column: column))
    }

    /// `offset` counts characters (as Yams counts them).
    private static func readerProblem(_ problem: String, offset: Int?, in yaml: String, file: String) -> ProfileProblem
    {
        let (line, column) = position(ofOffset: offset ?? 0, in: yaml)
        return ProfileProblem("cannot read YAML: \(problem)", at: .init(file: file, line: line, column: column))
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
