import Foundation
import TestSupport
import Testing

/// `apix import FILE` and `apix import postman|har|http|insomnia|bruno`, run as the user runs them.
@Suite("Import commands")
struct ImportCommandsTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../ExplorerImportTests/Fixtures/\(name)").standardized.path
    }

    @Test("apix import FILE recognises a Postman collection, writes a profile apix check passes, and refuses twice")
    func importByContent() async throws {
        let directory = try TemporaryDirectory()
        let out = try await ApixProcess.run([
            "import", Self.fixture("postman-wise-groups.json"), "--environment",
            Self.fixture("postman-env-wise-groups.json"), "--name", "wise", "--profiles", directory.path,
        ])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.text == "wrote \(directory.path)/wise.yaml: 11 endpoints, 1 environment\n")
        #expect(out.stderr.contains("apix: imported 11 endpoints, "))
        #expect(out.stderr.contains("test script skipped"))
        let check = try await ApixProcess.run(["check", "--profiles", directory.path])
        #expect(check.status == 0, "\(check.text)\(check.stderr)")
        let again = try await ApixProcess.run([
            "import", "postman", Self.fixture("postman-wise-groups.json"), "--name", "wise", "--profiles",
            directory.path,
        ])
        #expect(again.status == 2)
        #expect(again.stderr.contains("exists: merge into it with --merge"))
        #expect(again.stderr.contains("replace it with --force, or choose another --name"))
        let forced = try await ApixProcess.run([
            "import", "postman", Self.fixture("postman-wise-groups.json"), "--name", "wise", "--force", "--profiles",
            directory.path,
        ])
        #expect(forced.status == 0, "\(forced.stderr)")
    }

    @Test(
        "each light format imports through its own command and passes apix check",
        arguments: [
            ("har", "har-k6-full.har"), ("http", "http-eshop-catalog.http"), ("insomnia", "insomnia-v5-helpdesk.yaml"),
            ("bruno", "bruno-amsterdam-catalogus"),
        ])
    func formats(_ format: String, _ file: String) async throws {
        let directory = try TemporaryDirectory()
        let out = try await ApixProcess.run(["import", format, Self.fixture(file), "--profiles", directory.path])
        #expect(out.status == 0, "\(out.stderr)")
        let check = try await ApixProcess.run(["check", "--profiles", directory.path])
        #expect(check.status == 0, "\(check.text)\(check.stderr)")
    }

    @Test("apix import curl without --profile names the profile after the URL's host; a second command joins it")
    func curlProfileFromHost() async throws {
        let directory = try TemporaryDirectory()
        let first = try await ApixProcess.run([
            "import", "curl", "curl https://API.example.com:8443/v1/users", "--profiles", directory.path,
        ])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.text.contains("\(directory.path)/api.example.com.yaml"), "\(first.text)")
        let second = try await ApixProcess.run([
            "import", "curl", "curl -X POST https://api.example.com:8443/v1/users -d a=1", "--profiles", directory.path,
        ])
        #expect(second.status == 0, "\(second.stderr)")
        let list = try await ApixProcess.run(["list", "api.example.com", "--profiles", directory.path])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.text.contains("get.v1.users") && list.text.contains("post.v1.users"), "\(list.text)")
        let hostless = try await ApixProcess.run([
            "import", "curl", "curl 'http://[::1]:8080/x'", "--profiles", directory.path,
        ])
        #expect(hostless.status == 2)
        #expect(hostless.stderr.contains("no host to name a profile after: give --profile ID"), "\(hostless.stderr)")
    }

    @Test("apix import FILE hands an OpenAPI document to apix-openapi; an unknown file is refused by name")
    func detection() async throws {
        let directory = try TemporaryDirectory()
        let out = try await ApixProcess.run([
            "import", Self.fixture("petstore-swagger-2.0.json"), "--profiles", directory.path,
        ])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("a Swagger 2.0 document: read as OpenAPI 3.0"))
        let unknown = directory.path + "/notes.txt"
        try "hello\n".write(toFile: unknown, atomically: true, encoding: .utf8)
        let refused = try await ApixProcess.run(["import", unknown, "--profiles", directory.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("not a format apix imports"))
        // JetBrains' environments file given alone: said what it is and where it goes.
        let environments = try await ApixProcess.run([
            "import", Self.fixture("http-dependencytrack.http-client.env.json"), "--profiles", directory.path,
        ])
        #expect(environments.status == 2)
        #expect(environments.stderr.contains("the environments of .http files, not requests"), "\(environments.stderr)")
    }

    @Test("apix export http prints every endpoint of a profile, and it imports back")
    func exportHTTP() async throws {
        let directory = try TemporaryDirectory()
        _ = try await ApixProcess.run([
            "import", "http", Self.fixture("http-eshop-catalog.http"), "--name", "shop", "--profiles", directory.path,
        ])
        let out = try await ApixProcess.run(["export", "http", "shop", "--profiles", directory.path])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.text.components(separatedBy: "\n### ").count - 1 == 6)
        let file = directory.path + "/shop.http"
        try out.text.write(toFile: file, atomically: true, encoding: .utf8)
        let back = try await ApixProcess.run(["import", file, "--name", "shop2", "--profiles", directory.path])
        #expect(back.text.contains("6 endpoints"), "\(back.stderr)")
    }
}
