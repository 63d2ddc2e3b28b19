/// The name of a command in `keys.yaml`, the palette and the README's key table: its case name in kebab case
/// (`sendBypassingCache` → `send-bypassing-cache`), tabs with their tab (`select-tab-headers`,
/// `select-response-tab-raw`), the splits by direction (`widen-list`, `shrink-editor`). Derived, so a new command has a name without anyone writing one.
extension KeyCommand {
    var name: String {
        switch self {
        case .selectTab(let tab): "select-tab-" + Self.kebab("\(tab)")
        case .selectResponseTab(let tab): "select-response-tab-" + Self.kebab("\(tab)")
        case .resizeList(let step): step < 0 ? "narrow-list" : "widen-list"
        case .resizeEditor(let step): step < 0 ? "shrink-editor" : "grow-editor"
        default: Self.kebab("\(self)")
        }
    }

    /// `sendBypassingCache` → `send-bypassing-cache`, `editURL` → `edit-url`.
    static func kebab(_ camel: String) -> String {
        var result = ""
        let characters = Array(camel)
        for (index, character) in characters.enumerated() {
            if character.isUppercase {
                // A capital starts a word unless it continues an acronym (`URL` in `editURL`).
                let previousUpper = index > 0 && characters[index - 1].isUppercase
                let nextLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if index > 0 && (!previousUpper || nextLower) { result += "-" }
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Every command a binding of `map` runs, by name.
    static func byName(in bindings: [KeyBinding]) -> [String: KeyCommand] {
        var commands: [String: KeyCommand] = [:]
        for binding in bindings { commands[binding.command.name] = binding.command }
        return commands
    }
}
