import Foundation
import Testing

@testable import CollectionImport
@testable import ExplorerCore

/// The light importers on the shared samples: the counts their SOURCES.md gives, and profiles that load back.
@Suite("Collection import")
struct CollectionImportTests {
    static func folders(_ profile: Profile) -> Set<String> { Set(profile.endpoints.compactMap(\.folder)) }

    static func depth(_ profile: Profile) -> Int {
        profile.endpoints.map { $0.folder.map { $0.components(separatedBy: " / ").count } ?? 0 }.max() ?? 0
    }

    @Test("Postman v2.1 with its environment: 11 requests in one level of folders, auth per request, env values")
    func postmanWise() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .postman, path: ImportFixtures.path("postman-wise-groups.json"),
            environments: [ImportFixtures.path("postman-env-wise-groups.json")], id: nil)
        let profile = imported.profile
        #expect(profile.endpoints.count == 11)
        #expect(Self.depth(profile) == 1)
        #expect(profile.environments.count == 1)
        #expect(Set(profile.endpoints.map(\.id)).count == 11)
        // Bearer auth on nine requests becomes their Authorization header, the token a secret.
        #expect(profile.endpoints.filter { $0.headers.contains { $0.name == "Authorization" } }.count == 9)
        #expect(imported.notes.filter { $0.contains("test script skipped") }.count == 3)
        #expect(profile.endpoints.filter { if case .form = $0.body { true } else { false } }.count == 2)
        let loaded = try ImportFixtures.written(imported)
        #expect(loaded.endpoints.count == 11)
        #expect(!(try #require(imported.secretsYAML)).isEmpty)
    }

    @Test("Postman v2.0 (PayPal): 43 requests, 3 levels, collection bearer auth, noauth overrides, scripts noted")
    func postmanPayPal() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .postman, path: ImportFixtures.path("postman-paypal-checkout-v2.0.json"), id: nil)
        let profile = imported.profile
        #expect(profile.endpoints.count == 43)
        #expect(Self.depth(profile) == 3)
        guard case .mapping(let auth)? = imported.auth else {
            Issue.record("expected the collection's bearer auth")
            return
        }
        #expect(auth.first?.value == .scalar("bearer"))
        #expect(profile.endpoints.contains { $0.authDisabled })
        #expect(imported.notes.contains { $0.contains("the collection: pre-request script skipped") })
        _ = try ImportFixtures.written(imported)
    }

    @Test("Postman without auth objects (Conduit): 32 requests, the Authorization headers kept, 30 test scripts")
    func postmanConduit() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .postman, path: ImportFixtures.path("postman-realworld-conduit.json"), id: "conduit")
        #expect(imported.profile.endpoints.count == 32)
        #expect(imported.profile.endpoints.filter { $0.headers.contains { $0.name == "Authorization" } }.count == 22)
        #expect(imported.notes.filter { $0.contains("test script skipped") }.count == 30)
        _ = try ImportFixtures.written(imported)
    }

    @Test(
        "the large shared Postman collections import and load back (commercetools: 1,997 requests, 5 levels)",
        arguments: [
            ("postman-commercetools-v2.0.json", 1997, 5), ("postman-salesforce.json", 245, 3),
            ("postman-adyen-management.json", 158, 2),
        ])
    func postmanShared(_ name: String, _ count: Int, _ depth: Int) throws {
        guard let path = ImportFixtures.shared("import-samples", name) else { return }
        let imported = try CollectionImporter.makeProfile(format: .postman, path: path, id: nil)
        #expect(imported.profile.endpoints.count == count)
        #expect(Self.depth(imported.profile) == depth)
        // Imported profiles are the large ones: the explorer's first frame comes from their sketch (Salesforce's
        // has a path with an escaped line end, which the sketch declines).
        let loaded = try ImportFixtures.written(imported, sketched: !name.contains("salesforce"))
        #expect(loaded.endpoints.count == count)
        if name.contains("adyen") {
            #expect(imported.notes.contains { $0.hasPrefix("1 variable used but not defined") }, "\(imported.notes)")
        }
    }

    @Test("a Postman environment file given as the collection says what it is once, without the path twice")
    func environmentAsCollection() throws {
        guard let path = ImportFixtures.shared("import-samples", "postman-env-wise-groups.json") else { return }
        #expect(
            throws: InteropError(
                .invalid(
                    "a Postman environment file, not a collection: give it with --environment to "
                        + "`apix import postman COLLECTION`"))
        ) { try CollectionImporter.makeProfile(format: .postman, path: path, id: nil) }
    }

    @Test("HAR: one endpoint per distinct request, credentials to the secrets file, pseudo-headers dropped")
    func har() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .har, path: ImportFixtures.path("har-k6-full.har"), id: nil)
        let profile = imported.profile
        #expect(profile.endpoints.count == 8)
        #expect(imported.secretVariables.contains("authorization"))
        #expect(!imported.yaml(source: "t").contains("Bearer ${token}"))
        _ = try ImportFixtures.written(imported)
    }

    @Test(
        "the shared HAR captures import and load back (Chrome's HTTP/2 pseudo-headers left out)",
        arguments: ["har-chrome-requestgenerator.har", "har-firefox-mitmproxy.har"])
    func harShared(_ name: String) throws {
        guard let path = ImportFixtures.shared("import-samples", name) else { return }
        let imported = try CollectionImporter.makeProfile(format: .har, path: path, id: nil)
        #expect(!imported.profile.endpoints.isEmpty)
        #expect(!imported.yaml(source: "t").contains(":authority"))
        _ = try ImportFixtures.written(imported)
    }

    @Test(
        ".http files: requests, @variables (dots made safe), BOM, comments, origin-form lines, handlers noted",
        arguments: [("http-cleanarch-web.http", 13), ("http-eshop-catalog.http", 6), ("http-dependencytrack.http", 8)])
    func httpFiles(_ name: String, _ count: Int) throws {
        let environments =
            name.contains("dependencytrack") ? [ImportFixtures.path("http-dependencytrack.http-client.env.json")] : []
        let imported = try CollectionImporter.makeProfile(
            format: .http, path: ImportFixtures.path(name), environments: environments, id: nil)
        #expect(imported.profile.endpoints.count == count)
        let loaded = try ImportFixtures.written(imported)
        #expect(loaded.endpoints.count == count)
        if name.contains("dependencytrack") {
            #expect(imported.profile.environments.map(\.name) == ["dev"])
            #expect(imported.notes.contains { $0.contains("4 response handlers") })
            #expect(imported.secretVariables.contains("adminPassword"))
        }
        if name.contains("eshop") {
            #expect(imported.profile.variables["Catalog_API_HostAddress"] != nil)
        }
    }

    @Test(".http references: dots made safe, blanks trimmed, `{{$x}}` and an unclosed `{{` kept, non-ASCII text too")
    func httpReferences() {
        #expect(HTTPFileImporter.references("/{{ host.name }}/x?q={{ $uuid }}") == "/{{host_name}}/x?q={{$uuid}}")
        #expect(HTTPFileImporter.references("é {{a.b}} ü {{c") == "é {{a_b}} ü {{c")
        #expect(HTTPFileImporter.references("no reference") == "no reference")
        // Split as a profile's templates are: a reference followed by a combining mark is one.
        #expect(HTTPFileImporter.references("{{a.b}}\u{301}") == "{{a_b}}\u{301}")
        // 16,000 references in 220 KB of non-ASCII text (10 s by a search from each reference on).
        let body = String(repeating: "é {{a.b}} text ", count: 16_000)
        #expect(HTTPFileImporter.references(body) == String(repeating: "é {{a_b}} text ", count: 16_000))
    }

    @Test("Insomnia v4 (13 requests, specs and tests skipped) and v5 YAML (29 requests, 2 levels, template tags)")
    func insomnia() throws {
        let v4 = try CollectionImporter.makeProfile(
            format: .insomnia, path: ImportFixtures.path("insomnia-v4-kong-inso.json"), id: nil)
        #expect(v4.profile.endpoints.count == 13)
        // One of a kind is counted in the singular ("1 `api_spec` resources skipped" before).
        #expect(v4.notes.contains("1 `api_spec` resource skipped"), "\(v4.notes)")
        #expect(v4.notes.contains("2 `unit_test` resources skipped"), "\(v4.notes)")
        _ = try ImportFixtures.written(v4)
        let v5 = try CollectionImporter.makeProfile(
            format: .insomnia, path: ImportFixtures.path("insomnia-v5-helpdesk.yaml"), id: nil)
        #expect(v5.profile.endpoints.count == 29)
        #expect(Self.depth(v5.profile) == 2)
        #expect(v5.notes.contains { $0.contains("template tags") })
        #expect(v5.profile.endpoints.filter { $0.headers.contains { $0.name == "Authorization" } }.count == 27)
        _ = try ImportFixtures.written(v5)
    }

    @Test("Bruno: 39 requests in 3 levels of folders, 13 JSON bodies, collection variables, scripts noted")
    func bruno() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .bruno, path: ImportFixtures.path("bruno-amsterdam-catalogus"), id: nil)
        let profile = imported.profile
        #expect(profile.endpoints.count == 39)
        #expect(Self.depth(profile) == 3)
        #expect(profile.endpoints.filter { if case .json = $0.body { true } else { false } }.count == 13)
        #expect(profile.variables["baseUrl"]?.raw == "http://localhost:8096")
        #expect(imported.notes.contains { $0.contains("scripts") })
        _ = try ImportFixtures.written(imported)
    }

    @Test(
        "the format is recognised by content",
        arguments: [
            ("postman-wise-groups.json", ImportFormat.postman), ("har-k6-full.har", .har),
            ("insomnia-v4-kong-inso.json", .insomnia), ("insomnia-v5-helpdesk.yaml", .insomnia),
            ("http-eshop-catalog.http", .http), ("bruno-amsterdam-catalogus", .bruno), ("petstore-3.0.yaml", .openapi),
            ("petstore-swagger-2.0.json", .openapi), ("trains-3.1.json", .openapi),
        ])
    func detect(_ name: String, _ format: ImportFormat) {
        #expect(ImportFormat.detect(path: ImportFixtures.path(name)) == format)
    }

    @Test("a YAML document with its keys sorted is OpenAPI by its `openapi:` key however far down (Stripe's)")
    func detectSortedKeys() throws {
        let schemas = (0..<500).map { "    schema\($0):\n      type: object\n      description: >-\n        text" }
        let text =
            "components:\n  schemas:\n" + schemas.joined(separator: "\n") + "\ninfo: { title: T }\nopenapi: 3.0.0\n"
        // It said "not a format apix imports": only the first 40 lines were looked at.
        #expect(ImportFormat.detect(text: text, name: "spec.yaml") == .openapi)
        // An indented `openapi:` (a property called so) is not the document's.
        #expect(ImportFormat.detect(text: "components:\n  openapi: 3.0.0\n", name: "spec.yaml") == nil)
        if let stripe = ImportFixtures.shared("openapi-specs", "stripe-spec3-3.0.yaml") {
            #expect(ImportFormat.detect(path: stripe) == .openapi)
        }
    }

    @Test("export http of a profile whose base_url is ws:// writes its http form, as apix sends its requests")
    func exportWebSocketBase() throws {
        let text = """
            environments: { local: { base_url: "wss://chat.example/v1" } }
            endpoints:
              - { id: health, path: /health }
            """
        let profile = try ProfileLoader.parse(yaml: text, file: "chat.yaml", id: "chat").get()
        let exported = HTTPFileExporter.export(profile, environment: "local")
        #expect(exported.contains("@base_url = https://chat.example/v1"), "\(exported)")
    }

    @Test("export http writes each endpoint as a request and never a secret value")
    func exportHTTP() throws {
        var imported = try CollectionImporter.makeProfile(
            format: .http, path: ImportFixtures.path("http-dependencytrack.http"),
            environments: [ImportFixtures.path("http-dependencytrack.http-client.env.json")], id: "dt")
        imported.secretValues["adminPassword"] = "hunter2"
        let loaded = try ImportFixtures.written(imported)
        let text = HTTPFileExporter.export(loaded, environment: nil)
        #expect(text.components(separatedBy: "\n### ").count - 1 == loaded.endpoints.count)
        #expect(!text.contains("hunter2"))
        // The export imports back to as many endpoints.
        let directory = NSTemporaryDirectory() + "apix-export-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try text.write(toFile: directory + "/dt.http", atomically: true, encoding: .utf8)
        let again = try CollectionImporter.makeProfile(format: .http, path: directory + "/dt.http", id: "dt2")
        #expect(again.profile.endpoints.count == loaded.endpoints.count)
    }
}
