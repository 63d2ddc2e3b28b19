import Foundation
import Testing

@testable import ExplorerCore

/// `request_schema:`: read, located when unknown, written back, and the body the pipeline built checked against it
/// as a request (`readOnly` members not required).
@Suite("Request-body schemas")
struct RequestSchemaTests {
    static let profile = """
        environments: { local: { base_url: "http://127.0.0.1", variables: { name: Rex } } }
        schema_dialect: openapi-3.0
        schemas:
          Pet:
            type: object
            required: [id, name, status]
            properties:
              id: { type: integer, readOnly: true }
              name: { type: string, description: "The pet's name" }
              status: { type: string, enum: [available, pending, sold] }
        endpoints:
          - id: pets.create
            method: POST
            path: /pets
            body: { json: { name: "{{name}}", status: available } }
            request_schema: Pet
          - id: pets.bad
            method: POST
            path: /pets
            body: { json: { name: 7, status: lost } }
            request_schema: Pet
          - id: pets.form
            method: POST
            path: /pets
            body: { form: { name: Rex } }
            request_schema: Pet
        """

    static func built(_ profile: Profile, _ id: String) throws -> ExchangePlan {
        let builder = try RequestBuilder(profile: profile, environment: "local", processEnvironment: [:])
        return try ExchangePlan(try #require(profile.endpoint(id)), builder: builder)
    }

    @Test("request_schema is read and written back; a readOnly member is not required of a request")
    func readAndCheck() throws {
        let profile = try ProfileLoader.parse(yaml: Self.profile, file: "p.yaml", id: "p").get()
        #expect(profile.endpoints.map(\.requestSchema) == ["Pet", "Pet", "Pet"])
        let again = try ProfileLoader.parse(yaml: ProfileEmitter.profile(profile), file: "p.yaml", id: "p").get()
        #expect(again.endpoints.map(\.requestSchema) == ["Pet", "Pet", "Pet"])

        let good = try Self.built(profile, "pets.create")
        let check = try #require(
            SchemaCheck.check(request: good.request.request.body, endpoint: good.endpoint!, schemas: profile.schemas))
        #expect(check.isValid, "\(check.violations)")
        #expect(check.status == SchemaCheck.requestStatus)

        let bad = try Self.built(profile, "pets.bad")
        let failed = try #require(
            SchemaCheck.check(request: bad.request.request.body, endpoint: bad.endpoint!, schemas: profile.schemas))
        #expect(
            failed.requestLines(masking: []) == [
                "request body: schema Pet: $.name: expected a string, got a number "
                    + "(#/components/schemas/Pet/properties/name/type)",
                "request body: schema Pet: $.status: expected one of \"available\", \"pending\", \"sold\", got "
                    + "\"lost\" (#/components/schemas/Pet/properties/status/enum)",
            ])
        // A form body's values are all text: it is not checked (the schema still gives the explorer its hints).
        let form = try Self.built(profile, "pets.form")
        #expect(
            SchemaCheck.check(request: form.request.request.body, endpoint: form.endpoint!, schemas: profile.schemas)
                == nil)
    }

    @Test("a secret filled into the body is masked in a violation that quotes it; a non-JSON body says why")
    func maskedAndNotJSON() throws {
        let profile = try ProfileLoader.parse(yaml: Self.profile, file: "p.yaml", id: "p").get()
        var endpoint = try #require(profile.endpoint("pets.bad"))
        let body = RequestBody.bytes(
            Data(#"{"name": "hunter2", "status": "hunter2"}"#.utf8), contentType: "application/json")
        let check = try #require(SchemaCheck.check(request: body, endpoint: endpoint, schemas: profile.schemas))
        let lines = check.requestLines(masking: ["hunter2"])
        #expect(lines.count == 1 && lines[0].contains("got \"••••\""), "\(lines)")
        #expect(!lines.joined().contains("hunter2"))

        let broken = RequestBody.bytes(Data("{\"name\": ".utf8), contentType: "application/json; charset=utf-8")
        let notJSON = try #require(SchemaCheck.check(request: broken, endpoint: endpoint, schemas: profile.schemas))
        #expect(
            notJSON.requestLines(masking: []).first?.hasPrefix(
                "request body: schema Pet: cannot check the body: "
                    + "the body is not JSON") == true)
        endpoint.requestSchema = "Missing"
        let unknown = try #require(SchemaCheck.check(request: body, endpoint: endpoint, schemas: profile.schemas))
        #expect(unknown.problem == "no schema `Missing` in `schemas:` or the schemas file")
        endpoint.requestSchema = nil
        #expect(SchemaCheck.check(request: body, endpoint: endpoint, schemas: profile.schemas) == nil)
    }

    @Test("loading locates an unknown request_schema name, and one that is not a name")
    func located() throws {
        let text = """
            environments: { local: { base_url: "http://127.0.0.1" } }
            schemas: { Pet: { type: object } }
            endpoints:
              - id: a
                method: POST
                path: /a
                request_schema: Pte
              - { id: b, path: /b, request_schema: [Pet] }
            """
        guard case .failure(let failure) = ProfileLoader.parse(yaml: text, file: "p.yaml", id: "p") else {
            Issue.record("loaded")
            return
        }
        let lines = failure.problems.map(\.description)
        #expect(
            lines.contains {
                $0.hasPrefix("p.yaml:7:21: unknown schema `Pte` in `request_schema`") && $0.contains("`Pet`")
            }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("p.yaml:8:40: `request_schema` must name a schema") }, "\(lines)")
    }
}
