import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

@Suite("Profile loading")
struct ProfileLoaderTests {
    static let valid = """
        name: Demo API
        default_environment: local
        environments:
          local: { base_url: "http://127.0.0.1:8080", headers: { X-Env: local }, variables: { user: demo } }
          staging:
            base_url: https://staging.example.com/api
        headers: { Accept: application/json }
        timeout: 10
        endpoints:
          - id: todos.get
            name: Get one todo
            method: get
            path: /todos/{id}
            params: { id: 1 }
            query: { expand: null, tags: [a, b] }
            headers: { X-Trace: "{{user}}" }
          - id: files.upload
            method: POST
            path: /files
            body: { multipart: { file: "@./big.bin", note: hello } }
        """

    func parse(_ yaml: String) -> Result<Profile, ProfileLoadFailure> {
        ProfileLoader.parse(yaml: yaml, file: "/p/demo.yaml", id: "demo")
    }

    func problems(_ yaml: String) -> [ProfileProblem] {
        if case .failure(let failure) = parse(yaml) { return failure.problems }
        return []
    }

    @Test("the issue's example loads with every field")
    func loadsExample() throws {
        let profile = try parse(Self.valid).get()
        #expect(profile.name == "Demo API")
        #expect(profile.defaultEnvironment == "local")
        #expect(profile.environments.map(\.name) == ["local", "staging"])
        #expect(profile.transfer.timeout == .seconds(10))
        let get = try #require(profile.endpoint("todos.get"))
        #expect(get.method == .get)
        #expect(get.placeholders == ["id"])
        #expect(get.query.map(\.name) == ["expand", "tags"])
        #expect(get.query[0].values == nil)
        #expect(get.query[1].values?.map(\.raw) == ["a", "b"])
        #expect(get.location?.line == 10)
        let upload = try #require(profile.endpoint("files.upload"))
        guard case .multipart(let parts) = upload.body else {
            Issue.record("expected a multipart body")
            return
        }
        #expect(parts.map(\.name) == ["file", "note"])
    }

    @Test("a syntax error names its line and column")
    func syntaxError() {
        let found = problems("name: x\nenvironments:\n  local: { base_url: \"http://h\"\n")
        #expect(found.count == 1)
        #expect(found.first?.location.line == 4)
        #expect(found.first?.message.contains("YAML syntax error") == true)
    }

    @Test("{{…}} unquoted inside a flow mapping: the syntax error says to quote it; another flow error does not")
    func flowPlaceholder() {
        let found = problems(
            "environments: { local: { base_url: \"http://h\" } }\nendpoints:\n  - { id: a, path: /users/{{id}} }\n")
        #expect(found.count == 1)
        #expect(found.first?.location.line == 3)
        #expect(
            found.first?.message.hasSuffix(
                "; inside `{ … }` or `[ … ]` a value holding {{…}} goes in quotes: path: \"/users/{{id}}\"") == true,
            "\(found)")
        let other = problems("environments: { local: { base_url: \"http://h\" } }\nendpoints:\n  - { id: a, path: /x\n")
        #expect(other.count == 1)
        #expect(other.first?.message.contains("quotes") == false, "\(other)")
    }

    @Test("a wrong type is located at the value and says what was expected")
    func wrongType() throws {
        let yaml = Self.valid.replacingOccurrences(of: "timeout: 10", with: "timeout: [1, 2]")
        let problem = try #require(problems(yaml).first)
        #expect(problem.message == "`timeout` must be a number of seconds, got a list")
        #expect(problem.location.line == 8)
        #expect(problem.location.column == 10)
    }

    @Test("an unknown key suggests the nearest known one")
    func unknownKey() throws {
        let yaml = Self.valid.replacingOccurrences(of: "    headers: { X-Trace", with: "    hedaers: { X-Trace")
        let problem = try #require(problems(yaml).first)
        #expect(problem.message == "unknown key `hedaers` in endpoint; did you mean `headers`?")
        #expect(problem.location.line == 16)
        #expect(problem.location.column == 5)
    }

    @Test("a missing required key is located at its mapping")
    func missingKey() throws {
        let yaml = Self.valid.replacingOccurrences(of: "    path: /files\n", with: "")
        let problem = try #require(problems(yaml).first)
        #expect(problem.message == "endpoint is missing required key `path`")
        #expect(problem.location.line == 17)
    }

    @Test("bad method, bad base URL, duplicate ids, undeclared placeholders, unknown default environment")
    func semanticErrors() {
        var yaml = Self.valid.replacingOccurrences(of: "method: POST", with: "method: \"PO ST\"")
        yaml = yaml.replacingOccurrences(of: "https://staging.example.com/api", with: "staging.example.com")
        yaml = yaml.replacingOccurrences(of: "id: files.upload", with: "id: todos.get")
        yaml = yaml.replacingOccurrences(of: "path: /files", with: "path: /files/{name}")
        yaml = yaml.replacingOccurrences(of: "default_environment: local", with: "default_environment: prod")
        let messages = problems(yaml).map { "\($0.location.line):\($0.message)" }
        #expect(messages.contains { $0.hasPrefix("2:unknown environment `prod`") })
        #expect(messages.contains { $0.hasPrefix("6:`base_url` must be an http://, https://, ws:// or wss:// URL") })
        #expect(messages.contains { $0.hasPrefix("18:`method` must be an HTTP method") })
        #expect(messages.contains { $0.hasPrefix("19:path placeholder `{name}` has no value") })
        #expect(messages.contains { $0.hasPrefix("17:duplicate endpoint id `todos.get` (first defined at line 10)") })
    }

    /// Lists of `ProfileLoader.parallelReadThreshold` endpoints or more are read by two threads: the result must be
    /// what one thread would read, in order, with problems from both halves located and duplicates found across them.
    @Test("a long endpoint list keeps its order; problems in both halves and duplicates across them are located")
    func longEndpointList() throws {
        let count = ProfileLoader.parallelReadThreshold * 2 + 1
        var yaml = """
            name: Long
            environments:
              local: { base_url: "http://127.0.0.1:1" }
            endpoints:

            """
        // Lines: 4 header lines, then three per endpoint, so endpoint i starts at line 5 + 3 i.
        let brokenEarly = 3
        let brokenLate = count - 4
        let duplicate = count - 2
        for index in 0..<count {
            let id = index == duplicate ? "op1" : "op\(index)"
            let method = index == brokenEarly || index == brokenLate ? "\"NO PE\"" : "GET"
            yaml += "  - id: \(id)\n    method: \(method)\n    path: /items/\(index)\n"
        }
        let found = problems(yaml).map { "\($0.location.line):\($0.message)" }
        // The same from the whole file composed and read at once.
        let whole = ProfileLoader.read(yaml: yaml, file: "/p/demo.yaml", id: "demo", split: false)
        #expect(whole.1.map { "\($0.location.line):\($0.message)" } == found)
        #expect(found.count == 3)
        #expect(found.contains { $0.hasPrefix("\(6 + 3 * brokenEarly):`method` must be an HTTP method") })
        #expect(found.contains { $0.hasPrefix("\(6 + 3 * brokenLate):`method` must be an HTTP method") })
        let duplicateLine = 5 + 3 * duplicate
        #expect(
            found.contains { $0.hasPrefix("\(duplicateLine):duplicate endpoint id `op1` (first defined at line 8)") })

        let duplicated = "id: op1\n    method: GET\n    path: /items/\(duplicate)"
        let fixed = yaml.replacingOccurrences(of: "\"NO PE\"", with: "POST").replacingOccurrences(
            of: duplicated, with: duplicated.replacingOccurrences(of: "op1", with: "last"))
        let profile = try parse(fixed).get()
        #expect(profile.endpoints.count == count)
        #expect(profile.endpoints.map(\.path.raw) == (0..<count).map { "/items/\($0)" })
        #expect(profile.endpoints[brokenLate].method == .post)
    }

    @Test("one broken file does not stop the others from loading")
    func brokenFileIsolated() throws {
        let directory = try TemporaryDirectory()
        try directory.write("good.yaml", Self.valid)
        try directory.write("bad.yaml", "environments: [\n")
        try directory.write("good.secrets.yaml", "variables: { token: x }\n")
        let catalog = ProfileLoader.load(directory: directory.path)
        #expect(catalog.profiles.map(\.id) == ["good"])
        #expect(catalog.failedFiles.count == 1)
        #expect(catalog.problems.first?.location.file.hasSuffix("bad.yaml") == true)
    }
}

@Suite("Profile search path")
struct ProfileSearchPathTests {
    @Test("--profiles wins, then ./profiles, then $XDG_CONFIG_HOME/apix/profiles, then ~/.config/apix/profiles")
    func order() throws {
        let directory = try TemporaryDirectory()
        let cwd = directory.path
        #expect(ProfileSearchPath.directory(explicit: "/x", currentDirectory: cwd, environment: [:]) == "/x")
        #expect(
            ProfileSearchPath.directory(explicit: nil, currentDirectory: cwd, environment: ["XDG_CONFIG_HOME": "/cfg"])
                == "/cfg/apix/profiles")
        #expect(
            ProfileSearchPath.directory(explicit: nil, currentDirectory: cwd, environment: ["HOME": "/home/me"])
                == "/home/me/.config/apix/profiles")
        try FileManager.default.createDirectory(atPath: cwd + "/profiles", withIntermediateDirectories: true)
        #expect(
            ProfileSearchPath.directory(explicit: nil, currentDirectory: cwd, environment: ["XDG_CONFIG_HOME": "/cfg"])
                == cwd + "/profiles")
    }
}
