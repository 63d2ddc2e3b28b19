/// The command palette: type to find an action, Enter runs it as its key would in its pane.
extension AppState {
    mutating func openPalette() {
        overlay = .palette(PaletteState(focused: paneContext ?? .list))
    }

    /// Ctrl-P (the palette's key, unless the window uses it) over a window: the palette with its actions first.
    mutating func openPalette(over window: Overlay, key: Key) -> Bool {
        guard let context = PaletteState.context(of: window), keyMap.command(for: key, in: context) == nil,
            keyMap.command(for: key, in: .global) == .showPalette
        else { return false }
        overlay = .palette(PaletteState(focused: paneContextIgnoringOverlay, window: window))
        return true
    }

    /// The focused pane's context, whatever has the keys.
    private var paneContextIgnoringOverlay: KeyContext {
        switch focus {
        case .list: .list
        case .editor: .editor
        case .response: .response
        }
    }

    /// The palette's entries as it stands.
    func paletteEntries(_ palette: PaletteState) -> [KeyBinding] {
        PaletteEntries.entries(
            map: keyMap, query: palette.field.text, focused: palette.focused, window: palette.windowContext)
    }

    mutating func handlePaletteKey(_ key: Key, _ palette: PaletteState) -> [Effect] {
        var palette = palette
        let count = paletteEntries(palette).count
        switch keyMap.command(for: key, in: .palette) {
        case .moveUp:
            palette.selected = max(0, palette.selected - 1)
        case .moveDown:
            palette.selected = min(max(0, count - 1), palette.selected + 1)
        case .close:
            overlay = palette.window
            return []
        case .confirm:
            let entries = paletteEntries(palette)
            guard entries.indices.contains(palette.selected) else {
                // No action by that name: Enter finds endpoints by it instead (typed for `/`, in the wrong box).
                guard palette.window == nil, !palette.field.text.trimmingCharacters(in: .whitespaces).isEmpty
                else { return [] }
                overlay = nil
                findEndpoints(palette.field.text)
                return []
            }
            let binding = entries[palette.selected]
            if let window = palette.window, binding.context == palette.windowContext, let key = binding.keys.first {
                // A window's action runs as its key would in the window.
                overlay = window
                return handleOverlayKey(key, window)
            }
            overlay = nil
            return run(binding)
        default:
            let before = palette.field.text
            palette.field.handle(key)
            if palette.field.text != before { palette.selected = 0 }
        }
        overlay = .palette(palette)
        return []
    }

    /// Pasted text goes into the palette's query.
    mutating func pasteIntoPalette(_ text: String, _ palette: PaletteState) {
        var palette = palette
        palette.field.paste(text)
        palette.selected = 0
        overlay = .palette(palette)
    }

    /// Runs a binding's command as its key would: a pane's action with the focus moved to that pane first.
    mutating func run(_ binding: KeyBinding) -> [Effect] {
        switch binding.context {
        case .list: focus = .list
        case .editor: focus = .editor
        case .response: focus = .response
        default: break
        }
        if binding.command == .showMessage {
            showFullMessage()
            return []
        }
        return perform(binding.command)
    }
}
