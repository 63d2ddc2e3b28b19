/// A key map as a value: the bindings in effect and the key → command table built from them once.
extension KeyMap {
    package init(bindings: [KeyBinding]) {
        self.bindings = bindings
        var table: [KeyContext: [Key: KeyCommand]] = [:]
        for binding in bindings {
            for key in binding.keys where table[binding.context]?[key] == nil {
                table[binding.context, default: [:]][key] = binding.command
            }
        }
        self.table = table
    }

    /// The command `key` means in `context`, falling back to the global bindings for pane contexts.
    package func command(for key: Key, in context: KeyContext) -> KeyCommand? {
        if let command = table[context]?[key] { return command }
        switch context {
        case .list, .editor, .response: return table[.global]?[key]
        default: return nil
        }
    }

    func bindings(in context: KeyContext) -> [KeyBinding] {
        bindings.filter { $0.context == context }
    }

    /// The keys that run `command` in `context` (global commands: in any pane), in the order bound.
    func keys(for command: KeyCommand, in context: KeyContext) -> [Key] {
        var keys = bindings(in: context).filter { $0.command == command }.flatMap(\.keys)
        if [.list, .editor, .response].contains(context) {
            let own = Set(bindings(in: context).flatMap(\.keys))
            keys += bindings(in: .global).filter { $0.command == command }.flatMap(\.keys).filter { !own.contains($0) }
        }
        return keys
    }

    /// Status bar hints for a context: its own hinted bindings, then the global ones.
    func hints(for context: KeyContext) -> [(key: String, label: String)] {
        var hints: [(String, String)] = []
        var contexts = [context]
        if [.list, .editor, .response].contains(context) { contexts.append(.global) }
        // A key the context binds itself hides the global meaning of that key.
        let own = Set(bindings(in: context).flatMap(\.keys))
        for current in contexts {
            for binding in bindings(in: current) {
                guard let hint = binding.hint else { continue }
                let keys = current == context ? binding.keys : binding.keys.filter { !own.contains($0) }
                guard let key = keys.first else { continue }
                // Typing is no key of its own: the hint says it alone (`type to search`).
                if binding.command == .editText, let space = hint.firstIndex(of: " ") {
                    hints.append((String(hint[..<space]), String(hint[hint.index(after: space)...])))
                } else {
                    hints.append((key.label, hint))
                }
            }
        }
        return hints
    }
}
