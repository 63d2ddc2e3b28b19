/// A terminal with no terminal behind it, for tests and benchmarks: keys and resizes come from a queue the caller
/// fills, the size is whatever the caller says, and frames are kept (the last one and a count) so the screen can
/// be read back as text. `readKey` suspends instead of blocking, so the caller runs on the main actor between the
/// loop's reads.
@MainActor
package final class HeadlessBackend: TerminalBackend {
    package private(set) var size: (width: Int, height: Int)
    package private(set) var usesColor = false
    /// Between `start` and `stop`.
    private(set) var isActive = false
    /// The last frame drawn, nil before the first.
    private(set) var lastFrame: ScreenBuffer?
    /// How many frames were drawn.
    private(set) var frameCount = 0
    /// Control sequences written (`writeControlSequence`), in order: what a terminal would have received.
    private(set) var controlSequences: [[UInt8]] = []
    /// How many times a child program had the terminal (`suspend`).
    private(set) var suspensions = 0

    private let colors: Bool
    private var pending: [KeyEvent] = []
    /// The read waiting for an event, and which read it is (so a stale timeout does not end a later one).
    private var reader: (number: Int, continuation: CheckedContinuation<KeyEvent?, Never>)?
    private var readNumber = 0
    private var onTerminate: (@Sendable () -> Void)?

    /// A terminal of `width` × `height`; `colors`: whether it can show colours (`NO_COLOR` still turns them off).
    package init(width: Int, height: Int, colors: Bool = true) {
        size = (width, height)
        self.colors = colors
    }

    /// The last frame as text, one line per row (empty before the first frame).
    var screenText: String { lastFrame?.text ?? "" }

    // MARK: - Input

    /// Queues key presses, read in order by the loop.
    package func press(_ keys: Key...) {
        for key in keys { feed(.key(key)) }
    }

    /// Queues the characters of `text` as key presses.
    package func type(_ text: String) {
        for character in text { feed(.key(.character(character))) }
    }

    /// Queues `text` as one bracketed paste.
    package func paste(_ text: String) {
        feed(.paste(text, truncated: false))
    }

    /// Changes the size and queues the resize event, as a terminal window being resized does.
    package func resize(width: Int, height: Int) {
        size = (width, height)
        feed(.resize)
    }

    /// What a SIGTERM does to the real terminal: the callback given to `start` runs.
    func requestTermination() {
        onTerminate?()
    }

    private func feed(_ event: KeyEvent) {
        if let waiting = reader {
            reader = nil
            waiting.continuation.resume(returning: event)
        } else {
            pending.append(event)
        }
    }

    // MARK: - Waiting

    /// Waits (at most `timeout`) until a frame satisfies `condition`; returns that frame, or nil.
    func waitForFrame(
        timeout: Duration = .seconds(30), where condition: (ScreenBuffer) -> Bool
    ) async -> ScreenBuffer? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let frame = lastFrame, condition(frame) { return frame }
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Waits (at most `timeout`) until the screen shows every one of `texts`; returns the frame, or nil.
    func waitForScreen(
        containing texts: String..., timeout: Duration = .seconds(30)
    ) async -> ScreenBuffer? {
        await waitForFrame(timeout: timeout) { frame in
            let text = frame.text
            return texts.allSatisfy { text.contains($0) }
        }
    }

    // MARK: - TerminalBackend

    package func start(noColor: Bool, onTerminate: @escaping @Sendable () -> Void) throws {
        usesColor = colors && !noColor
        self.onTerminate = onTerminate
        isActive = true
    }

    package func writeControlSequence(_ bytes: [UInt8]) {
        controlSequences.append(bytes)
    }

    package func stop() {
        isActive = false
        onTerminate = nil
        if let waiting = reader {
            reader = nil
            waiting.continuation.resume(returning: nil)
        }
    }

    package func readKey(timeout: Int32) async -> KeyEvent? {
        if !pending.isEmpty { return pending.removeFirst() }
        guard timeout > 0, isActive else { return nil }
        readNumber += 1
        let number = readNumber
        return await withCheckedContinuation { continuation in
            reader = (number, continuation)
            Task { [weak self] in
                try? await Task.sleep(for: .milliseconds(Int(timeout)))
                self?.timeOut(read: number)
            }
        }
    }

    private func timeOut(read number: Int) {
        guard let waiting = reader, waiting.number == number else { return }
        reader = nil
        waiting.continuation.resume(returning: nil)
    }

    package func draw(_ frame: ScreenBuffer) {
        lastFrame = frame
        frameCount += 1
    }

    package func suspend() {
        suspensions += 1
    }

    package func resume() {}
}
