/// One item of the demo's in-memory todo list.
struct Todo: Sendable, Equatable {
    var id: Int
    var title: String
    var completed: Bool
    var userID: Int

    /// The wire form: `{"id", "title", "completed", "user_id"}`.
    var json: JSONValue {
        ["id": .int(id), "title": .string(title), "completed": .bool(completed), "user_id": .int(userID)]
    }
}
