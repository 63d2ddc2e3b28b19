import ExplorerCore
import Foundation
import Synchronization
import TUI

// Long file: one case per method (start-up, first body screen, keys while idle and during a download, memory), each
// in its headless, pseudo-terminal and whole-process form; they share the fixtures above them, and splitting the
// forms apart would scatter what one row of docs/BENCHMARKS.md measures.

/// The terminal UI cases of issue #7. Each is measured inside a process in two ways: headless (`update` plus
/// rendering into a 200×50 cell buffer) and through the app's real curses backend writing to a pseudo-terminal
/// (`openpty`; for keys, typed into the terminal and read back by curses). Start-up and memory are also measured
/// on the whole `apix` process, run on a pseudo-terminal like a user would.
@MainActor
struct TUIBenchmarks {
    let options: BenchmarkOptions
    let apix: String
    let scratch: String
    /// The demo server's port on 127.0.0.1.
    let port: Int
    let client = Client()

    static let width = 200
    static let height = 50

    /// The JSON bodies (bytes): 5 MB and 50 MB, or tiny ones for `--quick`.
    var bodySizes: [Int] { options.quick ? [50_000, 500_000] : [5_000_000, 50_000_000] }
    var endpointCount: Int { options.quick ? 50 : 2000 }
    var downloadSize: Int { options.quick ? 4 << 20 : 1 << 30 }
    /// Keys pressed while scrolling the large body.
    var scrollKeys: [(key: Key, typed: String)] {
        let down = (Key.character("j"), "j")
        let up = (Key.character("k"), "k")
        let pageDown = (Key.pageDown, "\u{1B}[6~")
        let pageUp = (Key.pageUp, "\u{1B}[5~")
        if options.quick { return [down, pageDown, (Key.end, "\u{1B}OF"), pageUp, up] }
        return Array(repeating: down, count: 40) + Array(repeating: pageDown, count: 10) + [(Key.end, "\u{1B}OF")]
            + Array(repeating: pageUp, count: 10) + Array(repeating: up, count: 40) + [(Key.home, "\u{1B}OH")]
            + Array(repeating: pageDown, count: 10)
    }

    private var bigDirectory: String { scratch + "/tui-large" }
    var profileDirectory: String { scratch + "/tui" }
    private var stateDirectory: String { scratch + "/state" }

    // MARK: - Running

    func run() async throws -> (rows: [BenchmarkRow], notes: [String]) {
        var (rows, notes) = try runStartup()
        let headless = try await interactive(terminal: false)
        let pty = try await interactive(terminal: true)
        for (index, size) in bodySizes.enumerated() {
            let limit = index == 0 ? 0.1 : 0.5
            let name = "\(BenchmarkFormat.megabytes(size)) JSON: body received → first body screen drawn"
            rows.append(timeRow(name + ", headless", headless.bodies[index], reference: "—", limit: limit))
            rows.append(timeRow(name + ", curses on a pty", pty.bodies[index], reference: "—", limit: limit))
        }
        let large = BenchmarkFormat.megabytes(bodySizes[1])
        let session = try wholeProcessBody()
        rows.append(
            latencyRow("key press → redrawn frame scrolling the \(large) body, headless", headless.scrolling))
        rows.append(
            latencyRow("key press → redrawn frame scrolling the \(large) body, curses on a pty", pty.scrolling))
        rows.append(
            latencyRow(
                "key press → redrawn frame scrolling the \(large) body, whole process (`apix` on a pty)",
                session.keys))
        let download = BenchmarkFormat.mib(downloadSize)
        rows.append(
            latencyRow(
                "key press → redrawn frame during a \(download) download (scrolling the \(large) body), headless",
                headless.downloading))
        rows.append(
            latencyRow(
                "key press → redrawn frame during a \(download) download (scrolling the \(large) body), curses on a "
                    + "pty", pty.downloading))
        rows += try await runSearch()
        rows += try await runMouse()
        rows += try runFilter()
        rows += try await runBenchView()
        let ratio = Double(session.maxRSS) / Double(bodySizes[1])
        rows.append(
            BenchmarkRow(
                name: "peak RSS after showing the \(large) JSON body (whole `apix` process)",
                apix: BenchmarkFormat.mib(Int(session.maxRSS)),
                reference: "body \(BenchmarkFormat.mib(bodySizes[1]))",
                ratio: String(format: "%.2f × body", ratio), target: "≤ 3 × body size", met: ratio <= 3))
        notes.append(
            "Whole `apix` process on a 200×50 pty: Enter → the \(large) body on screen took "
                + "\(BenchmarkFormat.milliseconds(session.enterToBody)) (transfer over loopback included); a key's "
                + "latency there is from typing it into the pty to the end of the frame curses wrote back.")
        notes.append(
            "Headless figures time `update` + rendering the cells; pty figures add what the app's curses backend "
                + "does (diff, write, refresh) and, for keys, curses reading and decoding the key from the terminal. "
                + "On the pty, keys during the download are typed from another thread at random 30–70 ms intervals and "
                + "timed from the moment they were typed, so a key that arrives while a progress frame is drawn waits "
                + "for it; headless, they are fed to the loop every 30–70 ms between progress updates.")
        return (rows, notes)
    }

    /// The start-up rows alone (`--only startup`): the whole process and in process, headless.
    func runStartup() throws -> (rows: [BenchmarkRow], notes: [String]) {
        try writeProfiles()
        var rows: [BenchmarkRow] = []
        var notes: [String] = []
        let count = endpointCount.formatted()
        let whole = try wholeProcessStartup(directory: bigDirectory)
        rows.append(
            timeRow(
                "TUI start → first frame (the profiles' sketch), \(count) endpoints: whole process (`apix` on a "
                    + "200×50 pty)", whole.first, reference: "—", limit: 0.1))
        rows.append(
            timeRow(
                "TUI start → the loaded profile's frame (keys answered from here), \(count) endpoints: whole process",
                whole.loaded, reference: "—", limit: nil))
        let imported = try importedStartup()
        rows += imported.rows
        notes += imported.notes
        notes.append(
            "For comparison with TUI start-up (not measured by this harness): a Python terminal client took about "
                + "1.9 s to show its endpoint list on this machine.")
        let headlessStart = try startupInProcess(terminal: false)
        rows.append(
            timeRow(
                "TUI start → first full frame, \(count) endpoints: in process, headless", headlessStart.total,
                reference: "—", limit: 0.1))
        let ptyStart = try startupInProcess(terminal: true)
        rows.append(
            timeRow(
                "TUI start → first full frame, \(count) endpoints: in process, curses on a pty", ptyStart.total,
                reference: "—", limit: 0.1))
        notes.append(
            "TUI start-up in process = load the profile directory + build the state + render (+ curses start and "
                + "the first draw on the pty); loading the \(count)-endpoint profile alone took "
                + "\(BenchmarkFormat.milliseconds(headlessStart.loading)).")

        return (rows, notes)
    }

    // MARK: - Start-up

    struct StartupFigures {
        var total: Stats
        var loading: Stats
    }

    /// Loading the profiles, building the state and drawing the first frame, in this process.
    private func startupInProcess(terminal: Bool) throws -> StartupFigures {
        var totals: [Double] = []
        var loads: [Double] = []
        for run in 0...options.runs {
            let pty = terminal ? try PseudoTerminal(columns: Self.width, rows: Self.height) : nil
            defer { pty?.stop() }
            let start = Subprocess.now()
            let catalog = ProfileLoader.load(directory: bigDirectory)
            let loaded = Subprocess.now()
            let state = AppState(
                catalog: catalog, profileDirectory: bigDirectory, width: Self.width, height: Self.height, now: .now)
            let screen = try Self.terminal(on: pty)
            let harness = TUIHarness(state: state, terminal: screen)
            let size = screen.size
            harness.apply(.resized(width: size.width, height: size.height))
            let frame = harness.render()
            let end = Subprocess.now()
            screen.stop()
            guard frame.text.contains("resource0.op0"), catalog.problems.isEmpty else {
                throw BenchmarkError("the first frame does not show the large profile:\n\(frame.text)")
            }
            if run > 0 {
                totals.append(end - start)
                loads.append(loaded - start)
            }
        }
        return StartupFigures(total: Stats(samples: totals), loading: Stats(samples: loads))
    }

    // MARK: - Bodies and keys in process

    struct InteractiveFigures {
        /// Body received → first body screen, per body size.
        var bodies: [Stats]
        var scrolling: Stats
        var downloading: Stats
    }

    /// One session of the app in this process: each body size shown `runs` times (after a warm-up), then keys
    /// scrolling the large body, then keys while a download runs.
    private func interactive(terminal: Bool) async throws -> InteractiveFigures {
        let pty = terminal ? try PseudoTerminal(columns: Self.width, rows: Self.height) : nil
        defer { pty?.stop() }
        let screen = try Self.terminal(on: pty)
        defer { screen.stop() }
        let size = screen.size
        let harness = try harness(on: screen, width: size.width, height: size.height)
        harness.render()

        var bodies: [Stats] = []
        for (index, _) in bodySizes.enumerated() {
            try harness.select(endpoint: "json.\(index)")
            var samples: [Double] = []
            for run in 0...options.runs {
                let (id, request) = try harness.send()
                harness.render()
                let response = try await client.send(request).get()
                let start = Subprocess.now()
                let frame = await harness.showResponse(response, transfer: id)
                let end = Subprocess.now()
                guard frame.text.contains("\"item-1\"") else {
                    throw BenchmarkError("the body screen does not show the JSON body:\n\(frame.text)")
                }
                if run > 0 { samples.append(end - start) }
            }
            bodies.append(Stats(samples: samples))
        }

        // The large body is on screen: scroll it.
        Subprocess.settle()
        harness.focus(.response)
        harness.render()
        var scrolling: [Double] = []
        for (key, typed) in scrollKeys {
            scrolling.append(try await pressTimed(key, typed: typed, harness: harness, pty: pty, screen: screen))
        }

        let downloading = try await keysDuringDownloads(harness: harness, pty: pty, screen: screen)
        return InteractiveFigures(bodies: bodies, scrolling: Stats(samples: scrolling), downloading: downloading)
    }

    /// One key: headless, `update` + render; on the pty, typed into the terminal, read back by curses, applied,
    /// rendered and drawn.
    private func pressTimed(
        _ key: Key, typed: String, harness: TUIHarness, pty: PseudoTerminal?, screen: any TerminalBackend
    ) async throws -> Double {
        guard let pty else {
            let start = Subprocess.now()
            harness.apply(.keyPressed(key))
            harness.render()
            return Subprocess.now() - start
        }
        let start = pty.type(typed)
        guard let read = await Self.key(from: screen, timeout: 5000) else {
            throw BenchmarkError("curses did not read \(key)")
        }
        harness.apply(.keyPressed(read))
        harness.render()
        return Subprocess.now() - start
    }

    /// Downloads `downloadSize` bytes (up to five times) from the `download` endpoint while the large body stays on
    /// screen and keys scroll it; the loop is the runtime's (a key read with a 30 ms timeout, the inbox, a tick
    /// every 100 ms, a redraw when something changed).
    private func keysDuringDownloads(
        harness: TUIHarness, pty: PseudoTerminal?, screen: any TerminalBackend
    ) async throws -> Stats {
        var latencies: [Double] = []
        // Each download gives some twenty keys; five give enough for a median and a maximum.
        for _ in 0..<max(1, min(options.runs, 5)) {
            try harness.select(endpoint: "download")
            let (id, request) = try harness.send()
            let transfer = client.start(request)
            let inbox = harness.inbox
            let forwarding = Task.detached {
                for await event in transfer.progress {
                    inbox.post(.progressUpdated(exchange: id, event, at: Moment.now.uptime))
                }
                inbox.post(.exchangeFinished(exchange: id, await transfer.result, at: Moment.now.uptime))
            }
            try harness.select(endpoint: "json.1")
            harness.focus(.response)
            harness.render()

            let typist = pty.map { KeyTypist(terminal: $0) }
            let keys: TUIHarness.Keys =
                typist.map { typist in
                    .typed {
                        guard let key = await Self.key(from: screen, timeout: 30) else { return nil }
                        return (key, typist.next())
                    }
                } ?? .scrolling
            latencies += try await harness.typeWhile(
                { harness.state.exchanges[id]?.isRunning ?? false }, keys: keys, untilMeasured: true,
                deadline: Subprocess.now() + 300, onTimeout: "no key was read during the download")
            typist?.stop()
            Subprocess.settle()
            // Keys typed after the download ended are read and dropped so the next run starts clean.
            while await screen.readKey(timeout: 0) != nil {}
            await forwarding.value
            if let failure = harness.state.exchanges[id]?.failure {
                throw BenchmarkError("the download failed: \(failure)")
            }
        }
        return Stats(samples: latencies)
    }

    // MARK: - The whole process with a large body

    struct SessionFigures {
        var enterToBody: Stats
        var keys: Stats
        var maxRSS: Int64
    }

    /// `apix` on a pseudo-terminal: send the large JSON endpoint, wait for the body on screen, scroll it with keys
    /// (each timed from typing to the end of the frame written back), quit; peak RSS from GNU time.
    private func wholeProcessBody() throws -> SessionFigures {
        var enterToBody: [Double] = []
        var keys: [Double] = []
        var maxRSS: Int64 = 0
        for run in 0..<min(3, max(1, options.runs)) {
            let session = try TerminalSession(
                apix: apix, arguments: ["--profiles", profileDirectory],
                environment: TerminalSession.environment(stateDirectory: stateDirectory), columns: Self.width,
                rows: Self.height, peakRSSReport: scratch + "/tui-peak-rss.txt")
            _ = try session.expect("env: local", timeout: 30, "the first frame")
            // The list: the profile, then json.0 (selected at start), json.1 …
            session.terminal.type("j")
            _ = session.terminal.frameEnd(after: session.terminal.byteCount, quiet: 0.05, timeout: 5)
            let before = session.terminal.byteCount
            let sent = session.terminal.type("\r")
            let shown = try session.expect("\"item-1\"", after: before, timeout: 120, "the large JSON body")
            enterToBody.append(shown - sent)
            _ = session.terminal.frameEnd(after: before, quiet: 0.15, timeout: 5)
            session.terminal.type("\t\t")
            _ = session.terminal.frameEnd(after: session.terminal.byteCount, quiet: 0.15, timeout: 5)
            if run == 0 {
                for (_, typed) in scrollKeys {
                    let offset = session.terminal.byteCount
                    let typedAt = session.terminal.type(typed)
                    guard let end = session.terminal.frameEnd(after: offset, quiet: 0.02, timeout: 5) else {
                        throw BenchmarkError("apix on a pseudo-terminal drew nothing after a key")
                    }
                    keys.append(end - typedAt)
                }
            }
            session.terminal.type("q")
            let outcome = try session.finish(timeout: 10)
            guard outcome.status == 0 else { throw BenchmarkError("apix exited \(outcome.status) after q") }
            maxRSS = max(maxRSS, outcome.maxRSS)
        }
        return SessionFigures(enterToBody: Stats(samples: enterToBody), keys: Stats(samples: keys), maxRSS: maxRSS)
    }

    // MARK: - Fixtures and rows

    /// The terminal a case draws on, started: the app's curses backend on `pty`, or without one a headless
    /// terminal of the benchmark's size that keeps the frame.
    /// A session of the app on `screen` with the profile loaded, sized to the screen's `width` × `height`.
    func harness(on screen: any TerminalBackend, width: Int = Self.width, height: Int = Self.height) throws
        -> TUIHarness
    {
        let catalog = ProfileLoader.load(directory: profileDirectory)
        guard catalog.problems.isEmpty else { throw BenchmarkError("benchmark profile: \(catalog.problems)") }
        let harness = TUIHarness(
            state: AppState(
                catalog: catalog, profileDirectory: profileDirectory, width: Self.width, height: Self.height,
                now: .now),
            terminal: screen)
        harness.apply(.resized(width: width, height: height))
        return harness
    }

    /// A session on `screen` with the largest JSON body sent, shown in the response pane and focused there.
    func harnessShowingLargeBody(on screen: any TerminalBackend) async throws -> TUIHarness {
        let harness = try harness(on: screen)
        try harness.select(endpoint: "json.\(bodySizes.count - 1)")
        let (id, request) = try harness.send()
        let response = try await client.send(request).get()
        _ = await harness.showResponse(response, transfer: id)
        harness.focus(.response)
        return harness
    }

    static func terminal(on pty: PseudoTerminal?) throws -> any TerminalBackend {
        let terminal: any TerminalBackend =
            pty.map { NcursesBackend(fileDescriptor: $0.secondary) } ?? HeadlessBackend(width: width, height: height)
        do {
            try terminal.start(noColor: false, onTerminate: {})
        } catch {
            throw BenchmarkError("curses could not start on the pseudo-terminal: \(error)")
        }
        return terminal
    }

    /// The next key the terminal read, nil on a timeout (or a resize: the pseudo-terminal keeps its size).
    private static func key(from terminal: any TerminalBackend, timeout: Int32) async -> Key? {
        if case .key(let key)? = await terminal.readKey(timeout: timeout) { return key }
        return nil
    }

    func writeProfiles() throws {
        for directory in [bigDirectory, profileDirectory, stateDirectory] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try BenchmarkProfiles.large(endpoints: endpointCount, port: port)
            .write(toFile: bigDirectory + "/large.yaml", atomically: true, encoding: .utf8)
        try BenchmarkProfiles.terminal(port: port, bodySizes: bodySizes, downloadSize: downloadSize)
            .write(toFile: profileDirectory + "/tui.yaml", atomically: true, encoding: .utf8)
    }

    /// A timed row; `limit` nil: measured for the record, with no target of its own.
    func timeRow(_ name: String, _ stats: Stats, reference: String, limit: Double?) -> BenchmarkRow {
        BenchmarkRow(
            name: name, apix: BenchmarkFormat.milliseconds(stats), reference: reference, ratio: "—",
            target: limit.map { "≤ \(Int($0 * 1000)) ms" } ?? "—", met: limit.map { stats.median <= $0 })
    }

    func latencyRow(_ name: String, _ stats: Stats) -> BenchmarkRow {
        BenchmarkRow(
            name: name, apix: BenchmarkFormat.latency(stats), reference: "—", ratio: "—",
            target: "≤ 16 ms median, ≤ 50 ms max",
            met: stats.samples.isEmpty ? nil : stats.median <= 0.016 && stats.max <= 0.05)
    }
}

/// Types `j` and `k` alternately into a pseudo-terminal from its own thread, every 30–70 ms, remembering when
/// each was typed so the loop that reads them can time them.
final class KeyTypist: Sendable {
    private let typed = Mutex<[Double]>([])
    private let running = Atomic<Bool>(true)
    private let done = Atomic<Bool>(false)

    init(terminal: PseudoTerminal) {
        let thread = Thread { [self] in
            var downward = true
            while running.load(ordering: .relaxed) {
                // Recorded under the lock before the write, so the reader never sees a key without its time.
                typed.withLock { $0.append(terminal.type(downward ? "j" : "k")) }
                downward.toggle()
                usleep(UInt32.random(in: 30_000...70_000))
            }
            done.store(true, ordering: .releasing)
        }
        thread.start()
    }

    /// When the oldest key not yet read was typed.
    func next() -> Double? {
        typed.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    func stop() {
        running.store(false, ordering: .relaxed)
        while !done.load(ordering: .acquiring) { usleep(1000) }
    }
}
