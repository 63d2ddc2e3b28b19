/// What the runtime needs from a terminal: take it over and give it back, its size, keys (with a timeout, so the
/// loop keeps its heartbeat) and resizes, drawing frames, and stepping aside for a child program (`$EDITOR`).
/// `NcursesBackend` is the real terminal; `HeadlessBackend` is scripted, for tests and benchmarks.
///
/// Not part of the app's API (`package`): the benchmarks drive the app through it.
@MainActor
package protocol TerminalBackend: AnyObject {
    /// Whether frames are drawn in colour (the theme the app picks); known after `start`.
    var usesColor: Bool { get }

    /// Columns and rows.
    var size: (width: Int, height: Int) { get }

    /// Takes over the terminal. `onTerminate` is called, from any thread, when the process is asked to end
    /// (SIGINT, SIGTERM, SIGHUP on the process's own terminal), so the loop can quit and give the terminal back.
    func start(noColor: Bool, onTerminate: @escaping @Sendable () -> Void) throws

    /// Gives the terminal back (normal screen, cursor, modes).
    func stop()

    /// The next key or resize, waiting at most `timeout` milliseconds; nil when nothing came.
    func readKey(timeout: Int32) async -> KeyEvent?

    /// Shows a frame.
    func draw(_ frame: ScreenBuffer)

    /// Steps aside for a child program that uses the terminal (`$EDITOR`); `resume()` takes it back and redraws
    /// everything on the next frame.
    func suspend()
    func resume()

    /// Writes a control sequence the screen does not show (OSC 52, the clipboard) straight to the terminal.
    func writeControlSequence(_ bytes: [UInt8])
}
