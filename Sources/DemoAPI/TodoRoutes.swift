import Hummingbird

/// `/todos` CRUD over the server's `TodoStore`.
struct TodoRoutes {
    let store: TodoStore

    func register(on router: Router<BasicRequestContext>) {
        router.get("/todos") { request, _ in try await list(request) }
        router.post("/todos") { request, _ in try await create(request) }
        router.get("/todos/:id") { _, context in
            let id = try todoID(context)
            guard let todo = await store.todo(id: id) else { throw Self.missing(id) }
            return Response.json(todo.json)
        }
        router.put("/todos/:id") { request, context in try await replace(request, id: todoID(context)) }
        router.patch("/todos/:id") { request, context in try await patch(request, id: todoID(context)) }
        router.delete("/todos/:id") { _, context in
            let id = try todoID(context)
            guard await store.delete(id: id) else { throw Self.missing(id) }
            return Response(status: .noContent)
        }
    }

    // MARK: - Handlers

    private func list(_ request: Request) async throws -> Response {
        var completed: Bool?
        switch request.query("completed") {
        case nil: completed = nil
        case "true": completed = true
        case "false": completed = false
        default: throw DemoError.badRequest("query 'completed' must be true or false")
        }
        let limit = try request.query("limit", in: 0...Int.max)
        let todos = await store.list(completed: completed, limit: limit)
        return Response.json(.array(todos.map(\.json)))
    }

    private func create(_ request: Request) async throws -> Response {
        let fields = try TodoFields(try await request.jsonObjectBody())
        guard let title = fields.title else { throw DemoError.badRequest("'title' is required") }
        let todo = await store.create(title: title, completed: fields.completed ?? false, userID: fields.userID ?? 1)
        return Response.json(todo.json, status: .created, headers: [.location: "/todos/\(todo.id)"])
    }

    /// PUT replaces the whole todo: `title` is required, the others fall back to their defaults.
    private func replace(_ request: Request, id: Int) async throws -> Response {
        let fields = try TodoFields(try await request.jsonObjectBody())
        guard let title = fields.title else { throw DemoError.badRequest("'title' is required") }
        let updated = await store.update(id: id) { todo in
            todo.title = title
            todo.completed = fields.completed ?? false
            todo.userID = fields.userID ?? 1
        }
        guard let updated else { throw Self.missing(id) }
        return Response.json(updated.json)
    }

    /// PATCH changes only the fields present.
    private func patch(_ request: Request, id: Int) async throws -> Response {
        let fields = try TodoFields(try await request.jsonObjectBody())
        let updated = await store.update(id: id) { todo in
            if let title = fields.title { todo.title = title }
            if let completed = fields.completed { todo.completed = completed }
            if let userID = fields.userID { todo.userID = userID }
        }
        guard let updated else { throw Self.missing(id) }
        return Response.json(updated.json)
    }

    // MARK: - Helpers

    private func todoID(_ context: BasicRequestContext) throws -> Int {
        guard let id = context.parameters.get("id", as: Int.self) else {
            throw DemoError.badRequest("the todo id must be an integer")
        }
        return id
    }

    private static func missing(_ id: Int) -> DemoError {
        DemoError.notFound("no todo with id \(id)")
    }
}

/// The writable fields of a todo as found in a request body, type-checked.
private struct TodoFields {
    var title: String?
    var completed: Bool?
    var userID: Int?

    init(_ object: JSONValue) throws {
        switch object["title"] {
        case nil: break
        case .string(let title) where !title.isEmpty: self.title = title
        default: throw DemoError.badRequest("'title' must be a non-empty string")
        }
        switch object["completed"] {
        case nil: break
        case .bool(let completed): self.completed = completed
        default: throw DemoError.badRequest("'completed' must be a boolean")
        }
        switch object["user_id"] {
        case nil: break
        case .int(let userID): self.userID = userID
        default: throw DemoError.badRequest("'user_id' must be an integer")
        }
    }
}
