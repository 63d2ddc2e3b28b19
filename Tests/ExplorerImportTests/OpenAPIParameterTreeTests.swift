import Foundation
import Testing
import Yams

@testable import CollectionImport
@testable import ExplorerCore
@testable import ExplorerImport

/// Parameters are read from the composed tree, not decoded by OpenAPIKit (issue 32: decoding them and their schemas
/// was most of what OpenAPIKit still did in Stripe's import): values come out as OpenAPIKit's reading made them,
/// references between components followed the way it follows them.
@Suite("OpenAPI parameters read from the composed tree")
struct OpenAPIParameterTreeTests {
    static func null(_ name: String) -> Parameter { Parameter(name: name, values: nil) }

    @Test("by reference; the path item's replaced by the operation's of the same name and place; schema references")
    func referencesAndOverrides() throws {
        let text = OpenAPIRequestBodyTreeTests.spec(
            """
              /items/{itemId}:
                parameters:
                  - $ref: '#/components/parameters/ItemId'
                  - { name: verbose, in: query, schema: { type: boolean, default: false } }
                  - { name: verbose, in: header, schema: { type: string, example: loud } }
                get:
                  operationId: getItem
                  parameters:
                    - { name: verbose, in: query, schema: { type: boolean, default: true } }
                    - $ref: '#/components/parameters/Limit'
                    - $ref: '#/components/parameters/Missing'
                    - { name: mode, in: query, required: true, schema: { type: string, enum: [fast, slow] } }
                    - { name: level, in: query, schema: { type: integer, enum: [3, 4] } }
                    - { name: order, in: query, schema: { type: string }, examples: { a: { $ref: '#/components/examples/Ex' } } }
                    - { name: tags, in: query, schema: { type: array, items: { type: string } }, example: [a, b] }
                    - { name: Accept, in: header, schema: { type: string, example: application/json } }
                  responses: { "200": { description: ok } }
                delete:
                  operationId: deleteItem
                  responses: { "204": { description: gone } }
            """,
            components: """
                  parameters:
                    ItemId: { name: itemId, in: path, required: true, schema: { type: string, example: item_123 } }
                    Limit: { name: limit, in: query, schema: { $ref: '#/components/schemas/Limit' } }
                  examples:
                    Ex: { value: from-component }
                  schemas:
                    Limit: { $ref: '#/components/schemas/Count' }
                    Count: { type: integer, default: 20 }
                """)
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml")
        let get = try #require(imported.profile.endpoint("getItem"))
        #expect(get.params == [Parameter("itemId", "item_123")])
        // The operation's `verbose` replaces the path's query one (and comes where the operation puts it), not the
        // header of the same name; an allowed value is used only for a required parameter.
        #expect(
            get.query == [
                Parameter("verbose", "true"), Parameter("limit", "20"), Parameter("mode", "fast"), Self.null("level"),
                Parameter("order", "from-component"), Parameter(name: "tags", values: ["a", "b"]),
            ])
        #expect(get.headers == [Parameter("verbose", "loud")])
        #expect(imported.notes.contains("/items/{itemId}: a parameter reference does not resolve: skipped"))
        let delete = try #require(imported.profile.endpoint("deleteItem"))
        #expect(delete.params == [Parameter("itemId", "item_123")])
        #expect(delete.query == [Parameter("verbose", "false")])
    }

    @Test(
        "`content` instead of `schema`: the media type's example, else its schema's; its examples' references not followed"
    )
    func content() throws {
        let text = OpenAPIRequestBodyTreeTests.spec(
            """
              /search:
                get:
                  operationId: search
                  parameters:
                    - { name: json, in: query, content: { application/json: { example: { b: 2, a: 1 } } } }
                    - { name: bySchema, in: query, content: { application/json: { schema: { $ref: '#/components/schemas/Filter' } } } }
                    - { name: byExamples, in: query, content: { application/json: { examples: { one: { value: { q: 1 } } } } } }
                    - { name: refOnly, in: query, content: { application/json: { examples: { one: { $ref: '#/components/examples/Ex' } } } } }
                  responses: { "200": { description: ok } }
            """,
            components: """
                  examples:
                    Ex: { value: never }
                  schemas:
                    Filter: { type: object, example: { k: 1 } }
                """)
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml")
        #expect(
            imported.profile.endpoint("search")?.query == [
                // Decoded examples lost their key order: sorted.
                Parameter("json", Template("{\"a\":1,\"b\":2}")), Parameter("bySchema", Template("{\"k\":1}")),
                Parameter("byExamples", Template("{\"q\":1}")), Self.null("refOnly"),
            ])
    }

    @Test(
        "3.1: parameters chained by reference (a loop noted), a path item's by reference, const, examples' data values")
    func modern() throws {
        let text = OpenAPIRequestBodyTreeTests.spec(
            """
              /things/{id}: { $ref: '#/components/pathItems/Thing' }
              /widgets/{id}:
                parameters: [{ $ref: '#/components/parameters/Alias' }]
                get:
                  operationId: getWidget
                  parameters:
                    - { name: c, in: query, required: true, schema: { const: fixed } }
                    - { name: ex, in: query, schema: { type: string, examples: [first, second] } }
                    - { name: dv, in: query, schema: { type: string }, examples: { a: { dataValue: data-value } } }
                    - { name: media, in: query, content: { application/json: { $ref: '#/components/mediaTypes/Json' } } }
                    - { name: raw, in: querystring, content: { application/x-www-form-urlencoded: { schema: { type: object } } } }
                    - $ref: '#/components/parameters/LoopA'
                  responses: { "200": { description: ok } }
            """,
            components: """
                  pathItems:
                    Thing:
                      parameters: [{ name: id, in: path, required: true, schema: { type: string, example: from-item } }]
                      get:
                        operationId: getThing
                        parameters: [{ name: id, in: path, required: true, schema: { type: string, example: override } }]
                        responses: { "200": { description: ok } }
                  parameters:
                    Alias: { $ref: '#/components/parameters/Real' }
                    Real: { name: id, in: path, required: true, schema: { type: integer, examples: [7] } }
                    LoopA: { $ref: '#/components/parameters/LoopB' }
                    LoopB: { $ref: '#/components/parameters/LoopA' }
                  mediaTypes:
                    Json: { example: { z: [1], a: true } }
                """, version: "3.1.0")
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml")
        #expect(imported.profile.endpoint("getThing")?.params == [Parameter("id", "override")])
        let widget = try #require(imported.profile.endpoint("getWidget"))
        #expect(widget.params == [Parameter("id", "7")])
        #expect(
            widget.query == [
                Parameter("c", "fixed"), Parameter("ex", "first"), Parameter("dv", "data-value"),
                Parameter("media", Template("{\"a\":true,\"z\":[1]}")),
            ])
        #expect(imported.notes.contains("getWidget: querystring parameter `raw` not carried over"))
        #expect(imported.notes.contains("/widgets/{id}: a parameter reference does not resolve: skipped"))
    }

    @Test("a parameter OpenAPIKit refused no longer stops the import: one without `in` is skipped with a note")
    func notDecoded() throws {
        // OpenAPIKit refuses the whole document for either parameter (a path parameter must say `required: true`).
        let text = OpenAPIRequestBodyTreeTests.spec(
            """
              /users/{id}:
                get:
                  operationId: getUser
                  parameters:
                    - { name: id, in: path, schema: { type: string, example: u1 } }
                    - { name: nowhere, schema: { type: string } }
                  responses: { "200": { description: ok } }
            """,
            components: "  schemas: {}")
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml")
        #expect(imported.profile.endpoint("getUser")?.params == [Parameter("id", "u1")])
        #expect(imported.notes.contains("/users/{id}: a parameter without a name or a known `in`: skipped"))
    }

    @Test("a path OpenAPIKit normalises (`/a//b`) still finds its response and request-body schemas")
    func normalisedPath() throws {
        let text = OpenAPIRequestBodyTreeTests.spec(
            """
              /a//b:
                post:
                  operationId: postAB
                  requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } } }
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } } }
            """,
            components: """
                  schemas:
                    Thing: { type: object, properties: { a: { type: string } } }
                """)
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml")
        let endpoint = try #require(imported.profile.endpoint("postAB"))
        #expect(endpoint.path.raw == "/a/b")
        #expect(endpoint.requestSchema == "Thing")
        #expect(endpoint.responses.map(\.schema) == ["Thing"])
    }
}
