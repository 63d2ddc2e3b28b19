import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The bytes of a request body: the TUI sends what `apix run` sends for the same endpoint, and a one-off sends
/// the body it was given (issue 25, defect 4). The demo API's echo route counts and checksums what arrived.
extension RuntimeHeadlessTests {
    nonisolated static func bodiesProfile(port: Int) -> String {
        """
        name: Bodies
        default_environment: local
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        endpoints:
          - id: structured
            method: POST
            path: /echo/structured
            body:
              json: { title: "Try apix", n: [1, 2.50], nested: { ok: true, none: null } }

        """
    }

    /// `"body_bytes": N` and `"body_crc32": "…"` in an echo answer, as shown (pretty) or printed (compact).
    static func echoedBody(_ text: String) -> (bytes: Int, crc: String)? {
        guard let bytes = text.firstMatch(of: /"body_bytes": ?(\d+)/), let count = Int(bytes.1),
            let crc = text.firstMatch(of: /"body_crc32": ?"([0-9a-f]+)"/)
        else { return nil }
        return (count, String(crc.1))
    }

    @Test("a saved json: body goes out from the TUI as the same bytes as from apix run")
    func structuredBodyAgreesWithRun() async throws {
        try await withRuntime(width: 120, height: 90, profile: Self.bodiesProfile) { session in
            session.backend.press(.enter)
            let shown = await session.backend.waitForFrame(timeout: .seconds(90)) { Self.echoedBody($0.text) != nil }
            let tui = try #require(shown.flatMap { Self.echoedBody($0.text) }, "\(session.backend.screenText)")
            let run = try await TmuxSession.spawnAside(
                [TmuxSession.apix, "run", "headless", "structured", "--profiles", session.directory, "--no-history"],
                capture: true)
            #expect(run.status == 0, "\(run.output)")
            let cli = try #require(Self.echoedBody(run.output), "\(run.output)")
            #expect(tui.bytes == cli.bytes)
            #expect(tui.crc == cli.crc)
            session.backend.press(.character("q"))
            #expect(await session.ended())
        }
    }

    @Test("a one-off curl --data-raw JSON body is sent byte for byte, not pretty-printed")
    func oneOffBodyByteForByte() async throws {
        try await withRuntime(width: 120, height: 90, profile: Self.bodiesProfile) { session in
            let given = #"{"k":"v","n":[1,2]}"#
            let spaced = #"{"k": "v",  "n": [1, 2]}"#
            for (number, body) in [given, spaced].enumerated() {
                session.backend.type("o")
                #expect(
                    await session.backend.waitForScreen(containing: "Request (a URL or a curl command line)") != nil)
                session.backend.type(
                    "curl -H 'Content-Type: application/json' --data-raw '\(body)' http://127.0.0.1:\(session.port)/echo/oneoff\(number)"
                )
                session.backend.press(.enter)
                let shown = await session.backend.waitForFrame(timeout: .seconds(90)) { frame in
                    frame.text.contains(#""path": "/echo/oneoff\#(number)""#) && Self.echoedBody(frame.text) != nil
                }
                let echoed = try #require(shown.flatMap { Self.echoedBody($0.text) }, "\(session.backend.screenText)")
                #expect(echoed.bytes == body.utf8.count)
                // The echo shows the text that arrived as a JSON string.
                let escaped = body.replacingOccurrences(of: "\"", with: "\\\"")
                #expect(session.backend.screenText.contains(#""body": "\#(escaped)""#), "\(session.backend.screenText)")
            }
            // One-off requests are not unsaved edits until kept (issue 25): q quits at once.
            session.backend.press(.character("q"))
            #expect(await session.ended())
        }
    }
}
