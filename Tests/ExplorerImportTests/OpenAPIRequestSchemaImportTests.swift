import Foundation
import Testing

@testable import CollectionImport
@testable import ExplorerCore
@testable import ExplorerImport

/// Imports keep request-body schemas: each endpoint with a body names its schema in `request_schema:` (a component by
/// its name, an inline one as `OPERATION.request`), written to `ID.schemas.json` with the components it reaches.
@Suite("OpenAPI import keeps request-body schemas")
struct OpenAPIRequestSchemaImportTests {
    @Test("3.0: a component request body followed, an inline JSON schema, a form's, none for an empty GET form")
    func openAPI30() throws {
        let text = OpenAPIFullSizeTests.spec(
            """
              /pets:
                post:
                  operationId: addPet
                  requestBody: { $ref: '#/components/requestBodies/PetBody' }
                  responses: { "200": { description: ok } }
                get:
                  operationId: listPets
                  requestBody: { content: { application/x-www-form-urlencoded: { schema: { type: object, properties: {} } } } }
                  responses: { "200": { description: ok } }
              /pets/{id}/tags:
                put:
                  operationId: tagPet
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  requestBody:
                    content:
                      application/merge-patch+json:
                        schema: { type: array, items: { $ref: '#/components/schemas/Tag' } }
                  responses: { "200": { description: ok } }
              /pets/{id}/status:
                post:
                  operationId: setStatus
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          required: [status]
                          properties:
                            status: { type: string, enum: [available, sold] }
                            expand: { type: array, items: { type: string } }
                  responses: { "200": { description: ok } }
            """,
            components: """
                      schemas:
                        Pet:
                          type: object
                          required: [name]
                          properties: { id: { type: integer, readOnly: true }, name: { type: string }, category: { $ref: '#/components/schemas/Category' } }
                        Category: { type: object, properties: { name: { type: string } } }
                        Tag: { type: object, properties: { label: { type: string } } }
                        Unused: { type: integer }
                      requestBodies:
                        PetBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
                """, version: "3.0.3")
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "pets", file: "/p/pets.yaml")
        let byID = Dictionary(uniqueKeysWithValues: imported.profile.endpoints.map { ($0.id, $0) })
        #expect(byID["addPet"]?.requestSchema == "Pet")
        #expect(byID["tagPet"]?.requestSchema == "tagPet.request")
        #expect(byID["setStatus"]?.requestSchema == "setStatus.request")
        #expect(byID["listPets"]?.requestSchema == nil)
        #expect(imported.sideSchemas.keys == ["Pet", "Category", "Tag", "tagPet.request", "setStatus.request"])
        let (profile, problems, side) = try OpenAPISchemaImportTests.writtenAndChecked(imported)
        #expect(problems == [])
        #expect(side?["setStatus.request"]?["properties"]?["status"]?["enum"] == ["available", "sold"])
        let written = try #require(profile.endpoint("addPet"))
        #expect(written.requestSchema == "Pet")
        // The written profile checks a body as a request: the readOnly `id` is not needed, `name` is.
        let body = RequestBody.bytes(Data(#"{"category": {"name": 7}}"#.utf8), contentType: "application/json")
        let check = try #require(SchemaCheck.check(request: body, endpoint: written, schemas: profile.schemas))
        #expect(check.violations.map(\.instanceLocation).sorted() == ["$", "$.category.name"])
    }

    @Test("Swagger 2.0: a body parameter's schema, and formData parameters' object")
    func swagger() throws {
        let text = """
            swagger: "2.0"
            info: { title: Pets, version: "1" }
            host: api.example.com
            paths:
              /pets:
                post:
                  operationId: addPet
                  consumes: [application/json]
                  parameters: [{ name: body, in: body, required: true, schema: { $ref: '#/definitions/Pet' } }]
                  responses: { "200": { description: ok } }
              /pets/{id}:
                post:
                  operationId: updatePetWithForm
                  consumes: [application/x-www-form-urlencoded]
                  parameters:
                    - { name: id, in: path, required: true, type: string }
                    - { name: status, in: formData, type: string, enum: [available, sold] }
                  responses: { "200": { description: ok } }
            definitions:
              Pet: { type: object, required: [name], properties: { name: { type: string } } }
            """
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "pets", file: "/p/pets.yaml")
        let byID = Dictionary(uniqueKeysWithValues: imported.profile.endpoints.map { ($0.id, $0) })
        #expect(byID["addPet"]?.requestSchema == "Pet")
        #expect(byID["updatePetWithForm"]?.requestSchema == "updatePetWithForm.request")
        #expect(
            imported.sideSchemas["updatePetWithForm.request"]?["properties"]?["status"]?["enum"]
                == ["available", "sold"])
        let (_, problems, _) = try OpenAPISchemaImportTests.writtenAndChecked(imported)
        #expect(problems == [])
    }

    /// The shared Swagger 2.0 petstore sends no body (its `createPets` takes none): 0, its other checks still hold.
    @Test(
        "the real documents' request bodies name schemas the side file has, which compile",
        arguments: [
            ("petstore-oai-3.0.yaml", 1), ("petstore3-swagger-api.yaml", 6), ("petstore-swagger-2.0.json", 0),
            ("resend-3.1.yaml", 20),
        ])
    func realDocuments(_ name: String, _ atLeast: Int) throws {
        guard let path = ImportFixtures.shared("openapi-specs", name) else { return }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let imported = try OpenAPIImporter.makeProfile(text: text, id: nil, file: "/p/x.yaml")
        let named = imported.profile.endpoints.compactMap(\.requestSchema)
        #expect(named.count >= atLeast, "\(named)")
        #expect(named.filter { imported.sideSchemas[$0] == nil } == [])
        // Every endpoint with a JSON or form body names one.
        let bodies = imported.profile.endpoints.filter {
            switch $0.body {
            case .json?, .form?, .multipart?: true
            default: false
            }
        }
        #expect(bodies.filter { $0.requestSchema == nil }.map(\.id) == [])
        let (_, problems, _) = try OpenAPISchemaImportTests.writtenAndChecked(imported)
        #expect(problems.map(\.description) == [])
    }
}
