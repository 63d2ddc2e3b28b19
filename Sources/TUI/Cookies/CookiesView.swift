import ExplorerCore
import Foundation

/// The cookie view: one row per cookie of the jar (name, domain, path, expiry, value) with the columns the core
/// gives `apix cookies` too (`CookieJar.Cookie.columns(revealed:now:)`), values masked unless revealed, every
/// column escaped (it is the server's text); the keys, or the clear question, at the bottom.
enum CookiesView {
    static func draw(
        _ state: AppState, view: CookiesViewState, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        let cookies = view.cookies ?? []
        let width = min(140, screen.width - 4)
        let height = min(screen.height - 2, max(cookies.count, 1) + 6)
        let rect = screen.centered(width: width, height: height)
        let title = "Cookies · \(view.key.profile) · \(view.key.environment)"
        BoxView.draw(rect, title: SafeText.escape(title), focused: true, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        guard inner.height >= 3, inner.width > 10 else { return }
        drawFooter(view, keyMap: state.keyMap, in: inner, theme: theme, on: &buffer)
        if let error = view.error {
            buffer.write(
                SafeText.escape(error), x: inner.x + 1, y: inner.maxY - 2, limit: inner.maxX, style: theme.error)
        }
        guard let loaded = view.cookies else {
            buffer.write("reading the jar…", x: inner.x + 1, y: inner.y, limit: inner.maxX, style: theme.muted)
            return
        }
        guard !loaded.isEmpty else {
            buffer.write(
                "No cookies: answers that set cookies keep them here (cookies: false keeps none).", x: inner.x + 1,
                y: inner.y, limit: inner.maxX, style: theme.muted)
            return
        }
        let rows = self.rows(view, now: state.now.date)
        let columns = self.columns(rows, width: inner.width - 2)
        var x = inner.x + 1
        for (label, column) in zip(CookieJar.Cookie.columnTitles, columns) {
            buffer.write(label.lowercased(), x: x, y: inner.y, limit: inner.maxX, style: theme.muted)
            x += column + 2
        }
        let visible = inner.height - 3
        let top = max(0, view.selected - visible + 1)
        for (line, index) in (top..<min(rows.count, top + visible)).enumerated() {
            let y = inner.y + 1 + line
            var x = inner.x + 1
            let revealed = view.revealed.contains(CookiesViewState.identity(loaded[index]))
            let expired = loaded[index].isExpired(at: state.now.date)
            for (position, (cell, column)) in zip(rows[index], columns).enumerated() {
                let style =
                    position == 4 && !revealed ? theme.warning : position == 3 && expired ? theme.muted : theme.plain
                buffer.write(TextWidth.truncate(cell, to: column), x: x, y: y, limit: inner.maxX, style: style)
                x += column + 2
            }
            if index == view.selected {
                buffer.restyle(Rect(x: inner.x, y: y, width: inner.width, height: 1)) { $0.reverse = true }
            }
        }
    }

    /// Each cookie's cells as shown: the core's columns at `now`, escaped for the terminal.
    static func rows(_ view: CookiesViewState, now: Date) -> [[String]] {
        (view.cookies ?? []).map { cookie in
            let revealed = view.revealed.contains(CookiesViewState.identity(cookie))
            return cookie.columns(revealed: revealed, now: now).map { SafeText.escape($0) }
        }
    }

    private static func drawFooter(
        _ view: CookiesViewState, keyMap: KeyMap, in inner: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        if view.confirmingClear {
            let count = view.cookies?.count ?? 0
            let question =
                "Clear all \(Units.count(count, "cookie")) of \(view.key.profile) · \(view.key.environment)?"
                + "  y: clear   any other key: keep"
            buffer.write(
                SafeText.escape(question), x: inner.x + 1, y: inner.maxY - 1, limit: inner.maxX,
                style: theme.error.with(bold: true))
            return
        }
        let hints = keyMap.hints(for: .cookies).map { "\($0.key) \($0.label)" }.joined(separator: "   ")
        buffer.write(hints, x: inner.x + 1, y: inner.maxY - 1, limit: inner.maxX, style: theme.accent)
    }

    /// Widths of the name, domain, path, expiry and value columns: each as wide as it needs up to a share of the
    /// width, the value the rest.
    static func columns(_ rows: [[String]], width: Int) -> [Int] {
        func widest(_ index: Int, cap: Int) -> Int {
            max(4, min(rows.map { TextWidth.width(of: $0[index]) }.max() ?? 4, max(4, cap)))
        }
        let name = widest(0, cap: width / 5)
        let domain = widest(1, cap: width / 5)
        let path = widest(2, cap: width / 8)
        let expiry = widest(3, cap: width * 2 / 5)
        let value = max(4, width - name - domain - path - expiry - 8)
        return [name, domain, path, expiry, value]
    }
}
