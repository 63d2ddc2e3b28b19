import CNcurses
import ExplorerCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one place that talks to curses: starts and ends the screen, reads keys with a timeout, and copies frames
/// to the terminal (only the cells that changed). Every call happens on the main actor: ncurses is not
/// thread-safe.
@MainActor
package final class NcursesBackend: TerminalBackend {
    private var previous: ScreenBuffer?
    private var pairs: [PairKey: Int16] = [:]
    private var colorEnabled = false
    /// The colours the terminal shows (terminfo `colors`; 2^24 on a direct-colour entry); themes are fitted to it.
    private(set) var depth = Style.Color.Depth(colors: 8)
    private var wordLeftCode: Int32 = -1
    private var wordRightCode: Int32 = -1
    private var decoder = KeyDecoder()
    private(set) var isActive = false

    /// The process's own terminal (stdin/stdout), or another one given by file descriptor.
    private let terminal: Int32?
    private let terminalType: String
    /// The screen made by `newterm` when the backend drives a terminal other than stdin/stdout, and its streams.
    private var screen: OpaquePointer?
    private var streams: (input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>)?
    /// Signal handling while curses owns the process's terminal.
    private var guardian: TerminalGuard?
    /// Whether the terminal is asked for mouse reports (`mouse: false` in the config turns them off).
    private let mouse: Bool
    /// The terminal says it shows true colour (`COLORTERM=truecolor` or `24bit`) though its terminfo entry has
    /// indexed colours only: curses is started on the direct-colour entry of the same family when there is one.
    private let trueColor: Bool

    /// Whether colours are in use (a colour terminal and no `NO_COLOR`).
    package var usesColor: Bool { colorEnabled }

    /// The process's terminal, on stdin and stdout.
    package init(mouse: Bool = true, trueColor: Bool = false) {
        terminal = nil
        terminalType = ""
        self.mouse = mouse
        self.trueColor = trueColor
    }

    /// The terminal on `fileDescriptor` (the benchmarks' pseudo-terminal), of type `type`; the descriptor stays the
    /// caller's to close. The process's signal handling is left alone: that terminal is not the process's.
    package init(fileDescriptor: Int32, type: String = "xterm-256color", mouse: Bool = true) {
        terminal = fileDescriptor
        terminalType = type
        self.mouse = mouse
        trueColor = false
    }

    /// Takes over the terminal: UTF-8 locale, raw keys, keypad decoding, hidden cursor, colours if allowed.
    package func start(noColor: Bool, onTerminate: @escaping @Sendable () -> Void) throws {
        _ = TextWidth.localeReady
        guard let terminal else {
            // Before `initscr`, so ncurses sees SIGINT/SIGTERM already handled and leaves them alone.
            guardian = TerminalGuard(onTerminate: onTerminate)
            if noColor || !startDirectColor() { initscr() }
            configure(noColor: noColor)
            return
        }
        // Own duplicates, so closing the streams leaves the caller's descriptor alone.
        guard let input = fdopen(dup(terminal), "r") else {
            throw TUIApp.StartError(description: "cannot open the terminal: \(String(cString: strerror(errno)))")
        }
        guard let output = fdopen(dup(terminal), "w") else {
            fclose(input)
            throw TUIApp.StartError(description: "cannot open the terminal: \(String(cString: strerror(errno)))")
        }
        guard let screen = newterm(terminalType, output, input) else {
            fclose(input)
            fclose(output)
            throw TUIApp.StartError(description: "curses does not know the terminal type \(terminalType)")
        }
        self.screen = screen
        streams = (input, output)
        configure(noColor: noColor)
    }

    /// With `COLORTERM` saying true colour, curses on the direct-colour entry of the terminal's family
    /// (`xterm-256color` → `xterm-direct`), on the process's terminal as `initscr` would; false when there is none
    /// (or the entry is direct already), and `initscr` starts curses as usual.
    private func startDirectColor() -> Bool {
        guard trueColor, let type = getenv("TERM").map({ String(cString: $0) }), !type.hasSuffix("-direct"),
            let family = type.split(separator: "-").first
        else { return false }
        let direct = String(family) + "-direct"
        // Only when the terminfo entry exists (where curses looks: $TERMINFO, ~/.terminfo, $TERMINFO_DIRS, the
        // system's): `newterm` on an unknown type may end the process.
        let variable = { (name: String) in getenv(name).map { String(cString: $0) } }
        let paths =
            [variable("TERMINFO"), variable("HOME").map { $0 + "/.terminfo" }].compactMap { $0 }
            + (variable("TERMINFO_DIRS") ?? "").split(separator: ":").map(String.init)
            + ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
        guard paths.contains(where: { FileManager.default.fileExists(atPath: "\($0)/\(direct.prefix(1))/\(direct)") })
        else { return false }
        // Streams of their own on the process's terminal (closed by `stop`), as `initscr` would use stdin/stdout.
        guard let input = fdopen(dup(STDIN_FILENO), "r") else { return false }
        guard let output = fdopen(dup(STDOUT_FILENO), "w") else {
            fclose(input)
            return false
        }
        guard let screen = newterm(direct, output, input) else {
            fclose(input)
            fclose(output)
            return false
        }
        self.screen = screen
        streams = (input, output)
        return true
    }

    private func configure(noColor: Bool) {
        raw()
        noecho()
        nonl()
        _ = apix_keypad(1)
        _ = apix_set_escdelay(25)
        _ = apix_curs_set(0)
        if !noColor, apix_has_colors() == 1 {
            _ = apix_start_color()
            _ = apix_use_default_colors()
            colorEnabled = true
            depth = Style.Color.Depth(colors: Int(apix_colors()))
        }
        // Ctrl-Left / Ctrl-Right arrive as xterm modifier sequences; ncurses knows them under these names.
        wordLeftCode = apix_key_defined("\u{1B}[1;5D")
        wordRightCode = apix_key_defined("\u{1B}[1;5C")
        _ = apix_ignore_mouse_key()
        previous = nil
        isActive = true
        writeControlSequence(modesOn)
    }

    /// Gives the terminal back (normal screen, cursor, modes).
    package func stop() {
        guard isActive else { return }
        writeControlSequence(modesOff)
        _ = apix_curs_set(1)
        endwin()
        if let screen {
            delscreen(screen)
            self.screen = nil
        }
        if let streams {
            fclose(streams.input)
            fclose(streams.output)
            self.streams = nil
        }
        // After curses has ended, so the saved modes it restores are the last word.
        guardian?.uninstall()
        guardian = nil
        isActive = false
    }

    /// Leaves curses mode for a child program (`$EDITOR`), then `resume()` comes back.
    package func suspend() {
        writeControlSequence(modesOff)
        def_prog_mode()
        endwin()
    }

    package func resume() {
        reset_prog_mode()
        writeControlSequence(modesOn)
        previous = nil
        _ = apix_clearok()
        _ = apix_refresh()
    }

    package var size: (width: Int, height: Int) {
        (Int(apix_cols()), Int(apix_lines()))
    }

    /// How long (ms) the rest of an escape sequence or a paste may take to arrive once it has begun.
    private static let sequenceWait: Int32 = 50

    /// Asks the terminal to bracket pastes (`ESC [ 200 ~` … `ESC [ 201 ~`), and stops asking; terminals that do
    /// not know the mode ignore it. `TerminalGuard`'s crash reset stops it too.
    private static let bracketedPasteOn: [UInt8] = Array("\u{1B}[?2004h".utf8)
    private static let bracketedPasteOff: [UInt8] = Array("\u{1B}[?2004l".utf8)

    /// Asks for mouse reports: buttons and the wheel (1000) in SGR form (1006), which carries any column. With
    /// them on, terminals keep Shift plus the mouse for selecting text. `TerminalGuard`'s crash reset stops them.
    private static let mouseOn: [UInt8] = Array("\u{1B}[?1000h\u{1B}[?1006h".utf8)
    private static let mouseOff: [UInt8] = Array("\u{1B}[?1006l\u{1B}[?1000l".utf8)

    private var modesOn: [UInt8] { Self.bracketedPasteOn + (mouse ? Self.mouseOn : []) }
    private var modesOff: [UInt8] { (mouse ? Self.mouseOff : []) + Self.bracketedPasteOff }

    /// The next key, waiting at most `timeout` milliseconds. `.resize` is reported separately.
    package func readKey(timeout: Int32) -> KeyEvent? {
        if guardian != nil, let event = jobControl() { return event }
        return decoder.next { wait in
            switch wait {
            case .loop: read(timeout: timeout)
            case .none: read(timeout: 0)
            case .brief: read(timeout: Self.sequenceWait)
            }
        }
    }

    /// SIGTSTP: the terminal goes back to the shell as it was, the process stops, and on `fg` the screen is drawn
    /// whole again (a resize event makes the loop lay it out anew). SIGCONT alone (after `kill -STOP`): redrawn.
    private func jobControl() -> KeyEvent? {
        if TerminalGuard.takeSuspendRequest() {
            suspend()
            TerminalGuard.stopForJobControl()
            resume()
            _ = TerminalGuard.takeContinued()
            return .resize
        }
        guard TerminalGuard.takeContinued() else { return nil }
        previous = nil
        _ = apix_clearok()
        _ = apix_refresh()
        return .resize
    }

    /// One read from curses: a character, a decoded key code, or `nil` when nothing came within `timeout` ms.
    private func read(timeout: Int32) -> KeyDecoder.Input? {
        apix_timeout(timeout)
        var character: wint_t = 0
        let result = apix_get_wch(&character)
        if result == apix_err() { return nil }
        if result == apix_key_code_yes() { return .code(decode(code: Int32(character))) }
        return .character(UInt32(character))
    }

    private func decode(code: Int32) -> KeyEvent? {
        if code == apix_key_resize() { return .resize }
        let keys: [Int32: Key] = [
            apix_key_up(): .up, apix_key_down(): .down, apix_key_left(): .left, apix_key_right(): .right,
            apix_key_home(): .home, apix_key_end(): .end, apix_key_find(): .home, apix_key_select(): .end,
            apix_key_ppage(): .pageUp, apix_key_npage(): .pageDown, apix_key_backspace(): .backspace,
            apix_key_dc(): .delete, apix_key_ic(): .insert, apix_key_enter(): .enter, apix_key_btab(): .backTab,
        ]
        if let key = keys[code] { return .key(key) }
        if code == wordLeftCode { return .key(.wordLeft) }
        if code == wordRightCode { return .key(.wordRight) }
        for n in 1...12 where code == apix_key_f(Int32(n)) { return .key(.function(n)) }
        return nil
    }

    /// Writes `bytes` to the terminal after what curses has drawn (curses has no call for OSC sequences).
    package func writeControlSequence(_ bytes: [UInt8]) {
        guard isActive else { return }
        fflush(streams?.output)  // nil: every stream, stdout included
        let descriptor = streams.map { fileno($0.output) } ?? STDOUT_FILENO
        bytes.withUnsafeBytes { _ = DescriptorWriter.writeAll($0, to: descriptor) }
    }

    /// Copies a frame to the screen: only cells that differ from the last frame are written.
    package func draw(_ buffer: ScreenBuffer) {
        let fresh = previous == nil || previous!.width != buffer.width || previous!.height != buffer.height
        if fresh { _ = apix_erase() }
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                if cell.isContinuation { continue }
                if !fresh, let previous, previous[x, y] == cell { continue }
                put(cell, x: x, y: y)
            }
        }
        previous = buffer
        _ = apix_refresh()
    }

    private func put(_ cell: Cell, x: Int, y: Int) {
        var attributes = apix_a_normal()
        if cell.style.bold { attributes |= apix_a_bold() }
        if cell.style.dim { attributes |= apix_a_dim() }
        if cell.style.reverse { attributes |= apix_a_reverse() }
        if cell.style.underline { attributes |= apix_a_underline() }
        let pair = colorEnabled ? pairNumber(cell.style.foreground, cell.style.background) : 0
        // At most five code points per cell (curses' limit), then the terminator; on the stack, since a full frame
        // puts ten thousand cells.
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: 6) { wide in
            var count = 0
            for scalar in cell.text.unicodeScalars where count < 5 {
                wide[count] = wchar_t(bitPattern: scalar.value)
                count += 1
            }
            if count == 0 {
                wide[0] = 32
                count = 1
            }
            wide[count] = 0
            _ = apix_mvadd_cell(Int32(y), Int32(x), wide.baseAddress, attributes, pair)
        }
    }

    private struct PairKey: Hashable {
        var foreground: Style.Color
        var background: Style.Color
    }

    /// The colour pair of a style's colours, fitted to the terminal, allocated on first use.
    private func pairNumber(_ foreground: Style.Color, _ background: Style.Color) -> Int16 {
        if foreground == .terminal && background == .terminal { return 0 }
        let key = PairKey(foreground: foreground, background: background)
        if let pair = pairs[key] { return pair }
        let next = pairs.count + 1
        guard next < Int(apix_color_pairs()), next < Int(Int16.max) else { return 0 }
        let fg = Int32(foreground.fitted(to: depth).cursesNumber)
        let bg = Int32(background.fitted(to: depth).cursesNumber)
        if fg > Int16.max || bg > Int16.max {
            _ = apix_init_extended_pair(Int32(next), fg, bg)
        } else {
            _ = apix_init_pair(Int32(next), fg, bg)
        }
        pairs[key] = Int16(next)
        return Int16(next)
    }
}
