import Foundation
import TestSupport
import Testing

/// `apix test` checks and captures a 64 MiB JSON answer of the demo server reading the body in place (`JSONTape`):
/// its peak memory stays under three times the body's size, body included (a tree of it took several times that).
@Suite("apix test checks a large JSON body in bounded memory")
struct CheckMemoryTests {
    @Test("checks and a capture on a 64 MiB JSON body: every result right, peak memory under 3 times the body")
    func largeBody() async throws {
        let size = 64 << 20
        let records = (size - 1) / 513  // the demo's records are 512 bytes and a comma
        let folder = try TemporaryDirectory()
        try await withDemoServer { server in
            try """
            environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
            endpoints:
              - id: large
                path: /json/large
                query: { bytes: "\(size)" }
                capture:
                  first: { json: "$[0].name" }
                expect:
                  status: 200
                  json:
                    "$": { count: \(records) }
                    "$[0].id": 1
                    "$[-1].name": "item-\(records)"
            """.write(toFile: folder.path + "/large.yaml", atomically: true, encoding: .utf8)
            // Few checks: each one walks the body, slowly in a debug build (the bench's row runs eight, in release).
            let run = try MeasuredProcess(
                ["test", "large", "--profiles", folder.path],
                environment: ["XDG_STATE_HOME": folder.path + "/state", "NO_COLOR": "1"])
            let out = await run.finish()
            let output = String(decoding: out.stdout, as: UTF8.self) + out.stderr
            #expect(out.status == 0, "\(output)")
            #expect(!output.contains("✗"), "\(output)")
            let captures = try String(
                contentsOfFile: folder.path + "/state/apix/captures/large@local.json", encoding: .utf8)
            #expect(captures.contains("item-1"))
            #expect(
                out.peakResident > 0 && out.peakResident <= 3 * Int64(size), "peak RSS \(out.peakResident >> 20) MiB")
            print("apix test on a 64 MiB JSON body: peak RSS \(out.peakResident >> 20) MiB")
        }
    }
}
