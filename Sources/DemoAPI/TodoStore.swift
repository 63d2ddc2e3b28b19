/// The todo list of one server instance, seeded with five items so a fresh demo has something to show.
actor TodoStore {
    private var todos: [Todo]
    private var nextID: Int

    init() {
        todos = [
            Todo(id: 1, title: "Buy milk", completed: false, userID: 1),
            Todo(id: 2, title: "Write the quarterly report", completed: true, userID: 1),
            Todo(id: 3, title: "Book flights to Lisbon", completed: false, userID: 2),
            Todo(id: 4, title: "Water the plants 🌱", completed: true, userID: 2),
            Todo(id: 5, title: "Renew the API key", completed: false, userID: 3),
        ]
        nextID = 6
    }

    /// Todos in id order, optionally only those with the given `completed` state, at most `limit` of them.
    func list(completed: Bool? = nil, limit: Int? = nil) -> [Todo] {
        let matching = todos.filter { completed == nil || $0.completed == completed }
        return Array(matching.prefix(limit ?? Int.max))
    }

    func todo(id: Int) -> Todo? {
        todos.first { $0.id == id }
    }

    func create(title: String, completed: Bool, userID: Int) -> Todo {
        let todo = Todo(id: nextID, title: title, completed: completed, userID: userID)
        nextID += 1
        todos.append(todo)
        return todo
    }

    /// Applies `change` to the todo with `id` and returns the result, or `nil` when there is none.
    func update(id: Int, _ change: (inout Todo) -> Void) -> Todo? {
        guard let index = todos.firstIndex(where: { $0.id == id }) else { return nil }
        change(&todos[index])
        return todos[index]
    }

    /// Removes the todo with `id`; `false` when there was none.
    func delete(id: Int) -> Bool {
        guard let index = todos.firstIndex(where: { $0.id == id }) else { return false }
        todos.remove(at: index)
        return true
    }
}
