import Foundation
import Testing

@testable import CollectionImport
@testable import ExplorerCore
@testable import ExplorerImport

/// Real documents at full size: references resolved only where the importer reads, 3.0 idioms in 3.1 documents,
/// Swagger 2.0, every OAuth2 flow, short names.
@Suite("OpenAPI import at full size")
struct OpenAPIFullSizeTests {
    static func spec(_ paths: String, components: String = "", version: String = "3.1.0") -> String {
        """
        openapi: \(version)
        info: { title: T, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
        \(paths)
        components:
        \(components.isEmpty ? "  schemas: {}" : components)
        """
    }

    @Test("a recursive schema in a request body is expanded until it loops, then null; the body stays small")
    func recursive() throws {
        let text = Self.spec(
            """
              /nodes:
                post:
                  operationId: create
                  requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Node' } } } }
                  responses: { "200": { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Node' } } } } }
            """,
            components: """
                  schemas:
                    Node:
                      type: object
                      properties:
                        name: { type: string }
                        children: { type: array, items: { $ref: '#/components/schemas/Node' } }
                        parent: { $ref: '#/components/schemas/Node' }
                """)
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml")
        let body = try #require(imported.profile.endpoint("create")?.body)
        #expect(
            body
                == .json(
                    .object([
                        .init(key: "name", value: .string("string")), .init(key: "children", value: .array([.null])),
                        .init(key: "parent", value: .null),
                    ])))
    }

    @Test("3.0 idioms in a 3.1 document and integers beyond 64 bits are fixed, each with a note")
    func fixups() throws {
        let text = Self.spec(
            """
              /things:
                post:
                  operationId: make
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            size: { type: integer, minimum: 0, exclusiveMinimum: true, maximum: 99999999999999999999999 }
                            label: { type: string, nullable: true }
                  responses: { "200": { description: ok } }
            """)
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml")
        #expect(imported.profile.endpoints.map(\.id) == ["make"])
        #expect(imported.notes.contains { $0.contains("`nullable: true` (OpenAPI 3.0) read as a `null` type") })
        #expect(imported.notes.contains { $0.contains("`exclusiveMinimum: true` with `minimum`") })
        #expect(imported.notes.contains { $0.contains("beyond a 64-bit integer: read as 9223372036854775807") })
        #expect(imported.notes.contains { $0.contains("#/paths//things/post/requestBody") })
    }

    @Test("Swagger 2.0 (petstore) imports: host and basePath as the server, body and form parameters as bodies")
    func swagger() throws {
        let imported = try OpenAPIImporter.makeProfile(
            text: ImportFixtures.text("petstore-swagger-2.0.json"), id: nil, file: "/p/s.yaml")
        #expect(imported.profile.endpoints.count == 3)
        #expect(imported.notes.first == "a Swagger 2.0 document: read as OpenAPI 3.0")
        #expect(imported.profile.environments.first?.baseURL.raw.hasPrefix("http") == true)
        _ = try ImportFixtures.written(imported)
    }

    @Test("an OAuth2 implicit flow becomes the authorization code grant with PKCE: 8 of petstore3's 19 use it")
    func implicitFlow() throws {
        let imported = try OpenAPIImporter.makeProfile(
            text: ImportFixtures.text("petstore3-swagger-api.yaml"), id: nil, file: "/p/p.yaml")
        #expect(imported.profile.endpoints.count == 19)
        #expect(imported.profile.endpoints.filter { !$0.authDisabled }.count == 8)
        #expect(imported.notes.contains { $0.contains("implicit grant was removed by OAuth 2.1") })
        #expect(imported.notes.contains { $0.contains("set the `token_url` variable") })
        guard case .oauth2(let settings)? = try ImportFixtures.written(imported).auth else {
            Issue.record("expected an oauth2 auth")
            return
        }
        #expect(settings.grant == .authorizationCode)
        #expect(settings.authorizationURL?.raw == "https://petstore3.swagger.io/oauth/authorize")
        #expect(settings.tokenURL?.raw == "{{token_url}}")
    }

    @Test(
        "every OAuth2 flow maps to an oauth2 auth",
        arguments: [
            "{ implicit: { authorizationUrl: 'https://a.example/auth', scopes: {} } }",
            "{ authorizationCode: { authorizationUrl: 'https://a.example/auth', tokenUrl: 'https://a.example/t', scopes: {} } }",
        ])
    func flows(_ flows: String) throws {
        let text = Self.spec(
            "  /x: { get: { operationId: x, security: [{ o: [] }], responses: { \"200\": { description: ok } } } }",
            components: "  securitySchemes:\n    o: { type: oauth2, flows: \(flows) }")
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml")
        #expect(imported.secretVariables == ["client_id"])
        guard case .oauth2(let settings)? = try ImportFixtures.written(imported).auth else {
            Issue.record("expected an oauth2 auth")
            return
        }
        #expect(settings.grant == .authorizationCode)
        #expect(settings.authorizationURL?.raw == "https://a.example/auth")
    }

    @Test("names are the summary's first line cut at a word to 60 columns; ids are stable across imports")
    func names() throws {
        let long = String(repeating: "Retrieves the list of things ", count: 8)
        #expect(OpenAPIImporter.shortName(long + "\nsecond line")?.count ?? 99 <= 60)
        #expect(OpenAPIImporter.shortName(long)?.hasSuffix("things…") == true)
        #expect(OpenAPIImporter.shortName("Short one\nmore") == "Short one")
        #expect(OpenAPIImporter.shortName("   ") == nil)
        let text = try ImportFixtures.text("petstore3-swagger-api.yaml")
        let first = try OpenAPIImporter.makeProfile(text: text, id: nil, file: "/p/p.yaml").profile.endpoints.map(\.id)
        let second = try OpenAPIImporter.makeProfile(text: text, id: nil, file: "/p/p.yaml").profile.endpoints.map(\.id)
        #expect(first == second)
        #expect(Set(first).count == first.count)
    }

    @Test("a multipart array field is one field per item, not JSON text")
    func multipartArray() throws {
        let text = Self.spec(
            """
              /upload:
                post:
                  operationId: up
                  requestBody:
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          properties:
                            include: { type: array, items: { type: string, enum: [a, b] } }
                            files: { type: array, items: { type: string, format: binary } }
                  responses: { "200": { description: ok } }
            """)
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml")
        #expect(
            imported.profile.endpoint("up")?.body
                == .multipart([Parameter("include", "a"), Parameter("files", "@./files")]))
    }

    @Test(
        "the shared real documents import and load back (Stripe 3.0 at 4 MB with recursive schemas, Resend 3.1)",
        arguments: [("stripe-spec3-3.0.yaml", 468), ("resend-3.1.yaml", 104), ("petstore-oai-3.0.yaml", 3)])
    func shared(_ name: String, _ operations: Int) throws {
        // Stripe's 4 MB document: since the importer prunes the tree and skips vendor extensions it costs about
        // 15 s of CPU in a debug build (2 s in release), so every run imports it; `make bench` times it.
        guard let path = ImportFixtures.shared("openapi-specs", name) else { return }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let imported = try OpenAPIImporter.makeProfile(text: text, id: nil, file: "/p/x.yaml")
        #expect(imported.profile.endpoints.count == operations)
        #expect(imported.profile.endpoints.allSatisfy { $0.name.count <= 60 })
        // Issue 25: Stripe's GETs came with an empty form body, its descriptions and names with `<p>` (checked
        // here, where the document is imported anyway: a second import would cost another 15 s).
        let reads = imported.profile.endpoints.filter { [HTTPMethod.get, .head, .delete].contains($0.method) }
        #expect(reads.filter { $0.body == .form([]) }.map(\.id) == [])
        let texts = imported.profile.endpoints.flatMap { [$0.name] + ($0.description.map { [$0] } ?? []) }
        #expect(texts.filter { $0.contains("<p>") || $0.contains("</") || $0.contains("&amp;") } == [])
        // Stripe tags nothing: folders come from the path's resource (`/v1/refunds/{refund}` → `refunds`); the
        // tagged documents keep their tags.
        if name.hasPrefix("stripe") {
            #expect(imported.profile.endpoints.allSatisfy { $0.folder != nil })
            #expect(imported.profile.endpoints.first { $0.path.raw == "/v1/refunds/{refund}" }?.folder == "refunds")
            #expect(Set(imported.profile.endpoints.compactMap(\.folder)).count > 50)
        }
        // Every JSON, form or multipart body names its schema (issue 32: Stripe's are inline form schemas), which the
        // side file has.
        let bodies = imported.profile.endpoints.filter {
            switch $0.body {
            case .json?, .form?, .multipart?: true
            default: false
            }
        }
        #expect(bodies.filter { $0.requestSchema.map { imported.sideSchemas[$0] == nil } ?? true }.map(\.id) == [])
        let loaded = try ImportFixtures.written(imported)
        #expect(loaded.endpoints.count == operations)
    }

    @Test("an untagged endpoint's folder is its path's first resource, past versions, `api` and placeholders")
    func pathFolders() {
        #expect(OpenAPIImporter.pathFolder("/v1/payment_intents/{intent}/confirm") == "payment_intents")
        #expect(OpenAPIImporter.pathFolder("/api/v2.1/users") == "users")
        #expect(OpenAPIImporter.pathFolder("/{tenant}/orders") == "orders")
        #expect(OpenAPIImporter.pathFolder("/") == nil)
        #expect(OpenAPIImporter.pathFolder("/video/list") == "video")
    }
}
