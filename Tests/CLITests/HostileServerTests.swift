import Foundation
import HostileServer
import TestSupport
import Testing

/// The real `apix run` against every answer of the hostile server (`HostileRoutes`), on a pipe and on a
/// pseudo-terminal: the exit status, the one message line, the peak memory of the child (VmHWM, sampled from
/// `/proc`), and that nothing that steers a terminal reached stderr (or, on a terminal, the screen).
@Suite("hostile servers: apix run", .serialized)
struct HostileServerTests {
    @Test("apix run survives a hostile answer as the table says", arguments: HostileCases.enabled)
    func hostileAnswer(_ hostile: HostileCase) async throws {
        try await Self.check(hostile)
    }

    static func check(_ hostile: HostileCase) async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        for (name, text) in HostileCases.profiles(port: server.port) {
            try text.write(toFile: directory.path + "/\(name).yaml", atomically: true, encoding: .utf8)
        }
        let scratch = try TemporaryDirectory()
        let extra = hostile.arguments.map { $0.replacingOccurrences(of: "{dir}", with: scratch.path) }
        let arguments =
            [ApixProcess.binary, "run", hostile.profile, hostile.route] + extra + ["--profiles", directory.path]
        let environment = ["XDG_STATE_HOME": state.path, "NO_COLOR": "1", "TMPDIR": state.path]
        for output in hostile.outputs {
            let result = try await ChildProcess.run(
                arguments, environment: environment, terminal: output == .terminal, timeout: hostile.timeout)
            let shown = output == .terminal ? result.stdoutText : result.stderrText
            let context =
                "\(hostile) on a \(output): status \(result.status), \(result.seconds) s, shown:\n"
                + String(shown.prefix(2000)).debugDescription
            #expect(!result.timedOut, "\(context)")
            #expect(result.status == hostile.status, "\(context)")
            // An empty message: nothing at all on stderr (`--json` says everything on stdout).
            #expect(hostile.message.isEmpty ? shown.isEmpty : shown.contains(hostile.message), "\(context)")
            // A run that ends within a few sampling periods may exit (its memory gone) before the first sample.
            #expect(result.peakKiB > 0 || result.seconds < 0.5, "\(hostile) on a \(output): no VmHWM sample")
            let peakMiB = result.peakKiB / 1024
            #expect(peakMiB <= hostile.peakMiB, "\(hostile) on a \(output): peak \(peakMiB) MiB")
            let unsafe =
                output == .terminal
                ? TerminalSafety.unsafeScalars(in: result.stdout, truncated: result.stdoutBytes > result.stdout.count)
                : TerminalSafety.unsafeScalars(in: result.stderr)
            #expect(unsafe.isEmpty, "\(context)\nunsafe: \(unsafe)")
            if output == .pipe, let expected = hostile.stdout {
                #expect(result.stdoutText.hasPrefix(expected), "\(context)\nstdout: \(result.stdoutText.prefix(200))")
            }
            if output == .pipe {
                // One message line at most besides the status line.
                let lines = result.stderrText.split(separator: "\n").filter { !$0.hasPrefix("HTTP/") }
                #expect(lines.count <= 1, "\(context)")
            }
        }
        // No spool or partial file left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: state.path).filter { $0.hasPrefix("apix-") }
        #expect(left.isEmpty, "\(hostile): left \(left)")
    }
}
