import Foundation
import HTTPTypes
import Hummingbird

/// Routes for chained requests (`capture:` / `uses:`): a JSON login that returns a token, a paginated list with
/// `Link` headers, and an item that needs the token. The token is the same kind `/auth/token` issues.
extension AuthRoutes {
    static let linkHeader = HTTPField.Name("Link")!
    static let totalCountHeader = HTTPField.Name("X-Total-Count")!

    func registerChain(on router: Router<BasicRequestContext>) {
        router.post("/login") { request, _ in
            let body = try await request.jsonObjectBody()
            guard body["username"]?.stringValue == Self.user, body["password"]?.stringValue == Self.password else {
                throw DemoError(.unauthorized, "invalid_credentials", "wrong username or password")
            }
            let tokens = await store.grantPassword(user: Self.user, clientID: Self.clientID, scope: Self.defaultScope)
            return Response.json(
                [
                    "token": .string(tokens.accessToken), "token_type": "Bearer",
                    "expires_in": .int(Self.seconds(store.accessTokenLifetime)),
                ], headers: [.cacheControl: "no-store"])
        }
        router.get("/items") { request, _ in
            _ = try await authorize(request)
            let page = try request.query("page", in: 1...1_000_000) ?? 1
            let perPage = try request.query("per_page", in: 1...100) ?? 2
            let all = await todos.list()
            let pages = max(1, (all.count + perPage - 1) / perPage)
            let slice = all.dropFirst((page - 1) * perPage).prefix(perPage)
            var links: [String] = []
            if page < pages { links.append("</items?page=\(page + 1)&per_page=\(perPage)>; rel=\"next\"") }
            if page > 1 { links.append("</items?page=\(page - 1)&per_page=\(perPage)>; rel=\"prev\"") }
            links.append("</items?page=\(pages)&per_page=\(perPage)>; rel=\"last\"")
            var headers: HTTPFields = [Self.totalCountHeader: String(all.count)]
            headers[Self.linkHeader] = links.joined(separator: ", ")
            return Response.json(
                ["items": .array(slice.map(\.json)), "page": .int(page), "total": .int(all.count)], headers: headers)
        }
        router.get("/items/:id") { request, context in
            _ = try await authorize(request)
            guard let id = context.parameters.get("id", as: Int.self), let todo = await todos.todo(id: id) else {
                throw DemoError(.notFound, "not_found", "no item with this id")
            }
            return Response.json(todo.json)
        }
    }
}
