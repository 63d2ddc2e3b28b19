import Testing

@testable import ExplorerCore

@Suite("GraphQL operations in a document")
struct GraphQLOperationsTests {
    @Test("kinds and names: shorthand, anonymous, named; fragments, strings and comments are not operations")
    func scan() {
        #expect(GraphQLOperations.scan("{ a }") == [.init(kind: "query", name: nil)])
        #expect(
            GraphQLOperations.scan(
                """
                # subscription Fake { x }
                query A($s: String = "subscription B { b }") { a }
                fragment F on T { f }
                subscription C { c }
                mutation { m }
                """)
                == [
                    .init(kind: "query", name: "A"), .init(kind: "subscription", name: "C"),
                    .init(kind: "mutation", name: nil),
                ])
    }

    @Test("a body is a subscription by the operation it names, else by its only operation")
    func chosen() {
        let document = "query A { a } subscription B { b }"
        #expect(GraphQLBody(query: document, operation: "B").isSubscription)
        #expect(!GraphQLBody(query: document, operation: "A").isSubscription)
        #expect(!GraphQLBody(query: document).isSubscription, "two operations and none named: not known")
        #expect(GraphQLBody(query: "subscription { b }").isSubscription)
        #expect(!GraphQLBody(query: "{ b }").isSubscription)
    }
}
