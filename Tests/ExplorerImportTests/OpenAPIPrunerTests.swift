import Foundation
import Testing
import Yams

@testable import CollectionImport
@testable import ExplorerCore
@testable import ExplorerImport

/// The tree OpenAPIKit decodes is cut to what the importer reads: components reached by `$ref` from the paths and
/// security schemes, responses emptied, operations without their request body and parameters, path
/// items without their parameters (read from the composed tree).
@Suite("OpenAPI pruning")
struct OpenAPIPrunerTests {
    static let document = """
        openapi: 3.0.3
        info: { title: T, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /things:
            post:
              operationId: make
              requestBody: { $ref: '#/components/requestBodies/Thing' }
              responses:
                "200":
                  description: made
                  content: { application/json: { schema: { $ref: '#/components/schemas/OnlyInResponses' } } }
              callbacks:
                done: { "{$request.body#/url}": { post: { responses: { "200": { description: ok } } } } }
        components:
          requestBodies:
            Thing: { content: { application/json: { schema: { $ref: '#/components/schemas/A' } } } }
          schemas:
            A: { type: object, properties: { b: { $ref: '#/components/schemas/B' } } }
            B: { type: object, properties: { name: { type: string, example: deep } } }
            OnlyInResponses: { type: object, properties: [1, 2] }
            Unused: { type: object, properties: [3] }
          securitySchemes:
            key: { type: apiKey, in: header, name: X-Key }
        security: [{ key: [] }]
        """

    @Test("schemas reached only from responses or from nothing are not decoded; the body follows chains of references")
    func prunesUnreachable() throws {
        // OnlyInResponses and Unused do not decode (`properties` is a list): the import succeeds only without them.
        let imported = try OpenAPIImporter.makeProfile(text: Self.document, id: "t", file: "/p/t.yaml")
        #expect(
            imported.profile.endpoint("make")?.body
                == .json(.object([.init(key: "b", value: .object([.init(key: "name", value: .string("deep"))]))])))
        #expect(imported.secretVariables == ["api_key"])
    }

    @Test("the pruned tree keeps reached components by name, cuts request bodies, parameters and responses")
    func tree() throws {
        let text = Self.document.replacingOccurrences(
            of: "      responses:\n        \"200\":\n          description: made",
            with: "      parameters: [{ $ref: '#/components/parameters/P' }]\n"
                + "      responses:\n        \"200\":\n          description: made"
        ).replacingOccurrences(
            of: "components:\n",
            with:
                "components:\n  parameters:\n    P: { name: p, in: query, schema: { $ref: '#/components/schemas/A' } }\n"
        )
        .replacingOccurrences(
            of: "  /things:\n", with: "  /things:\n    parameters: [{ $ref: '#/components/parameters/P' }]\n")
        let root = try #require(try Yams.compose(yaml: text, SwaggerConverter.resolver))
        let pruned = try #require(OpenAPIPruner.prune(root))
        // Parameters are read from the composed tree too (`OpenAPIParameters`): A and B, reached only from the
        // parameter and the request body, are not kept, nor is the component parameter.
        #expect(pruned["components"]?["schemas"]?.mapping?.isEmpty == true)
        #expect(pruned["components"]?["parameters"]?.mapping?.isEmpty == true)
        #expect(pruned["components"]?["requestBodies"]?.mapping?.isEmpty == true)
        #expect(pruned["paths"]?["/things"]?["parameters"] == nil)
        // Yet the import reads the parameter, its schema followed to A (an object with no example: no value).
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml")
        #expect(imported.profile.endpoint("make")?.query == [Parameter(name: "p", values: nil)])
        let target = OpenAPIPruner.target("#/components/schemas/A~1B~0C/properties/x")
        #expect(target?.kind == "schemas" && target?.name == "A/B~C")
        #expect(pruned["components"]?["securitySchemes"]?["key"] != nil)
        let operation = try #require(pruned["paths"]?["/things"]?["post"])
        #expect(operation["callbacks"] == nil)
        #expect(operation["requestBody"] == nil)
        #expect(operation["parameters"] == nil)
        #expect(operation["responses"]?.mapping?.isEmpty == true)
    }

    @Test("a local reference outside the components leaves the document whole (but not one in a request body)")
    func otherReferences() throws {
        let text = Self.document.replacingOccurrences(
            of: "paths:\n", with: "paths:\n  /alias: { $ref: '#/paths/~1things' }\n")
        let root = try #require(try Yams.compose(yaml: text, SwaggerConverter.resolver))
        #expect(OpenAPIPruner.prune(root) == nil)
        // A request body is cut before references are collected: one into `paths` there prunes as usual, and the
        // importer notes it does not resolve, as OpenAPIKit did (it looks up the last part, `requestBody`).
        let inBody = Self.document.replacingOccurrences(
            of: "$ref: '#/components/requestBodies/Thing'", with: "$ref: '#/paths/~1other/post/requestBody'")
        let bodyRoot = try #require(try Yams.compose(yaml: inBody, SwaggerConverter.resolver))
        #expect(OpenAPIPruner.prune(bodyRoot) != nil)
        let imported = try OpenAPIImporter.makeProfile(text: inBody, id: "t", file: "/p/t.yaml")
        #expect(imported.profile.endpoint("make")?.body == nil)
        #expect(imported.notes.contains("/things: the request body reference does not resolve"))
    }
}
