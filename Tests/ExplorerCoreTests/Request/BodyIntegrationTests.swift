import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Every body kind, built from a profile and checked against what the demo API's `/echo` received.
@Suite("Request bodies against the demo API")
struct BodyIntegrationTests {
    func profileYAML(port: Int) -> String {
        """
        environments:
          local: { base_url: "http://127.0.0.1:\(port)", headers: { X-Env: local } }
        headers: { X-Profile: p, X-Layer: profile }
        endpoints:
          - id: json
            method: POST
            path: /echo/{name}
            params: { name: "a b" }
            query: { drop: null, tag: [x, "y z"], uni: "日本" }
            headers: { X-Layer: endpoint }
            body: { json: { title: "ünïcode ✓", n: 3, ok: true, list: [1, null] } }
          - id: form
            method: PUT
            path: /echo
            body: { form: { a: "x y", b: "1&2" } }
          - id: text
            method: PATCH
            path: /echo
            body: { text: "line1\\nline2", content_type: text/markdown }
          - id: file
            method: POST
            path: /echo
            body: { file: "@blob.bin", content_type: application/octet-stream }
          - id: multipart
            method: POST
            path: /echo
            body: { multipart: { note: hello, doc: "@note.txt", "q\\"\\u0301\\r\\nX: 1": joined } }
        """
    }

    @Test("JSON bodies, path params, query and layered headers arrive as built")
    func jsonBody() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            let file = try directory.write("demo.yaml", profileYAML(port: server.port))
            let profile = try ProfileLoader.load(file: file).get()
            let request = try RequestBuilder(profile: profile).request(
                endpoint: "json", overrides: RequestOverrides(headers: ["X-User": "me"]))
            let echo = try await Client().send(request).response().echo()
            #expect(echo["method"]?.stringValue == "POST")
            #expect(echo["path"]?.stringValue == "/echo/a%20b" || echo["path"]?.stringValue == "/echo/a b")
            let query = echo["query"]?.pairs ?? []
            #expect(query.map(\.0) == ["tag", "tag", "uni"])
            #expect(query.map(\.1) == ["x", "y z", "日本"])
            let headers = echo["headers"]
            #expect(headers?.header("X-Layer") == "endpoint")
            #expect(headers?.header("X-Profile") == "p")
            #expect(headers?.header("X-Env") == "local")
            #expect(headers?.header("X-User") == "me")
            #expect(headers?.header("Content-Type") == "application/json")
            let sent = try JSONValue.parse(#require(echo["body"]?.stringValue))
            #expect(sent == ["title": "ünïcode ✓", "n": 3, "ok": true, "list": [1, .null]])
        }
    }

    @Test("form, text, file and multipart bodies arrive byte for byte")
    func otherBodies() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("note.txt", "note contents")
        let blob = try directory.writePattern("blob.bin", size: 100_000)
        try await withDemoServer { server in
            let file = try directory.write("demo.yaml", profileYAML(port: server.port))
            let builder = try RequestBuilder(profile: ProfileLoader.load(file: file).get())
            let client = Client()

            let form = try await client.send(builder.request(endpoint: "form")).response().echo()
            #expect(form["method"]?.stringValue == "PUT")
            #expect(form["body"]?.stringValue == "a=x+y&b=1%262")
            #expect(form["headers"]?.header("Content-Type") == "application/x-www-form-urlencoded")

            let text = try await client.send(builder.request(endpoint: "text")).response().echo()
            #expect(text["method"]?.stringValue == "PATCH")
            #expect(text["body"]?.stringValue == "line1\nline2")
            #expect(text["headers"]?.header("Content-Type") == "text/markdown")

            let binary = try await client.send(builder.request(endpoint: "file")).response().echo()
            #expect(binary["body_bytes"]?.intValue == 100_000)
            let expected = try Data(contentsOf: URL(fileURLWithPath: blob))
            let received =
                binary["body_base64"]?.stringValue.flatMap { Data(base64Encoded: $0) }
                ?? binary["body"]?.stringValue.map { Data($0.utf8) }
            #expect(received == expected)

            let request = try builder.request(endpoint: "multipart")
            let multipart = try await client.send(request).response().echo()
            let body = try #require(multipart["body"]?.stringValue)
            guard case .multipart(let built) = request.body else {
                Issue.record("expected a multipart body")
                return
            }
            #expect(multipart["headers"]?.header("Content-Type") == "multipart/form-data; boundary=\(built.boundary)")
            #expect(body.contains("Content-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n"))
            #expect(
                body.contains(
                    "name=\"doc\"; filename=\"note.txt\"\r\nContent-Type: text/plain\r\n\r\nnote contents\r\n"))
            // A quote joined to a combining mark (one character) is escaped too: the name stays one parameter.
            #expect(body.contains("Content-Disposition: form-data; name=\"q%22\u{301}%0D%0AX: 1\"\r\n\r\njoined\r\n"))
            #expect(body.hasSuffix("--\(built.boundary)--\r\n"))
        }
    }
}
