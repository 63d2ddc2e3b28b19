import DemoAPI
import ExplorerCore
import Foundation

/// A short scripted walk through the demo profile, printed to stdout: what `apix demo` shows until the
/// terminal UI takes its place.
struct DemoTour {
    let server: RunningDemoServer
    let profiles: ProfileOptions

    static let stops: [(endpoint: String, params: [String: String], note: String)] = [
        ("todos.list", [:], "list todos"),
        ("todos.get", ["id": "2"], "one todo, path placeholder filled"),
        ("echo.post", [:], "JSON body echoed back"),
        ("redirect.chain", [:], "three redirects followed"),
        ("bytes.download", ["n": "8388608"], "8 MiB streamed download"),
        ("status.teapot", [:], "a 4xx is a response, not an error"),
    ]

    func run() async throws {
        let profile = try profiles.profile("demo")
        let builder = try RequestBuilder(profile: profile)
        let client = Client()
        print("apix demo: the demo API is running on \(server.baseURL)\n")
        for stop in Self.stops {
            var overrides = RequestOverrides(params: stop.params, variables: ["port": String(server.port)])
            overrides.downloadTo = stop.endpoint == "bytes.download" ? "/dev/null" : nil
            let request = try builder.request(endpoint: stop.endpoint, overrides: overrides)
            print("$ apix run demo \(stop.endpoint)   # \(stop.note)")
            print("  \(request.method) \(request.url)")
            switch await client.send(request) {
            case .success(let response):
                let m = response.metrics
                print("  → \(response.statusLine)  \(Units.bytes(response.body.count))  total \(Units.duration(m.total))"
                    + "  (dns \(Units.duration(m.dns)), connect \(Units.duration(m.connect)), first byte "
                    + "\(Units.duration(m.firstByte)), transfer \(Units.duration(m.transfer)), redirects \(m.redirects))")
                if let text = response.text(limit: 160), response.body.filePath == nil {
                    print("  " + SafeText.escape(text.prefix(120)) + (text.count > 120 ? "…" : ""))
                }
            case .failure(let error):
                print("  → \(error.description)")
            }
            print("")
        }
        print("Try it yourself: apix demo --serve, then apix run demo todos.get -p id=3 --var port=8080 --timings")
    }
}
