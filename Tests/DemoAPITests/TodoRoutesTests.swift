import DemoAPI
import TestSupport
import Testing

@Suite("Todos CRUD")
struct TodoRoutesTests {
    @Test("create, read, replace, patch and delete a todo")
    func roundTrip() async throws {
        try await withDemoServer { server in
            let created = try await server.send("POST", "/todos", json: #"{"title":"Write tests","user_id":7}"#)
            #expect(created.status == 201)
            let todo = try created.object()
            let id = try #require(todo["id"] as? Int)
            #expect(created.header("Location") == "/todos/\(id)")
            #expect(todo["title"] as? String == "Write tests")
            #expect(todo["completed"] as? Bool == false)
            #expect(todo["user_id"] as? Int == 7)

            let fetched = try await server.send("/todos/\(id)")
            #expect(fetched.status == 200)
            #expect(try fetched.object()["title"] as? String == "Write tests")

            let replaced = try await server.send(
                "PUT",
                "/todos/\(id)",
                json: #"{"title":"Rewritten","completed":true}"#
            )
            #expect(replaced.status == 200)
            #expect(try replaced.object()["user_id"] as? Int == 1, "PUT replaces: user_id falls back to its default")

            let patched = try await server.send("PATCH", "/todos/\(id)", json: #"{"completed":false}"#)
            let patchedTodo = try patched.object()
            #expect(patchedTodo["title"] as? String == "Rewritten")
            #expect(patchedTodo["completed"] as? Bool == false)

            let deleted = try await server.send("DELETE", "/todos/\(id)")
            #expect(deleted.status == 204)
            #expect(deleted.header("Content-Length") == nil)

            let gone = try await server.send("/todos/\(id)")
            #expect(gone.status == 404)
            #expect(try gone.object()["error"] as? String == "not_found")
        }
    }

    @Test("lists the seeded todos, filtered and limited")
    func listFilters() async throws {
        try await withDemoServer { server in
            let all = try await server.send("/todos").array()
            #expect(all.count == 5)
            let completed = try await server.send("/todos?completed=true").array()
            #expect(!completed.isEmpty)
            #expect(completed.allSatisfy { ($0 as? [String: Any])?["completed"] as? Bool == true })
            #expect(try await server.send("/todos?limit=2").array().count == 2)
            #expect(try await server.send("/todos?completed=maybe").status == 400)
            #expect(try await server.send("/todos?limit=-1").status == 400)
        }
    }

    @Test(
        "rejects malformed bodies with 400 and a JSON error",
        arguments: [
            "not json", "[1,2]", #"{"completed":true}"#, #"{"title":""}"#, #"{"title":"x","completed":"yes"}"#,
            #"{"title":"x","user_id":"7"}"#,
        ]
    )
    func rejectsBadBodies(body: String) async throws {
        try await withDemoServer { server in
            let reply = try await server.send("POST", "/todos", json: body)
            #expect(reply.status == 400)
            #expect(try reply.object()["error"] is String)
        }
    }

    @Test("unknown todos and ids that are not numbers")
    func missingTodos() async throws {
        try await withDemoServer { server in
            let missing = try await server.send("/todos/999")
            #expect(missing.status == 404)
            #expect(try missing.object()["error_description"] as? String == "no todo with id 999")
            #expect(try await server.send("PATCH", "/todos/999", json: #"{"completed":true}"#).status == 404)
            #expect(try await server.send("DELETE", "/todos/999").status == 404)
            #expect(try await server.send("/todos/abc").status == 400)
        }
    }
}
