import Foundation
import Testing

@testable import ExplorerCore

/// A GraphQL answer's `errors` read apart from `data` (the explorer's Errors tab): message, path as JSONPath into the
/// answer, locations, `extensions.code`; nothing for answers of other endpoints.
@Suite("GraphQL answer errors")
struct GraphQLAnswerErrorTests {
    static func response(_ json: String) -> Response {
        Response(
            method: .post, url: "http://h/graphql", statusCode: 200, reason: "OK", httpVersion: "HTTP/1.1",
            headers: ["Content-Type": "application/json"], body: ResponseBody(data: Data(json.utf8)),
            metrics: Metrics())
    }

    static func endpoint(graphQL: Bool) throws -> Endpoint {
        let body = graphQL ? #"body: { graphql: { query: "{ user { name } }" } }"# : "method: POST"
        let yaml = """
            environments: { local: { base_url: "http://h" } }
            endpoints:
              - { id: q, path: /graphql, \(body) }
            """
        return try #require(try ProfileLoader.parse(yaml: yaml, file: "/p/g.yaml", id: "g").get().endpoint("q"))
    }

    @Test("message, path (indexes and odd names), locations and code are read; a request error has no path")
    func reads() throws {
        let answer = Self.response(
            #"""
            {"data":{"user":null},"errors":[
              {"message":"boom","path":["user","friends",0,"full name"],"locations":[{"line":3,"column":5}],
               "extensions":{"code":"INTERNAL"}},
              {"message":"Variable \"$id\" is never used"}]}
            """#)
        let errors = GraphQLAnswerError.errors(in: answer, endpoint: try Self.endpoint(graphQL: true))
        #expect(errors.count == 2)
        #expect(errors[0].message == "boom")
        #expect(errors[0].path == "$.data.user.friends[0]['full name']")
        #expect(errors[0].locations == ["3:5"] && errors[0].code == "INTERNAL")
        #expect(errors[1].path == nil && errors[1].locations.isEmpty && errors[1].code == nil)
        // The path is one the body's JSONPath reads.
        #expect((try? JSONPath(errors[0].path ?? "")) != nil)
    }

    @Test("no errors, a body that is not JSON, or an endpoint that is not GraphQL: none")
    func none() throws {
        let graphQL = try Self.endpoint(graphQL: true)
        #expect(GraphQLAnswerError.errors(in: Self.response(#"{"data":{}}"#), endpoint: graphQL).isEmpty)
        #expect(GraphQLAnswerError.errors(in: Self.response("<html>"), endpoint: graphQL).isEmpty)
        let plain = try Self.endpoint(graphQL: false)
        #expect(GraphQLAnswerError.errors(in: Self.response(#"{"errors":[{"message":"x"}]}"#), endpoint: plain).isEmpty)
    }
}
