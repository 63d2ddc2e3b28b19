import ExplorerCore
import Foundation

/// The token of the current profile and environment: its state with a live countdown, and the keys to log in,
/// refresh and log out.
enum AuthPanelView {
    static func draw(_ state: AppState, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        let width = min(64, screen.width - 4)
        let status = state.currentTokenStatus
        // The whole state, a failure's reason included, wrapped: the panel grows to hold it.
        let label = "token: "
        let summary = SafeText.escape(status.summary(now: state.now.date))
        let lines = TextWidth.wrap(summary, to: max(1, width - 4 - label.count))
        let prompt =
            state.isLoginPending
            ? state.browserPrompt.map { Self.promptLines($0, width: width - 4, now: state.now.date) } : nil
        let promptHeight = prompt.map { $0.count + 1 } ?? 0
        // Under the state, what `apix auth status` says (while a login waits, its prompt takes the room).
        let details =
            prompt == nil
            ? state.currentTokenKey.flatMap { state.tokenDetails[$0] }.map {
                Self.detailLines($0, width: width - 4)
            } ?? [] : []
        let detailsHeight = details.count
        let rect = screen.centered(
            width: width, height: min(screen.height, 8 + lines.count + promptHeight + detailsHeight))
        BoxView.draw(rect, title: "Auth", focused: true, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        guard !inner.isEmpty else { return }
        guard let key = state.currentTokenKey else { return }
        let definition = key.definition.map { " · auth \(SafeText.escape($0))" } ?? ""
        buffer.write(
            "profile \(SafeText.escape(key.profile)) · environment \(SafeText.escape(key.environment))\(definition)",
            x: inner.x + 1, y: inner.y, limit: inner.maxX, style: theme.muted)
        let style: Style
        switch status {
        case .token(.valid): style = theme.ok.with(bold: true)
        case .token(.expired), .token(.failed): style = theme.error
        case .token(.refreshing): style = theme.running
        case .token(.none), .unavailable: style = theme.muted
        }
        let x = buffer.write(label, x: inner.x + 1, y: inner.y + 2, limit: inner.maxX, style: theme.title)
        let room = max(0, inner.maxY - 2 - (inner.y + 2))
        for (index, line) in lines.prefix(room).enumerated() {
            let cut = index == room - 1 && lines.count > room
            let text = cut ? TextWidth.truncate(line, to: max(1, inner.maxX - x - 2)) + " …" : line
            buffer.write(text, x: x, y: inner.y + 2 + index, limit: inner.maxX, style: style)
        }
        if let prompt {
            // Under the state: what to open, and where apix waits. Selectable with the terminal's Shift-drag.
            let top = inner.y + 2 + lines.count + 1
            for (index, line) in prompt.enumerated() where top + index < inner.maxY - 1 {
                let style =
                    switch line.tone {
                    case .plain: theme.muted
                    case .address: theme.accent
                    case .code: theme.title.with(bold: true)
                    }
                buffer.write(line.text, x: inner.x + 1, y: top + index, limit: inner.maxX, style: style)
            }
        }
        let detailsTop = inner.y + 2 + lines.count + 1
        for (index, line) in details.enumerated() where detailsTop + index < inner.maxY - 1 {
            let x = buffer.write(
                line.label, x: inner.x + 1, y: detailsTop + index, limit: inner.maxX, style: theme.muted)
            buffer.write(line.value, x: x, y: detailsTop + index, limit: inner.maxX, style: theme.title)
        }
        if case .unavailable = status {
            buffer.write(
                "This profile has no token to manage.", x: inner.x + 1, y: inner.y + 2 + lines.count + 1,
                limit: inner.maxX, style: theme.muted)
        }
        var hints = state.keyMap.hints(for: .auth).map { "\($0.key) \($0.label)" }
        if state.isLoginPending { hints.insert("Esc cancel", at: 0) }
        buffer.write(
            hints.joined(separator: "   "), x: inner.x + 1, y: inner.maxY - 1, limit: inner.maxX, style: theme.accent)
    }

    /// The details as lines of `width`: a label column, then the value (escaped: URLs, scope and claims come from
    /// the profile and the server), wrapped under itself.
    static func detailLines(_ details: TokenDetails, width: Int) -> [(label: String, value: String)] {
        let labelWidth = (details.rows.map(\.label.count).max() ?? 0) + 2
        var lines: [(String, String)] = []
        for row in details.rows {
            let wrapped = TextWidth.wrap(SafeText.escape(row.value), to: max(1, width - labelWidth))
            for (index, part) in wrapped.prefix(3).enumerated() {
                let label = index == 0 ? row.label : ""
                lines.append((label.padding(toLength: labelWidth, withPad: " ", startingAt: 0), part))
            }
        }
        return lines
    }

    /// A line of the login's prompt and how it stands out.
    struct PromptLine: Equatable {
        enum Tone { case plain, address, code }
        var text: String
        var tone: Tone
    }

    /// The browser login's lines: which program opened it (or that none did), the authorization URL cut into
    /// lines of `width` (whole, so it can be copied), and the redirect apix waits for. A device login's: where to
    /// go, the user code in large type and as text, and how long it still lives.
    static func promptLines(_ prompt: BrowserLogin.Prompt, width: Int, now: Date) -> [PromptLine] {
        let room = max(8, width)
        if let device = prompt.device { return deviceLines(device, width: room, now: now) }
        return browserLines(prompt, width: room)
    }

    static func browserLines(_ prompt: BrowserLogin.Prompt, width room: Int) -> [PromptLine] {
        let opened =
            prompt.browser.map {
                "Sign in in the browser (opened with \(SafeText.escape(($0 as NSString).lastPathComponent))):"
            }
            ?? "Open this address in a browser to sign in:"
        let seconds = prompt.timeout.components.seconds
        let waiting = "Waiting up to \(seconds) s for the redirect to \(SafeText.escape(prompt.redirectURI))"
        return [PromptLine(text: opened, tone: .plain)] + chunks(SafeText.escape(prompt.url), width: room)
            + TextWidth.wrap(waiting, to: room).map { PromptLine(text: $0, tone: .plain) }
    }

    static func deviceLines(_ device: BrowserLogin.DevicePrompt, width room: Int, now: Date) -> [PromptLine] {
        let code = SafeText.escape(device.userCode)
        var lines = [PromptLine(text: "On any device, open this address and enter the code:", tone: .plain)]
        lines += chunks(SafeText.escape(device.verificationURI), width: room)
        lines.append(PromptLine(text: "", tone: .plain))
        lines += (BlockLetters.rows(code, width: room) ?? []).map { PromptLine(text: $0, tone: .code) }
        lines.append(PromptLine(text: code, tone: .code))
        if let complete = device.verificationURIComplete {
            lines.append(PromptLine(text: "", tone: .plain))
            lines.append(PromptLine(text: "Or open this one, the code already in it:", tone: .plain))
            lines += chunks(SafeText.escape(complete), width: room)
        }
        let left = max(0, Int(device.deadline.timeIntervalSince(now).rounded(.up)))
        let waiting = "Code expires in \(left) s · checking every \(device.interval) s"
        return lines + TextWidth.wrap(waiting, to: room).map { PromptLine(text: $0, tone: .plain) }
    }

    /// An address cut into lines of `width`, whole, so that it can be copied.
    private static func chunks(_ address: String, width: Int) -> [PromptLine] {
        var chunks: [PromptLine] = []
        var rest = Substring(address)
        while !rest.isEmpty {
            chunks.append(PromptLine(text: String(rest.prefix(width)), tone: .address))
            rest = rest.dropFirst(width)
        }
        return chunks
    }
}
