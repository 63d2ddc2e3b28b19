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
    private var pairs: [Int: Int16] = [:]
    private var colorEnabled = false
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

    /// Whether colours are in use (a colour terminal and no `NO_COLOR`).
    package var usesColor: Bool { colorEnabled }

    /// The process's terminal, on stdin and stdout.
    package init() {
        terminal = nil
        terminalType = ""
    }

    /// The terminal on `fileDescriptor` (the benchmarks' pseudo-terminal), of type `type`; the descriptor stays the
    /// caller's to close. The process's signal handling is left alone: that terminal is not the process's.
    package init(fileDescriptor: Int32, type: String = "xterm-256color") {
        terminal = fileDescriptor
        terminalType = type
    }

    /// Takes over the terminal: UTF-8 locale, raw keys, keypad decoding, hidden cursor, colours if allowed.
    package func start(noColor: Bool, onTerminate: @escaping @Sendable () -> Void) throws {
        _ = TextWidth.localeReady
        guard let terminal else {
            // Before `initscr`, so ncurses sees SIGINT/SIGTERM already handled and leaves them alone.
            guardian = TerminalGuard(onTerminate: onTerminate)
            initscr()
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
        }
        // Ctrl-Left / Ctrl-Right arrive as xterm modifier sequences; ncurses knows them under these names.
        wordLeftCode = apix_key_defined("\u{1B}[1;5D")
        wordRightCode = apix_key_defined("\u{1B}[1;5C")
        previous = nil
        isActive = true
        writeControlSequence(Self.bracketedPasteOn)
    }

    /// Gives the terminal back (normal screen, cursor, modes).
    package func stop() {
        guard isActive else { return }
        writeControlSequence(Self.bracketedPasteOff)
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
        writeControlSequence(Self.bracketedPasteOff)
        def_prog_mode()
        endwin()
    }

    package func resume() {
        reset_prog_mode()
        writeControlSequence(Self.bracketedPasteOn)
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

    private func pairNumber(_ foreground: Style.Color, _ background: Style.Color) -> Int16 {
        if foreground == .terminal && background == .terminal { return 0 }
        let key = (foreground.rawValue + 1) * 16 + background.rawValue + 1
        if let pair = pairs[key] { return pair }
        let next = pairs.count + 1
        guard next < Int(apix_color_pairs()), next < Int(Int16.max) else { return 0 }
        _ = apix_init_pair(Int32(next), Int32(foreground.rawValue), Int32(background.rawValue))
        pairs[key] = Int16(next)
        return Int16(next)
    }
}
