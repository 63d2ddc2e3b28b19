import Foundation
import Testing

@testable import CollectionImport
@testable import ExplorerCore
@testable import ExplorerImport

/// Issue 25, defect 10: what imports wrote that the request never meant: empty form bodies on GETs (Stripe), raw
/// HTML in descriptions, and a curl command's credentials in the profile (with Basic kept over an explicit header).
@Suite("Imports write what the request means")
struct ImportCleanupTests {
    @Test("a GET, HEAD or DELETE whose request body is an empty form (Stripe's) gets no body; a POST keeps its own")
    func emptyFormBodies() throws {
        let empty = """
            requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        encoding: {}
                        schema: { additionalProperties: false, properties: {}, type: object }
                    required: false
            """
        let text = OpenAPIFullSizeTests.spec(
            """
              /v1/customers:
                get:
                  operationId: GetCustomers
                  \(empty)
                  responses: { "200": { description: ok } }
                delete:
                  operationId: DeleteCustomers
                  \(empty)
                  responses: { "200": { description: ok } }
                post:
                  operationId: PostCustomers
                  \(empty)
                  responses: { "200": { description: ok } }
              /v1/customers/search:
                get:
                  operationId: SearchCustomers
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema: { type: object, properties: { query: { type: string, example: "name:'x'" } } }
                  responses: { "200": { description: ok } }
            """, version: "3.0.0")
        let profile = try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml").profile
        #expect(profile.endpoint("GetCustomers")?.body == nil)
        #expect(profile.endpoint("DeleteCustomers")?.body == nil)
        #expect(profile.endpoint("PostCustomers")?.body == .form([]))
        #expect(profile.endpoint("SearchCustomers")?.body == .form([Parameter("query", "name:'x'")]))
    }

    @Test("HTML in descriptions becomes plain text: tags gone, entities decoded, paragraphs kept apart")
    func htmlText() {
        #expect(HTMLText.plain("<p>Retrieves the details of an account.</p>") == "Retrieves the details of an account.")
        #expect(
            HTMLText.plain(
                "<p>Lists &amp; filters <code>customers</code>\nby email.</p><p>Newest&nbsp;first &#8212; &lt;ok&gt;</p>"
            )
                == "Lists & filters customers by email.\n\nNewest first — <ok>")
        #expect(HTMLText.plain("<ul><li>one</li><li>two</li></ul>a<br/>b") == "one\ntwo\n\na\nb")
        #expect(HTMLText.plain("if a < b && c > d\nthen e") == "if a < b && c > d\nthen e")
        #expect(HTMLText.plain("Tom &amp; Jerry\nsecond line") == "Tom & Jerry\nsecond line")
    }

    @Test("OpenAPI and Postman descriptions are read through it")
    func importedDescriptions() throws {
        let text = OpenAPIFullSizeTests.spec(
            """
              /v1/accounts:
                get:
                  operationId: GetAccount
                  description: "<p>Retrieves the details of an account &amp; its <b>settings</b>.</p><p>More.</p>"
                  responses: { "200": { description: ok } }
            """, version: "3.0.0")
        let endpoint = try #require(
            try OpenAPIImporter.makeProfile(text: text, id: "t", file: "/p/t.yaml").profile
                .endpoint("GetAccount"))
        #expect(endpoint.description == "Retrieves the details of an account & its settings.")
        #expect(endpoint.name == "Retrieves the details of an account & its settings.")
        #expect(
            PostmanImporter.descriptionText(.string("<p>Lists <i>all</i> &quot;pets&quot;</p>")) == "Lists all \"pets\""
        )
    }
}
