import ExplorerCore

/// The token of the current profile and environment: its state with a live countdown, and the keys to log in,
/// refresh and log out.
enum AuthPanelView {
    static func draw(_ state: AppState, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        let rect = screen.centered(width: min(64, screen.width - 4), height: 9)
        BoxView.draw(rect, title: "Auth", focused: true, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        guard !inner.isEmpty else { return }
        guard let key = state.currentAuthKey else { return }
        buffer.write(
            "profile \(SafeText.escape(key.profile)) · environment \(SafeText.escape(key.environment))",
            x: inner.x + 1, y: inner.y, limit: inner.maxX, style: theme.muted)
        let status = state.currentTokenStatus
        let style: Style
        switch status {
        case .token(.valid): style = theme.ok.with(bold: true)
        case .token(.expired), .token(.failed): style = theme.error
        case .token(.refreshing): style = theme.running
        case .token(.none), .unavailable: style = theme.muted
        }
        let x = buffer.write("token: ", x: inner.x + 1, y: inner.y + 2, limit: inner.maxX, style: theme.title)
        buffer.write(
            SafeText.escape(status.summary(now: state.now.date)), x: x, y: inner.y + 2, limit: inner.maxX,
            style: style)
        if case .unavailable = status {
            buffer.write(
                "This profile has no token to manage.", x: inner.x + 1, y: inner.y + 4, limit: inner.maxX,
                style: theme.muted)
        }
        let hints = KeyMap.hints(for: .auth).map { "\($0.key) \($0.label)" }.joined(separator: "   ")
        buffer.write(hints, x: inner.x + 1, y: inner.maxY - 1, limit: inner.maxX, style: theme.accent)
    }
}
