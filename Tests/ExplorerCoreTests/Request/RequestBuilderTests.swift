import Foundation
import Testing

@testable import ExplorerCore

@Suite("Request building from profiles")
struct RequestBuilderTests {
    static let yaml = """
        variables: { user: base-user, greeting: "hi {{user}}", home: "{{env.HOME}}" }
        default_environment: local
        environments:
          local:
            base_url: "http://127.0.0.1:{{port}}/api/"
            headers: { X-Env: local, X-Layer: environment }
            variables: { port: "8080", user: env-user }
        headers: { Accept: application/json, X-Layer: profile, X-Drop: profile }
        timeout: 10
        endpoints:
          - id: get
            path: /todos/{id}
            params: { id: 1 }
            query: { expand: null, tags: [a, b], q: "{{greeting}}" }
            headers: { X-Layer: endpoint, x-drop: null, X-User: "{{user}}" }
            timeout: 0
            follow_redirects: false
          - id: json
            method: POST
            path: /echo
            body: { json: { name: "{{user}}", n: 1, f: 2.50, ok: true, none: null, quoted: "3", list: [1, "x"] } }
          - id: jsontext
            method: POST
            path: /echo
            body: { json: '{"raw": [1, 2]}' }
          - id: form
            method: POST
            path: /echo
            body: { form: { a: "x y", b: "1&2=3", c: null } }
          - id: text
            method: PUT
            path: /echo
            body: { text: "hello {{user}}", content_type: text/markdown }
          - id: file
            method: POST
            path: /upload
            body: { file: "@data/blob.bin" }
          - id: multi
            method: POST
            path: /upload
            body: { multipart: { note: hello, doc: "@data/blob.bin", at: "@@literal" } }
        """

    func builder() throws -> RequestBuilder {
        let profile = try ProfileLoader.parse(yaml: Self.yaml, file: "/profiles/demo.yaml", id: "demo").get()
        return try RequestBuilder(profile: profile, processEnvironment: ["HOME": "/home/me"])
    }

    @Test("URL, query (null dropped, lists repeated) and layered headers")
    func getRequest() throws {
        let request = try builder().request(
            endpoint: "get", overrides: RequestOverrides(params: ["id": "42"], headers: ["x-layer": "user"]))
        #expect(request.url == "http://127.0.0.1:8080/api/todos/42?tags=a&tags=b&q=hi%20env-user")
        #expect(request.headers["X-Layer"] == "user")
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.headers["X-Env"] == "local")
        #expect(request.headers["X-User"] == "env-user")
        #expect(!request.headers.contains("X-Drop"))
        #expect(request.headers.values(for: "x-layer").count == 1)
        #expect(request.options.timeout == nil)
        #expect(request.options.followRedirects == false)
    }

    @Test("user query items replace the profile's of the same name; an empty header value removes it")
    func userOverrides() throws {
        let request = try builder().request(
            endpoint: "get",
            overrides: RequestOverrides(
                query: [("tags", "z"), ("tags", "y"), ("expand", "full")], headers: ["Accept": ""]))
        #expect(request.url.hasSuffix("?q=hi%20env-user&tags=z&tags=y&expand=full"))
        #expect(!request.headers.contains("Accept"))
    }

    @Test("a JSON body keeps YAML types, key order and filled variables")
    func jsonBody() throws {
        let request = try builder().request(endpoint: "json")
        guard case .bytes(let data, let type) = request.body else {
            Issue.record("expected bytes")
            return
        }
        #expect(type == "application/json")
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"name":"env-user","n":1,"f":2.50,"ok":true,"none":null,"quoted":"3","list":[1,"x"]}"#)
        #expect(request.options.timeout == .seconds(10))
    }

    @Test("JSON written as text is sent verbatim")
    func jsonText() throws {
        guard case .bytes(let data, _) = try builder().request(endpoint: "jsontext").body else {
            Issue.record("expected bytes")
            return
        }
        #expect(String(decoding: data, as: UTF8.self) == #"{"raw": [1, 2]}"#)
    }

    @Test("JSON written as text that does not parse names JSON once, with its line and column")
    func jsonTextBroken() throws {
        let yaml = """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            endpoints:
              - { id: deep, method: POST, path: /, body: { json: '\(String(repeating: "[", count: 600) + String(repeating: "]", count: 600))' } }
            """
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/p/deep.yaml", id: "deep").get()
        let builder = try RequestBuilder(profile: profile, processEnvironment: [:])
        let result = Result { () throws(RequestBuildError) in try builder.plan(for: profile.endpoints[0]) }
        guard case .failure(let error) = result else {
            Issue.record("a broken JSON text was built")
            return
        }
        #expect(
            error.message
                == "/p/deep.yaml:3:54: invalid body: JSON error at line 1, column 513: nesting deeper than 512 levels")
    }

    @Test("form bodies are url-encoded and drop null fields")
    func formBody() throws {
        guard case .bytes(let data, let type) = try builder().request(endpoint: "form").body else {
            Issue.record("expected bytes")
            return
        }
        #expect(type == "application/x-www-form-urlencoded")
        #expect(String(decoding: data, as: UTF8.self) == "a=x+y&b=1%262%3D3")
    }

    @Test("text bodies carry their content type; file paths resolve against the profile's directory")
    func textAndFile() throws {
        let builder = try builder()
        #expect(
            try builder.request(endpoint: "text").body
                == .bytes(Data("hello env-user".utf8), contentType: "text/markdown"))
        #expect(
            try builder.request(endpoint: "file").body
                == .file(path: "/profiles/data/blob.bin", contentType: "application/octet-stream"))
    }

    @Test("multipart: @ names a file, @@ escapes a literal @")
    func multipart() throws {
        guard case .multipart(let body) = try builder().request(endpoint: "multi").body else {
            Issue.record("expected multipart")
            return
        }
        #expect(body.parts.map(\.name) == ["note", "doc", "at"])
        #expect(body.parts[1].content == .file(path: "/profiles/data/blob.bin", filename: nil, contentType: nil))
        #expect(body.parts[2].content == .text("@literal"))
    }

    @Test("an unknown variable at send time (a profile built in code) is an error naming it and where it is written")
    func unknownVariable() throws {
        var builder = try builder()
        let location = SourceLocation(file: "/profiles/demo.yaml", line: 43, column: 11)
        builder.profile.endpoints.append(Endpoint(id: "unknown", path: Template("/x/{{nope}}", location: location)))
        let error = try #require(throws: RequestBuildError.self) { try builder.request(endpoint: "unknown") }
        #expect(error.reason == .unknownVariable(name: "nope"))
        #expect(error.location?.line == 43)
    }

    @Test("user body text overrides the endpoint body, keeping its content type")
    func bodyOverride() throws {
        let request = try builder().request(endpoint: "json", overrides: RequestOverrides(body: .text("[1]")))
        #expect(request.body == .bytes(Data("[1]".utf8), contentType: "application/json"))
    }

    @Test("an unknown environment names the known ones")
    func unknownEnvironment() throws {
        let profile = try ProfileLoader.parse(yaml: Self.yaml, file: "/p/demo.yaml", id: "demo").get()
        #expect(throws: RequestBuildError(.unknownEnvironment("prod", known: ["local"]))) {
            try RequestBuilder(profile: profile, environment: "prod")
        }
    }
}
