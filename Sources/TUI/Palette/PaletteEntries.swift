/// The palette's entries: every action of the panes and of everywhere, from the key map in effect, ranked by a
/// `FuzzyQuery` over the action's description, name, keys and pane.
enum PaletteEntries {
    /// Contexts whose actions the palette runs: they act on a pane, so running one only needs the focus there.
    static let contexts: [KeyContext] = [.global, .list, .editor, .response]

    /// The entries for `query`: ranked by score, then the window's actions (opened over one), the focused pane's,
    /// everywhere's, then the other panes'.
    static func entries(map: KeyMap, query: String, focused: KeyContext, window: KeyContext? = nil) -> [KeyBinding] {
        let order =
            (window.map { [$0] } ?? []) + [focused, .global] + contexts.filter { $0 != focused && $0 != .global }
        var candidates: [KeyBinding] = []
        for context in order {
            candidates += map.bindings(in: context).filter {
                $0.command != .editText && $0.command != .showPalette
            }
        }
        let fuzzy = FuzzyQuery(query)
        guard !fuzzy.isEmpty else { return candidates }
        var scored: [(binding: KeyBinding, score: Int, index: Int)] = []
        for (index, binding) in candidates.enumerated() {
            if let score = fuzzy.score(fields(of: binding)) { scored.append((binding, score, index)) }
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
        return scored.map(\.binding)
    }

    /// What a query can match: the description, the action's name (`copy-curl`), its keys and its pane.
    static func fields(of binding: KeyBinding) -> [FuzzyField] {
        [
            FuzzyField(binding.help, abbreviations: false),
            FuzzyField(binding.command.name.replacingOccurrences(of: "-", with: " "), weight: 90),
            FuzzyField(binding.keyLabel, weight: 70),
            FuzzyField(binding.context.title, weight: 50, abbreviations: false),
        ]
    }
}
