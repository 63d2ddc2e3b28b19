import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import TUI

/// The real runtime loop (keys, inbox, ticks, effects, redraws) on a headless terminal, sending to the demo API on
/// 127.0.0.1: keys go in through `HeadlessBackend`, the screen is read back as text.
@Suite("Runtime on a headless terminal")
@MainActor
struct RuntimeHeadlessTests {
    /// One small JSON answer, and a slow download (1 MiB over 30 s) whose bar moves while it runs.
    nonisolated static func profile(port: Int) -> String {
        """
        name: Headless
        default_environment: local
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        endpoints:
          - id: todo
            path: /todos/1
          - id: slow
            path: /drip
            query: { bytes: 1048576, duration: 30 }
          - id: saved
            path: /drip
            query: { bytes: 1048576, duration: 30 }
            download: { to: saved.bin }

        """
    }

    /// A running loop and what the test drives it with.
    @MainActor
    struct Session {
        let backend: HeadlessBackend
        let client: Client
        let loop: Task<Void, any Error>
        /// The profile's directory (where `saved` downloads to).
        var directory = ""
        /// The demo API's port.
        var port = 0

        /// Waits (bounded) for the loop to end after a quit, and reports whether it did (without an error).
        func ended() async -> Bool {
            // A bound, not a speed check: in a full run the shared pool can be busy with other suites for seconds
            // (10 s was missed there), and a loop that ends returns at once.
            let deadline = ContinuousClock.now + .seconds(60)
            while backend.isActive && ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(10))
            }
            guard !backend.isActive else { return false }
            return (try? await loop.value) != nil
        }
    }

    /// Starts the runtime on a fresh demo server with the small profile, hands the session to `body`, and always
    /// ends the loop (with `q`, then a termination request if that did not do it).
    func withRuntime(
        width: Int = 100, height: Int = 30, client: Client = Client(),
        profile: (_ port: Int) -> String = RuntimeHeadlessTests.profile, _ body: (Session) async throws -> Void
    ) async throws {
        try await withDemoServer { server in
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("apix-runtime-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try profile(server.port)
                .write(toFile: directory + "/headless.yaml", atomically: true, encoding: .utf8)
            let catalog = ProfileLoader.load(directory: directory)
            try #require(catalog.problems.isEmpty, "\(catalog.problems)")
            let backend = HeadlessBackend(width: width, height: height)
            let runtime = Runtime(
                state: AppState(
                    catalog: catalog, profileDirectory: directory,
                    processEnvironment: ["XDG_STATE_HOME": directory + "/state"], now: .now),
                client: client, auth: nil, saver: nil, log: LogFile(directory: directory), backend: backend)
            let session = Session(
                backend: backend, client: client, loop: Task { try await runtime.run() }, directory: directory,
                port: server.port)
            do {
                try #require(await backend.waitForScreen(containing: "env: local") != nil, "the first frame")
                try await body(session)
            } catch {
                await Self.end(session)
                throw error
            }
            await Self.end(session)
        }
    }

    @Test("Enter sends the selected endpoint and the frame shows its status line and body; q ends the loop")
    func sendAndQuit() async throws {
        try await withRuntime { session in
            let frames = session.backend.frameCount
            session.backend.press(.enter)
            let shown = await session.backend.waitForScreen(containing: "200 OK", #""title":"#)
            #expect(shown != nil, "status line and body, got:\n\(session.backend.screenText)")
            #expect(session.backend.frameCount > frames)
            session.backend.press(.character("q"))
            #expect(await session.ended())
        }
    }

    @Test("a resize redraws the screen at the new size")
    func resize() async throws {
        try await withRuntime(width: 100, height: 30) { session in
            #expect(session.backend.lastFrame?.width == 100)
            session.backend.resize(width: 50, height: 12)
            let small = await session.backend.waitForScreen(containing: "Terminal too small")
            #expect(small?.width == 50 && small?.height == 12)
            session.backend.resize(width: 120, height: 40)
            let large = await session.backend.waitForScreen(containing: "Endpoints (")
            #expect(large?.width == 120 && large?.height == 40)
            session.backend.press(.character("q"))
            #expect(await session.ended())
        }
    }

    @Test("a download's progress reaches the screen while it runs, and quitting cancels it")
    func progressAndCancelOnQuit() async throws {
        try await withRuntime { session in
            session.backend.press(.down, .enter)
            let moving = await session.backend.waitForFrame(timeout: .seconds(25)) { frame in
                guard let done = Self.downloaded(frame.text) else { return false }
                return done != "0 B"
            }
            #expect(moving != nil, "a moving download bar, got:\n\(session.backend.screenText)")
            #expect(session.client.scheduler.snapshot.running[.interactive] == 1)
            // A running transfer makes q ask first; q again quits.
            session.backend.press(.character("q"))
            #expect(await session.backend.waitForScreen(containing: "quit? 1 running transfer cancelled") != nil)
            session.backend.press(.character("q"))
            #expect(await session.ended())
            // The drip would hold its slot for 30 s; cancelled, it gives it back at once.
            #expect(await Self.eventually { session.client.scheduler.snapshot.running[.interactive] == 0 })
        }
    }

    @Test("quitting during a download to a file removes its NAME.part before the process ends")
    func quitRemovesPartialDownload() async throws {
        try await withRuntime { session in
            let part = session.directory + "/saved.bin.part"
            session.backend.press(.down, .down, .enter)
            #expect(await Self.eventually { FileManager.default.fileExists(atPath: part) }, "the download started")
            session.backend.press(.character("q"))
            #expect(await session.backend.waitForScreen(containing: "quit? 1 running transfer cancelled") != nil)
            session.backend.press(.character("q"))
            #expect(await session.ended())
            #expect(!FileManager.default.fileExists(atPath: part))
            #expect(!FileManager.default.fileExists(atPath: session.directory + "/saved.bin"))
        }
    }

    @Test("an endpoint that downloads into a missing directory is not sent: the screen says why, no todo is made")
    func downloadIntoMissingDirectory() async throws {
        let profile: (Int) -> String = { port in
            """
            default_environment: local
            environments:
              local: { base_url: "http://127.0.0.1:\(port)" }
            endpoints:
              - id: create
                method: POST
                path: /todos
                body: { json: { title: nowhere } }
                download: { to: missing/created.json }

            """
        }
        try await withRuntime(width: 140, profile: profile) { session in
            session.backend.press(.enter)
            let shown = await session.backend.waitForScreen(containing: "nothing was sent")
            #expect(shown != nil, "got:\n\(session.backend.screenText)")
            #expect(session.backend.screenText.contains("/missing/created.json: no directory"))
            let todos = try await Client().send(PreparedRequest(url: "http://127.0.0.1:\(session.port)/todos")).get()
            #expect(!String(decoding: try todos.body.data(), as: UTF8.self).contains("nowhere"))
            session.backend.press(.character("q"))
            #expect(await session.ended())
        }
    }

    @Test("the Request tab shows the jar's Cookie as it went, in this process's order; masked until V")
    func jarCookieOnTheRequestTab() async throws {
        let profile: (Int) -> String = { port in
            """
            default_environment: local
            environments:
              local: { base_url: "http://127.0.0.1:\(port)" }
            endpoints:
              - { id: first, path: /cookies/set, query: { a: "alpha-1", bb: "beta-22", c: "gamma-3" } }
              - { id: later, path: /cookies/set, query: { d: "delta-4", a: "alpha-5" } }
              - { id: echo, path: /cookies }

            """
        }
        try await withRuntime(width: 140, height: 40, profile: profile) { session in
            session.backend.press(.enter)
            #expect(await session.backend.waitForScreen(containing: "gamma-3") != nil)
            session.backend.press(.character("j"))
            session.backend.press(.enter)
            #expect(await session.backend.waitForScreen(containing: "delta-4") != nil)
            session.backend.press(.character("j"))
            session.backend.press(.enter)
            // What the server received, as /cookies says it: its `Cookie` field's pairs, in order.
            let body = try #require(await session.backend.waitForScreen(containing: "\"cookies\"", "\"bb\": "))
            let received = body.text.split(separator: "\n").compactMap { line -> String? in
                let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
                guard quoted.count >= 5, quoted[2].hasPrefix(": "), ["a", "bb", "c", "d"].contains(String(quoted[1]))
                else { return nil }
                return "\(quoted[1])=\(quoted[3])"
            }.joined(separator: "; ")
            session.backend.press(.tab)
            session.backend.press(.tab)
            session.backend.press(.character("4"))
            let masked = await session.backend.waitForScreen(containing: "Cookie: " + RequestCookies.masked(received))
            #expect(masked != nil, "got:\n\(session.backend.screenText)")
            session.backend.press(.character("V"))
            let clear = await session.backend.waitForScreen(containing: "Cookie: " + received)
            #expect(clear != nil, "got:\n\(session.backend.screenText)")
            #expect(received.components(separatedBy: "; ").count == 4)
            session.backend.press(.character("q"))
            #expect(await session.ended())
        }
    }

    @Test("the status bar counts queued requests as the scheduler reports them, and quitting cancels them all")
    func queuedRequests() async throws {
        let client = Client(scheduler: RequestScheduler(interactive: SchedulerLimits(concurrency: 1, perHost: 1)))
        try await withRuntime(client: client) { session in
            session.backend.press(.down, .enter)
            #expect(await session.backend.waitForScreen(containing: "⟳ 1 running") != nil)
            session.backend.press(.up, .enter)
            let queued = await session.backend.waitForScreen(containing: "⟳ 2 running, 1 queued")
            #expect(queued != nil, "a queued count, got:\n\(session.backend.screenText)")
            session.backend.press(.character("q"), .character("y"))
            #expect(await session.ended())
            #expect(
                await Self.eventually {
                    let snapshot = client.scheduler.snapshot
                    return snapshot.running[.interactive] == 0 && snapshot.waiting[.interactive] == 0
                })
        }
    }

    @Test("a termination request (SIGTERM on a real terminal) ends the loop and gives the terminal back")
    func termination() async throws {
        try await withRuntime { session in
            session.backend.requestTermination()
            #expect(await session.ended())
            #expect(!session.backend.isActive)
        }
    }

    /// Ends a loop a test left running (it failed half-way), so it never outlives its server.
    static func end(_ session: Session) async {
        guard session.backend.isActive else { return }
        session.backend.requestTermination()
        _ = await session.ended()
    }

    /// The bytes-done figure of the download bar on screen, nil when there is none.
    static func downloaded(_ screen: String) -> String? {
        let figure = #"↓ \[[█░]+\] ([0-9.]+ (?:B|KiB|MiB)) / 1\.00 MiB"#
        guard let match = screen.range(of: figure, options: .regularExpression) else { return nil }
        return screen[match].components(separatedBy: "] ").last?.components(separatedBy: " / ").first
    }

    /// Waits (at most 5 s) until `condition` holds; returns whether it did.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}
