/// A bordered box with a title; panes and overlays draw their content inside it.
enum BoxView {
    static func draw(_ rect: Rect, title: String, focused: Bool, theme: Theme, on buffer: inout ScreenBuffer) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let style = focused ? theme.focusedBorder : theme.border
        buffer.fill(rect)
        let horizontal = String(repeating: "─", count: rect.width - 2)
        buffer.write("┌" + horizontal + "┐", x: rect.x, y: rect.y, limit: rect.maxX, style: style)
        buffer.write("└" + horizontal + "┘", x: rect.x, y: rect.maxY - 1, limit: rect.maxX, style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            buffer.write("│", x: rect.x, y: y, style: style)
            buffer.write("│", x: rect.maxX - 1, y: y, style: style)
        }
        if !title.isEmpty, rect.width > 6 {
            let text = " " + TextWidth.truncate(title, to: rect.width - 6) + " "
            buffer.write(text, x: rect.x + 2, y: rect.y, limit: rect.maxX - 2, style: focused ? style : theme.title)
        }
    }
}
