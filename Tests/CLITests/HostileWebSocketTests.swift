import Foundation
import HostileServer
import TestSupport
import Testing

/// The real `apix ws` against the hostile server's raw-frame routes (`HostileRoutes.webSocket`), on a pipe (stdin
/// ends at once: apix has sent its close when the bad frame comes) and on a pseudo-terminal (stdin stays open:
/// the violation's own close goes out): the exit status, the close line, bounded memory, nothing that steers a
/// terminal.
@Suite("hostile servers: apix ws", .serialized)
struct HostileWebSocketTests {
    struct Case: Sendable, CustomStringConvertible {
        var route: String
        var arguments: [String] = []
        var status: Int32
        var message: String
        var peakMiB = 100
        var timeout = 20.0
        var description: String { ([route] + arguments).joined(separator: " ") }
    }

    static let cases: [Case] = [
        // RFC 6455 §5.1
        Case(route: "ws-masked", status: 8, message: "server frame is masked"),
        // §5.2
        Case(route: "ws-reserved-opcode", status: 8, message: "reserved opcode 0x3"),
        Case(route: "ws-rsv-bits", status: 8, message: "RSV2/RSV3"),
        Case(route: "ws-huge-length", status: 8, message: "top bit set"),
        // §5.5
        Case(route: "ws-fragmented-ping", status: 8, message: "fragmented ping frame"),
        Case(route: "ws-long-ping", status: 8, message: "ping frame of 126 bytes"),
        // §8.1
        Case(route: "ws-invalid-utf8", status: 8, message: "1007"),
        // §10.4
        Case(route: "ws-oversized", arguments: ["--max-message", "1MiB"], status: 8, message: "1009"),
        // RFC 7692 §7.2.2, with a bound: 256 MiB of zeros in about 256 KiB
        Case(route: "ws-deflate-bomb", arguments: ["--max-message", "1MiB"], status: 8, message: "1009"),
        // §7.1.1: apix's close is never answered; the wait is bounded (5 s)
        Case(route: "ws-never-closes", arguments: ["--idle", "1"], status: 56, message: "did not answer the close"),
        // §7.1.1: a server still sending after apix's close is waited for while it talks (silence ends the wait)...
        Case(route: "ws-slow-close", status: 0, message: ": 1000"),
        // ...up to a ceiling (30 s, or --timeout when shorter)
        Case(
            route: "ws-endless-pings", arguments: ["--idle", "1", "--timeout", "3"], status: 56,
            message: "kept sending for 3 s without answering the close"),
        // §5.5.3: 200,000 pings; the pongs do not pile up
        Case(route: "ws-ping-flood", status: 0, message: ": 1000"),
        // Escapes in a message and in the close reason reach the terminal escaped
        Case(route: "ws-escapes", status: 9, message: ": 4000"),
    ]

    @Test("apix ws ends a hostile session with the right close, bounded memory, a clean terminal", arguments: cases)
    func hostile(_ hostile: Case) async throws {
        if hostile.route == "ws-deflate-bomb" { #expect(!HostileRoutes.deflateBomb.isEmpty) }  // made before apix waits
        let server = try HostileServer()
        defer { server.stop() }
        let state = try TemporaryDirectory()
        let arguments =
            [ApixProcess.binary, "ws", "ws://127.0.0.1:\(server.port)/\(hostile.route)"] + hostile.arguments
        let environment = ["XDG_STATE_HOME": state.path, "NO_COLOR": "1", "TMPDIR": state.path]
        for terminal in [false, true] {
            let result = try await ChildProcess.run(
                arguments, environment: environment, terminal: terminal, timeout: hostile.timeout)
            let shown = terminal ? result.stdoutText : result.stderrText
            let context =
                "\(hostile) on a \(terminal ? "terminal" : "pipe"): status \(result.status), \(result.seconds) s:\n"
                + String(shown.prefix(2000)).debugDescription
            #expect(!result.timedOut, "\(context)")
            #expect(result.status == hostile.status, "\(context)")
            #expect(shown.contains(hostile.message), "\(context)")
            // The rises say when a peak came and whether it was held (seen once in CI: 374 MiB on `ws-masked` on a
            // terminal, never again in 60 runs here).
            let rises = result.peakRises.map {
                String(format: "%.3f s %d/%d KiB", $0.seconds, $0.highWaterKiB, $0.residentKiB)
            }
            #expect(
                result.peakKiB / 1024 <= hostile.peakMiB,
                "\(context): peak \(result.peakKiB / 1024) MiB; rises (VmHWM/VmRSS): \(rises.joined(separator: ", "))")
            let unsafe =
                terminal
                ? TerminalSafety.unsafeScalars(in: result.stdout, truncated: result.stdoutBytes > result.stdout.count)
                : TerminalSafety.unsafeScalars(in: result.stderr)
            #expect(unsafe.isEmpty, "\(context)\nunsafe: \(unsafe)")
        }
    }
}
