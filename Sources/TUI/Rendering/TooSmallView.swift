/// What the screen shows when the terminal is smaller than the layout needs.
enum TooSmallView {
    static func draw(width: Int, height: Int, theme: Theme, on buffer: inout ScreenBuffer) {
        let lines = [
            "Terminal too small",
            "\(width)×\(height), need \(Layout.minimumWidth)×\(Layout.minimumHeight)",
            "enlarge the window, or q to quit",
        ]
        let top = max(0, (height - lines.count) / 2)
        for (i, line) in lines.enumerated() {
            let text = TextWidth.truncate(line, to: width)
            let x = max(0, (width - TextWidth.width(of: text)) / 2)
            buffer.write(text, x: x, y: top + i, style: i == 0 ? theme.warning : theme.plain)
        }
    }
}
