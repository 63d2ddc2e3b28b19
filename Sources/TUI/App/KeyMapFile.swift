import ExplorerCore
import Foundation
import Yams

/// `keys.yaml` (`$XDG_CONFIG_HOME/apix/keys.yaml`, else `~/.config/apix/keys.yaml`): the user's changes to the key
/// map. A mapping of contexts (`global`, `list`, `editor`, `response`, `auth`, …) to actions (`KeyCommand.name`) and
/// the keys that run them (one key, a list, or `[]` for none: the palette still runs it):
///
/// ```yaml
/// global:
///   send: [Enter, Ctrl-R]
///   save-profile: Ctrl-S
/// list:
///   collapse-all: z
/// ```
///
/// The keys given replace the action's default keys in that context, and leave any other action of the context
/// (and, for a global action, of the panes) that had them. Anything wrong gives located problems and the defaults,
/// whole: a half-applied file would leave keys nobody chose.
package enum KeyMapFile {
    /// The file's path for this process environment.
    package static func path(environment: [String: String]) -> String {
        let base: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".config")
        }
        return (base as NSString).appendingPathComponent("apix/keys.yaml")
    }

    /// The key map in effect: the defaults changed by the file when there is one and it reads, else the defaults
    /// and what is wrong with it.
    package static func load(environment: [String: String]) -> (map: KeyMap, problems: [ProfileProblem]) {
        let path = path(environment: environment)
        guard FileManager.default.fileExists(atPath: path) else { return (.standard, []) }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return (
                .standard,
                [
                    ProfileProblem(
                        "cannot read the key file; default keys in use", at: .init(file: path, line: 1, column: 1))
                ]
            )
        }
        return parse(text, path: path)
    }

    /// Reads the file's text: the map, or the defaults and every problem found.
    package static func parse(_ text: String, path: String) -> (map: KeyMap, problems: [ProfileProblem]) {
        let node: Node?
        do {
            // UTF-8 named: Yams' default encoding is read from the process environment on every call.
            node = try Yams.compose(yaml: text, .default, .default, .utf8)
        } catch let error as YamlError {
            return (.standard, [syntaxProblem(error, path: path)])
        } catch {
            return (.standard, [ProfileProblem("\(error)", at: .init(file: path, line: 1, column: 1))])
        }
        guard let node else { return (.standard, []) }  // empty, or only comments
        var reader = Reader(path: path)
        let bindings = reader.read(node)
        // A refused file leaves the defaults: its map is not built (a table of every key of every context).
        return reader.problems.isEmpty ? (KeyMap(bindings: bindings), []) : (.standard, reader.problems)
    }

    /// The contexts by their name in the file.
    static let contexts: [String: KeyContext] = Dictionary(
        uniqueKeysWithValues: KeyContext.allCases.map { (KeyCommand.kebab($0.rawValue), $0) })

    private static func syntaxProblem(_ error: YamlError, path: String) -> ProfileProblem {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return ProfileProblem("not YAML: \(problem)", at: .init(file: path, line: mark.line, column: mark.column))
        default:
            return ProfileProblem("not YAML: \(error)", at: .init(file: path, line: 1, column: 1))
        }
    }

    /// Walks the document, collecting problems.
    private struct Reader {
        let path: String
        var problems: [ProfileProblem] = []
        var bindings = KeyMap.bindings
        /// Every key the file gives, with where: a key given to a global action and to a pane's action would run
        /// one or the other depending on the file's order, so that is a problem too.
        var given: [(key: Key, context: KeyContext, action: String, node: Node)] = []

        init(path: String) { self.path = path }

        mutating func problem(_ message: String, at node: Node) {
            let mark = node.mark
            problems.append(
                ProfileProblem(message, at: .init(file: path, line: mark?.line ?? 1, column: mark?.column ?? 1)))
        }

        /// The bindings the file makes (`problems` say whether they are to be used).
        mutating func read(_ root: Node) -> [KeyBinding] {
            guard let mapping = root.mapping else {
                problem("the key file is a mapping of contexts (global, list, editor, …) to actions", at: root)
                return bindings
            }
            for (key, value) in mapping {
                let name = key.string ?? ""
                guard let context = KeyMapFile.contexts[name] else {
                    var message = "unknown context `\(name)`"
                    if let near = nearest(name, in: Array(KeyMapFile.contexts.keys)) {
                        message += "; did you mean `\(near)`?"
                    }
                    problem(
                        message + " (contexts: "
                            + KeyContext.allCases.map { KeyCommand.kebab($0.rawValue) }
                            .filter { $0 != "text-field" }.joined(separator: ", ") + ")", at: key)
                    continue
                }
                guard context != .textField else {
                    problem("text fields' keys are fixed (they edit the text)", at: key)
                    continue
                }
                guard let actions = value.mapping else {
                    problem("`\(name)` is a mapping of actions to keys", at: value)
                    continue
                }
                readActions(actions, in: context)
            }
            let global = given.filter { $0.context == .global }
            for pane in given where [.list, .editor, .response].contains(pane.context) {
                guard let other = global.first(where: { $0.key == pane.key }) else { continue }
                problem(
                    "\(pane.key.label) is given to `\(other.action)` everywhere and to `\(pane.action)` in "
                        + "\(KeyCommand.kebab(pane.context.rawValue)); give one of them another key", at: pane.node)
            }
            return bindings
        }

        mutating func readActions(_ actions: Node.Mapping, in context: KeyContext) {
            let commands = KeyCommand.byName(in: bindings.filter { $0.context == context && $0.command != .editText })
            var given: [Key: String] = [:]
            for (key, value) in actions {
                let name = key.string ?? ""
                guard let command = commands[name] else {
                    var message = "unknown action `\(name)` in \(KeyCommand.kebab(context.rawValue))"
                    if let near = nearest(name, in: Array(commands.keys)) { message += "; did you mean `\(near)`?" }
                    problem(message, at: key)
                    continue
                }
                var keys: [Key] = []
                let items: [Node] = value.sequence.map(Array.init) ?? [value]
                if value.scalar != nil || value.sequence != nil {
                    for item in items {
                        guard let text = item.string, let parsed = Key(name: text) else {
                            problem(
                                "`\(item.string ?? "?")` is not a key (a character, Enter, Esc, Tab, Space, Up, PgDn, "
                                    + "F1, Ctrl-R, …)", at: item)
                            continue
                        }
                        if let other = given[parsed], other != name {
                            problem("\(parsed.label) is given to both `\(other)` and `\(name)`", at: item)
                            continue
                        }
                        given[parsed] = name
                        self.given.append((parsed, context, name, item))
                        if !keys.contains(parsed) { keys.append(parsed) }
                    }
                } else {
                    problem("`\(name)` takes a key or a list of keys", at: value)
                    continue
                }
                rebind(command, in: context, to: keys)
            }
        }

        /// The command's first binding in the context gets `keys` (its others none); the keys leave every other
        /// binding of the context, and of the panes for a global command.
        mutating func rebind(_ command: KeyCommand, in context: KeyContext, to keys: [Key]) {
            let taken = Set(keys)
            let affected: Set<KeyContext> = context == .global ? [.global, .list, .editor, .response] : [context]
            var first = true
            for index in bindings.indices where affected.contains(bindings[index].context) {
                if bindings[index].context == context && bindings[index].command == command {
                    bindings[index].keys = first ? keys : []
                    first = false
                } else {
                    bindings[index].keys.removeAll { taken.contains($0) }
                }
            }
        }

        /// The known name closest to `name` (of those as close, the first in alphabetical order: the names come
        /// from dictionaries), when close enough to be a likely typo.
        func nearest(_ name: String, in known: [String]) -> String? {
            EditDistance.nearest(name, in: known.sorted())
        }
    }
}
