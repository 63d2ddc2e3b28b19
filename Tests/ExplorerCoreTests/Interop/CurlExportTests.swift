import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// The exported curl command, run by the real curl, must make the demo API's `/echo` see what apix sent.
@Suite("curl export against the demo API")
struct CurlExportTests {
    static func profile(port: Int) -> String {
        """
        variables: { user: demo }
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        headers: { Accept: application/json }
        endpoints:
          - id: get
            path: /echo/items/{id}
            params: { id: "a b/ü" }
            query: { q: "x y&z", tags: [a, b], key: "{{token}}", drop: null }
            headers: { X-User: "{{user}}", Authorization: "Bearer {{token}}", X-Password: "{{password}}", X-Empty: "" }
          - id: json
            method: PUT
            path: /echo
            body: { json: { name: "{{user}}", secret: "{{token}}", n: [1, 2.5], "ü": null } }
          - id: form
            method: POST
            path: /echo
            body: { form: { a: "x y", b: "1&2=3", s: "{{token}}" } }
          - id: text
            method: PATCH
            path: /echo
            body: { text: "@not-a-file it's \\"quoted\\" $HOME `id`", content_type: text/plain }
          - id: file
            method: POST
            path: /echo
            body: { file: "@./data bin.dat" }
          - id: multipart
            method: POST
            path: /echo
            body: { multipart: { note: "hi {{user}}", doc: "@./data bin.dat", at: "@@lit" } }
          - id: delete
            method: DELETE
            path: /echo/1
          - id: head
            method: HEAD
            path: /echo
          - id: gzip
            path: /echo
            headers: { Accept-Encoding: gzip, Accept: null }
          - id: joined
            method: POST
            path: /echo
            headers:
              X-Joined: "a'\\u0301; echo PWNED; '"
              X-Mixed: "{{token}} \\"\\u0301; echo PWNED; `id`\\u0301 $\\u0301HOME \\\\\\u0301"
            body: { text: "b'\\u0301; echo PWNED; ' \\"\\u0301 `id`\\u0301", content_type: text/plain }
        """
    }

    /// A token-like secret (no character needs escaping anywhere) and a hostile one, used in headers only.
    static let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtZSJ9.s3cr3t-_~"
    static let password = "p4ss w'$x\"`\\"

    @Test(
        "each endpoint sent by curl matches what apix sends",
        arguments: [
            "get", "json", "form", "text", "file", "multipart", "delete", "head", "gzip",
            // Quotes joined to a combining mark (`'` + U+0301 is one character): escaped all the same, so the
            // pasted command runs no `echo PWNED`.
            "joined",
        ])
    func sameRequest(_ id: String) async throws {
        let directory = try TemporaryDirectory()
        try directory.write("data bin.dat", "binary-ish \u{1}\u{2} data\n")
        try await withDemoServer { server in
            let file = try directory.write("export.yaml", Self.profile(port: server.port))
            try directory.write(
                "export.secrets.yaml",
                """
                variables:
                  token: \(Self.token)
                  password: \(ProfileEmitter.quoted(Self.password, asString: true))
                """)
            let profile = try ProfileLoader.load(file: file).get()
            var builder = try RequestBuilder(profile: profile)
            let sent = try builder.request(endpoint: id)
            builder.maskStyle = .marker
            let command = CurlCommandLine.render(try builder.request(endpoint: id, masking: true))
            #expect(!command.contains("s3cr3t") && !command.contains("p4ss"), "secrets must not appear in the export")
            let viaCurl = try await Shell.run(command, environment: ["TOKEN": Self.token, "PASSWORD": Self.password])
            #expect(viaCurl.status == 0, "\(command)\n\(viaCurl.stderr)")
            let viaApix = try await Client().send(sent).response()

            if id == "head" {
                #expect(viaApix.statusCode == 200)
                #expect(String(decoding: viaCurl.stdout, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
                return
            }
            let apix = try viaApix.echo()
            let curl = try JSONValue.parse(viaCurl.stdout)
            #expect(curl["method"] == apix["method"])
            #expect(curl["path"] == apix["path"])
            #expect(curl["raw_query"] == apix["raw_query"])
            let contentType = apix["content_type"]?.stringValue ?? ""
            if contentType.hasPrefix("multipart/form-data") {
                // curl picks its own boundary: compare the parts, not the bytes.
                let apixParts = Self.parts(apix["body"]?.stringValue ?? "", contentType: contentType)
                let curlParts = Self.parts(
                    curl["body"]?.stringValue ?? "", contentType: curl["content_type"]?.stringValue ?? "")
                #expect(apixParts.count == 3)
                #expect(curlParts == apixParts)
                #expect(Self.headers(curl, multipart: true) == Self.headers(apix, multipart: true))
            } else {
                #expect(curl["body"] == apix["body"])
                #expect(curl["body_crc32"] == apix["body_crc32"])
                #expect(Self.headers(curl, multipart: false) == Self.headers(apix, multipart: false))
            }
        }
    }

    @Test("--reveal style (no masking) prints the secret itself; masked exports name shell variables")
    func reveal() throws {
        let profile = try ProfileLoader.parse(
            yaml: """
                environments: { local: { base_url: "http://h" } }
                variables: { token: t0ken }
                endpoints: [ { id: a, path: /a, headers: { X-Key: "{{token}}", X-Home: "{{env.HOME}}" } } ]
                """, file: "/p/s.yaml", id: "s"
        ).get()
        var secret = profile
        secret.secretNames = ["token"]
        var builder = try RequestBuilder(profile: secret, processEnvironment: ["HOME": "/home/me"])
        #expect(CurlCommandLine.render(try builder.request(endpoint: "a")).contains("'X-Key: t0ken'"))
        builder.maskStyle = .marker
        let masked = try builder.request(endpoint: "a", masking: true)
        let command = CurlCommandLine.render(masked)
        #expect(command.contains("-H \"X-Key: ${TOKEN}\""))
        #expect(command.contains("-H \"X-Home: ${HOME}\""))
        #expect(CurlCommandLine.shellVariables(in: masked) == ["TOKEN", "HOME"])
    }

    /// Header fields as sorted `name: value` lines (names lower-cased), boundaries blanked for multipart.
    static func headers(_ echo: JSONValue, multipart: Bool) -> [String] {
        echo["headers"]?.pairs.compactMap { name, value in
            let lower = name.lowercased()
            if multipart, lower == "content-length" { return nil }
            if multipart, lower == "content-type" { return "content-type: multipart/form-data" }
            return "\(lower): \(value)"
        }.sorted() ?? []
    }

    /// Each part's headers and content, boundary stripped.
    static func parts(_ body: String, contentType: String) -> [String] {
        guard let boundary = contentType.components(separatedBy: "boundary=").last else { return [] }
        return body.components(separatedBy: "--\(boundary)").dropFirst().dropLast().map { part in
            part.trimmingCharacters(in: .newlines)
        }
    }
}
