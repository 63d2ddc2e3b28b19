import Foundation
import Testing

@testable import CollectionImport
@testable import ExplorerCore
@testable import ExplorerImport

/// Request bodies are read from the composed tree, not decoded by OpenAPIKit (issue 32: decoding their schemas was
/// most of Stripe's import): examples and form fields come out as OpenAPIKit's reading made them, references between
/// components followed the way it follows them.
@Suite("OpenAPI request bodies read from the composed tree")
struct OpenAPIRequestBodyTreeTests {
    static func spec(_ paths: String, components: String, version: String = "3.0.3") -> String {
        """
        openapi: \(version)
        info: { title: T, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
        \(paths)
        components:
        \(components)
        """
    }

    static func member(_ key: String, _ value: TemplateValue) -> TemplateValue.Member { .init(key: key, value: value) }

    @Test("JSON: allOf merged, oneOf's first, chains followed, a loop and read-only members skipped, types inferred")
    func json() throws {
        let text = Self.spec(
            """
              /things:
                post:
                  operationId: make
                  requestBody:
                    content:
                      application/json; charset=utf-8:
                        schema:
                          type: object
                          required: [ghost]
                          properties:
                            id: { type: string, readOnly: true }
                            ro: { $ref: '#/components/schemas/ReadOnly' }
                            chain: { $ref: '#/components/schemas/ChainA' }
                            loop: { $ref: '#/components/schemas/LoopA' }
                            code: { type: string, enum: [1, 2] }
                            all:
                              allOf:
                                - { $ref: '#/components/schemas/Obj' }
                                - { type: object, properties: { a: { type: string }, b: { type: boolean } } }
                            one: { oneOf: [{ type: integer }, { type: string }] }
                            inferred: { properties: { n: { minimum: 1 } } }
                  responses: { "200": { description: ok } }
            """,
            components: """
                  schemas:
                    ReadOnly: { type: string, readOnly: true }
                    ChainA: { $ref: '#/components/schemas/ChainB' }
                    ChainB: { type: object, properties: { end: { type: string, example: reached } } }
                    LoopA: { $ref: '#/components/schemas/LoopB' }
                    LoopB: { $ref: '#/components/schemas/LoopA' }
                    Obj: { type: object, properties: { a: { type: integer, example: 5 }, c: { type: string, format: uuid } } }
                """)
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml")
        let uuid = TemplateValue.string("00000000-0000-0000-0000-000000000000")
        #expect(
            imported.profile.endpoint("make")?.body
                == .json(
                    .object([
                        Self.member("chain", .object([Self.member("end", .string("reached"))])),
                        Self.member("loop", .null),
                        // A string schema's allowed values are strings, as OpenAPIKit decodes them.
                        Self.member("code", .string("1")),
                        Self.member(
                            "all",
                            .object([
                                Self.member("a", .number("5")), Self.member("c", uuid), Self.member("b", .bool(false)),
                            ])),
                        Self.member("one", .number("0")),
                        Self.member("inferred", .object([Self.member("n", .number("0"))])),
                        // Required without a property: OpenAPIKit adds an empty schema.
                        Self.member("ghost", .null),
                    ])))
    }

    @Test("form fields: a schema by reference, a file by reference, repeated values, nested objects as JSON text")
    func form() throws {
        let text = Self.spec(
            """
              /upload:
                post:
                  operationId: up
                  requestBody:
                    content:
                      application/x-www-form-urlencoded: { schema: { $ref: '#/components/schemas/Form' } }
                  responses: { "200": { description: ok } }
            """,
            components: """
                  schemas:
                    Bin: { type: string, format: binary }
                    Form:
                      type: object
                      required: [ghost]
                      properties:
                        name: { type: string, example: n }
                        doc: { $ref: '#/components/schemas/Bin' }
                        tags: { type: array, items: { type: string, enum: [x, y] } }
                        nested: { type: object, properties: { a: { type: integer } } }
                        count: { type: integer, default: 7 }
                """)
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml")
        #expect(
            imported.profile.endpoint("up")?.body
                == .form([
                    Parameter("name", "n"), Parameter("doc", "@./doc"), Parameter("tags", "x"),
                    Parameter("nested", Template("{\"a\":0}")), Parameter("count", "7"), Parameter("ghost", ""),
                ]))
    }

    @Test("3.1: request bodies, media types and examples by reference, chained; a path item by reference; a loop")
    func references() throws {
        let text = Self.spec(
            """
              /a:
                post: { operationId: chained, requestBody: { $ref: '#/components/requestBodies/First' }, responses: { "200": { description: ok } } }
                put: { operationId: loop, requestBody: { $ref: '#/components/requestBodies/LoopA' }, responses: { "200": { description: ok } } }
              /b:
                post:
                  operationId: media
                  requestBody: { content: { application/json: { $ref: '#/components/mediaTypes/Json' } } }
                  responses: { "200": { description: ok } }
                put:
                  operationId: example
                  requestBody: { content: { application/json: { examples: { a: { $ref: '#/components/examples/ExRef' } } } } }
                  responses: { "200": { description: ok } }
              /item: { $ref: '#/components/pathItems/Item' }
            """,
            components: """
                  requestBodies:
                    First: { $ref: '#/components/requestBodies/Second' }
                    Second: { content: { application/json: { schema: { type: object, properties: { a: { type: integer, example: 5 } } } } } }
                    LoopA: { $ref: '#/components/requestBodies/LoopB' }
                    LoopB: { $ref: '#/components/requestBodies/LoopA' }
                  mediaTypes:
                    Json: { schema: { type: object, properties: { m: { type: string, example: media } } } }
                  examples:
                    Ex: { value: { from: component } }
                    ExRef: { $ref: '#/components/examples/Ex' }
                  pathItems:
                    Item:
                      post:
                        operationId: viaItem
                        requestBody: { content: { text/plain: { example: hello } } }
                        responses: { "200": { description: ok } }
                """, version: "3.1.0")
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml")
        let profile = imported.profile
        #expect(profile.endpoint("chained")?.body == .json(.object([Self.member("a", .number("5"))])))
        #expect(profile.endpoint("loop") != nil && profile.endpoint("loop")?.body == nil)
        #expect(imported.notes.contains("/a: the request body reference does not resolve"))
        #expect(profile.endpoint("media")?.body == .json(.object([Self.member("m", .string("media"))])))
        #expect(profile.endpoint("example")?.body == .json(.object([Self.member("from", .string("component"))])))
        #expect(profile.endpoint("viaItem")?.body == .text("hello", contentType: "text/plain"))
    }

    @Test("a request-body schema OpenAPIKit would refuse no longer stops the import: OpenAPIKit never decodes it")
    func notDecoded() throws {
        // `properties` as a list fails OpenAPIKit's decoding; the tree reader sees an object without properties.
        let text = Self.spec(
            """
              /things:
                post:
                  operationId: make
                  requestBody: { content: { application/json: { schema: { type: object, properties: [1, 2] } } } }
                  responses: { "200": { description: ok } }
            """,
            components: "  schemas: {}")
        let imported = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml")
        #expect(imported.profile.endpoint("make")?.body == .json(.object([])))
    }
}
