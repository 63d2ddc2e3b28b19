import ExplorerCore

/// The environments of the selected profile, to switch with `e`.
enum EnvironmentPickerView {
    static func draw(_ state: AppState, selected: Int, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        guard let profile = state.selectedProfile else { return }
        let rect = screen.centered(
            width: min(60, screen.width - 4), height: min(profile.environments.count + 2, screen.height - 2))
        BoxView.draw(rect, title: "Environment — \(profile.name)", focused: true, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        let current = state.environmentName(for: profile)
        let urls = state.shownBaseURLs(of: profile)
        for (i, environment) in profile.environments.prefix(inner.height).enumerated() {
            let mark = environment.name == current ? "● " : "  "
            let x = buffer.write(
                mark + SafeText.escape(environment.name), x: inner.x + 1, y: inner.y + i,
                limit: inner.maxX, style: theme.title)
            buffer.write(
                "  " + SafeText.escape(urls[i]), x: x, y: inner.y + i, limit: inner.maxX,
                style: theme.muted)
            if i == selected {
                buffer.restyle(inner.row(i)) { $0.reverse = true }
            }
        }
    }
}
