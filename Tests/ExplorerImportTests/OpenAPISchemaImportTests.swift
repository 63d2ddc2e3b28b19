import Foundation
import Testing

@testable import CollectionImport
@testable import ExplorerCore
@testable import ExplorerImport

/// Imports keep the types: response schemas and the components they reach go to `ID.schemas.json`, each endpoint
/// names them in `responses:`, and the real documents' own `example:` values match their schemas.
@Suite("OpenAPI import keeps response schemas")
struct OpenAPISchemaImportTests {
    static func response(body: String) -> Response {
        var fields = HTTPHeaders()
        fields.add("Content-Type", "application/json")
        return Response(
            method: .get, url: "http://127.0.0.1/x", statusCode: 200, reason: "OK", headers: fields,
            body: ResponseBody(data: Data(body.utf8)), metrics: Metrics(total: .milliseconds(1)))
    }

    /// Writes the import as `apix import` does, loads it back and runs `apix check`'s schema pass before the
    /// directory goes (the side file is read on first use).
    static func writtenAndChecked(_ imported: ProfileImport) throws -> (Profile, [ProfileProblem], JSONValue?) {
        let directory = NSTemporaryDirectory() + "apix-import-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var copy = imported
        let written = try ProfileImportWriter.write(&copy, source: "a test", directory: directory, force: false)
        let profile = try ProfileLoader.load(file: written.file).get()
        let side = FileManager.default.contents(atPath: directory + "/\(profile.id).schemas.json")
        return (profile, ProfileLoader.schemaProblems(in: profile), try side.map { try JSONValue.parse($0) })
    }

    @Test("3.0: a component by name, an inline schema by operation and status, a component response followed")
    func openAPI30() throws {
        let text = OpenAPIFullSizeTests.spec(
            """
              /customers/{id}:
                get:
                  operationId: getCustomer
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Customer' } } } }
                    "404": { $ref: '#/components/responses/NotFound' }
                    default:
                      description: other
                      content: { application/problem+json: { schema: { type: object, required: [title] } } }
                    "204": { description: none }
            """,
            components: """
                      schemas:
                        Customer:
                          type: object
                          required: [id]
                          properties: { id: { type: string }, email: { type: string, nullable: true }, address: { $ref: '#/components/schemas/Address' } }
                        Address: { type: object, properties: { city: { type: string } } }
                        Unused: { type: integer }
                        Error: { type: object, required: [message] }
                      responses:
                        NotFound: { description: missing, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
                """, version: "3.0.3")
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "shop", file: "/p/shop.yaml")
        let endpoint = try #require(imported.profile.endpoint("getCustomer"))
        #expect(
            endpoint.responses.map { "\($0.status): \($0.schema)" } == [
                "200: Customer", "404: Error", "default: getCustomer.default",
            ])
        #expect(imported.sideSchemas.keys == ["Customer", "Address", "Error", "getCustomer.default"])
        #expect(imported.profile.schemas.dialect == .openAPI30)
        let (profile, problems, side) = try Self.writtenAndChecked(imported)
        #expect(problems == [])
        #expect(side?["Customer"]?["required"] == ["id"])
        #expect(profile.schemas.dialect == .openAPI30)
        // The written profile checks an answer: `nullable` read as OpenAPI 3.0 reads it.
        let ok = Self.response(body: #"{"id": "c1", "email": null, "address": {"city": "X"}}"#)
        #expect(SchemaCheck.check(ok, endpoint: profile.endpoints[0], schemas: profile.schemas)?.isValid == true)
    }

    @Test("Swagger 2.0's response schema is kept, its #/definitions references rewritten")
    func swagger() throws {
        let text = """
            swagger: "2.0"
            info: { title: Pets, version: "1" }
            host: api.example.com
            paths:
              /pets:
                get:
                  operationId: listPets
                  responses:
                    "200": { description: ok, schema: { type: array, items: { $ref: '#/definitions/Pet' } } }
            definitions:
              Pet: { type: object, required: [name], properties: { name: { type: string } } }
            """
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "pets", file: "/p/pets.yaml")
        #expect(imported.profile.endpoints.first?.responses.map(\.schema) == ["listPets.200"])
        #expect(imported.sideSchemas["listPets.200"]?["items"]?["$ref"] == "#/components/schemas/Pet")
        #expect(imported.sideSchemas.keys.contains("Pet"))
        let (profile, problems, _) = try Self.writtenAndChecked(imported)
        #expect(problems == [])
        let bad = Self.response(body: #"[{"name": 1}]"#)
        #expect(
            SchemaCheck.check(bad, endpoint: profile.endpoints[0], schemas: profile.schemas)?.violations.first?
                .instanceLocation == "$[0].name")
    }

    @Test(
        "the real documents' response schemas import, compile, and accept their own example values",
        arguments: [("resend-3.1.yaml", 50)])
    func realExamples(_ name: String, _ atLeast: Int) throws {
        guard let path = ImportFixtures.shared("openapi-specs", name) else { return }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let imported = try OpenAPIImporter.makeProfile(text: text, id: nil, file: "/p/x.yaml")
        let withSchemas = imported.profile.endpoints.filter { !$0.responses.isEmpty }
        #expect(withSchemas.count > imported.profile.endpoints.count / 2)
        let (_, problems, _) = try Self.writtenAndChecked(imported)
        #expect(problems.map(\.description) == [])
        // Every schema in the side file that gives an `example:` accepts it.
        let document: JSONValue = ["components": ["schemas": .object(imported.sideSchemas)]]
        var examples: [(pointer: [String], example: JSONValue)] = []
        func walk(_ value: JSONValue, _ pointer: [String]) {
            switch value {
            case .object(let object):
                if let example = object["example"],
                    object["type"] != nil || object["$ref"] != nil
                        || object["properties"] != nil || object["enum"] != nil
                {
                    examples.append((pointer, example))
                }
                for member in object where member.key != "example" && member.key != "enum" {
                    walk(member.value, pointer + [member.key])
                }
            case .array(let items): for (index, item) in items.enumerated() { walk(item, pointer + [String(index)]) }
            default: break
            }
        }
        walk(document, [])
        #expect(examples.count >= atLeast)
        let dialect = imported.profile.schemas.dialect
        var failures: [String] = []
        for (pointer, example) in examples {
            let reference = "#" + SchemaURI.pointer(pointer)
            let encoded =
                reference.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed.union(["#"])) ?? reference
            let schema = try CompiledSchema(document, dialect: dialect, base: "apix:schemas", reference: encoded)
            let result = schema.validate(example)
            if !result.isValid { failures.append("\(reference): \(result.violations.map(\.description))") }
        }
        #expect(failures == [], "\(failures.count) of \(examples.count) examples fail")
    }
}
