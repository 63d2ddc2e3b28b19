// libFuzzer target: a `keys.yaml` read by `KeyMapFile.parse` (the TUI's reader and key types, compiled in: they need
// no ncurses). Traps when a file with problems changes any key (a file is refused whole), a problem is not located
// in the file, a map read adds or drops an action or its help, gives a key to two actions of a context where the
// defaults did not, holds a key whose label (as help shows it) does not read back as that key, or when a key the file
// gives an action does not run that action where the file said (for a global action: in every pane too).
import ExplorerCore
import Foundation
import Yams

/// Each context's keys given to more than one action by default (a file may not add any).
private let standardDuplicates = duplicates(KeyMap.standard)

private func duplicates(_ map: KeyMap) -> Set<String> {
    var seen: [KeyContext: [Key: KeyCommand]] = [:]
    var found: Set<String> = []
    for binding in map.bindings {
        for key in binding.keys {
            if let other = seen[binding.context]?[key], other != binding.command {
                found.insert("\(binding.context) \(key.label)")
            }
            seen[binding.context, default: [:]][key] = binding.command
        }
    }
    return found
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyMapFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let (map, problems) = KeyMapFile.parse(text, path: "keys.yaml")
    let lines = text.unicodeScalars.count + 1
    for problem in problems {
        let location = problem.location
        if location.file != "keys.yaml" || location.line < 1 || location.line > lines || location.column < 1 {
            fatalError("\(problem) is not in the file")
        }
    }
    if !problems.isEmpty {
        if map.bindings != KeyMap.standard.bindings { fatalError("a refused file changed keys") }
        return 0
    }
    let standard = KeyMap.standard.bindings
    guard map.bindings.count == standard.count else { fatalError("\(map.bindings.count) bindings") }
    for (binding, original) in zip(map.bindings, standard) {
        if binding.context != original.context || binding.command != original.command || binding.help != original.help {
            fatalError("\(original.command) in \(original.context) became \(binding.command) in \(binding.context)")
        }
        for key in binding.keys where Key(name: key.label) != key {
            fatalError(
                "\(key) shows as \(key.label.debugDescription), which reads as \(String(describing: Key(name: key.label)))"
            )
        }
    }
    let added = duplicates(map).subtracting(standardDuplicates)
    if !added.isEmpty { fatalError("keys given to two actions: \(added.sorted())") }
    checkGiven(text, map: map)
    return 0
}

/// Every key the file gives runs its action in its context (and a global action's in the panes).
private func checkGiven(_ text: String, map: KeyMap) {
    // Composed as `KeyMapFile.parse` composes it (UTF-8 named, not read from the environment on every call).
    guard let root = try? Yams.compose(yaml: text, .default, .default, .utf8), let contexts = root.mapping else {
        return
    }
    for (contextName, actions) in contexts {
        guard let context = KeyMapFile.contexts[contextName.string ?? ""], let actions = actions.mapping else {
            fatalError("\(contextName) read without a problem")
        }
        let commands = KeyCommand.byName(
            in: KeyMap.standard.bindings.filter { $0.context == context && $0.command != .editText })
        for (name, value) in actions {
            guard let command = commands[name.string ?? ""] else { fatalError("\(name) read without a problem") }
            for item in value.sequence.map(Array.init) ?? [value] {
                guard let key = Key(name: item.string ?? "") else { fatalError("\(item) read without a problem") }
                let places: [KeyContext] = context == .global ? [.global, .list, .editor, .response] : [context]
                for place in places where map.command(for: key, in: place) != command {
                    fatalError(
                        "the file gives \(key.label) to \(command) in \(context), but in \(place) it runs "
                            + String(describing: map.command(for: key, in: place)))
                }
            }
        }
    }
}
