import ExplorerCore

/// Problems of broken profiles: a short panel under the list, and the full list as an overlay (`p`).
enum ProblemsView {
    static func drawPanel(_ problems: [ProfileProblem], in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        buffer.write(
            "⚠ \(Units.count(problems.count, "problem")) (p)", x: rect.x, y: rect.y,
            limit: rect.maxX, style: theme.warning)
        for (i, problem) in problems.prefix(rect.height - 1).enumerated() {
            buffer.write(
                SafeText.escape(short(problem)), x: rect.x, y: rect.y + 1 + i, limit: rect.maxX, style: theme.muted)
        }
    }

    static func short(_ problem: ProfileProblem) -> String {
        let file = problem.location.file.split(separator: "/").last.map(String.init) ?? problem.location.file
        return "\(file):\(problem.location.line):\(problem.location.column): \(problem.message)"
    }

    static func draw(
        _ problems: [ProfileProblem], top: Int, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        let rect = screen.centered(width: screen.width - 8, height: screen.height - 4)
        // `keys.yaml`'s problems are listed here too (`AppState.shownProblems`).
        let keys = problems.contains { $0.location.file.hasSuffix("keys.yaml") }
        let title = keys ? "Problems in profiles and keys.yaml" : "Problems in profiles"
        BoxView.draw(rect, title: title, focused: true, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        guard !inner.isEmpty else { return }
        if problems.isEmpty {
            buffer.write("No problems: every profile loaded.", x: inner.x + 1, y: inner.y, limit: inner.maxX)
            return
        }
        var y = inner.y
        for problem in problems.dropFirst(top) {
            guard y < inner.maxY else { break }
            buffer.write(
                SafeText.escape(problem.location.description) + ":", x: inner.x + 1, y: y, limit: inner.maxX,
                style: theme.warning)
            y += 1
            // The message whole, wrapped under its location (a long one was cut at the window's edge).
            for line in TextWidth.wrap(SafeText.escape(problem.message), to: max(1, inner.width - 3)) {
                guard y < inner.maxY else { break }
                buffer.write("  " + line, x: inner.x + 1, y: y, limit: inner.maxX)
                y += 1
            }
        }
    }
}
