import Foundation
import Testing

extension EndToEndTerminal {
    /// The body editor's request-schema hints in the real `apix demo` (tmux at 120×40), on a profile of its own whose
    /// endpoint names `request_schema:` and posts to the demo API's `/echo` (issue 32).
    @Suite("TUI end to end: request-field hints", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUIRequestSchemaEndToEndTests {
        static let profile = """
            name: Pets
            variables: { port: "8080" }
            environments: { local: { base_url: "http://127.0.0.1:{{port}}" } }
            schema_dialect: openapi-3.0
            schemas:
              Pet:
                type: object
                required: [id, name, status]
                properties:
                  id: { type: integer, readOnly: true }
                  name: { type: string, description: "The pet's name" }
                  status: { type: string, description: "pet status in the store", enum: [available, pending, sold] }
            endpoints:
              - id: pets.create
                method: POST
                path: /echo
                body: { json: { name: Rex, status: pending } }
                request_schema: Pet
            """

        @Test("the field under the cursor, * on required lines, Ctrl-O picks a value that is then sent")
        func hintsAndPicker() throws {
            let session = try TmuxSession()
            defer { session.close() }
            let directory = session.home + "/profiles"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Self.profile.write(toFile: directory + "/pets.yaml", atomically: true, encoding: .utf8)
            // `apix demo` serves the demo profile's API and sets `port`: it wants that profile beside this one.
            for name in ["demo.yaml", "demo.secrets.yaml"] {
                try FileManager.default.copyItem(
                    atPath: Fixtures.profilesDirectory + "/" + name, toPath: directory + "/" + name)
            }
            try session.run("\(TmuxSession.apix) demo --port 0 --profiles \(directory)")
            try session.waitFor("GET    todos.get")
            try session.send("/")
            try session.send("pets.create", literal: true)
            try session.send("Enter", "Tab", "4", "Enter")
            try session.waitFor("Ctrl-S keeps")
            try session.waitFor("schema Pet: every required field is written")
            try session.send("Down")
            try session.waitFor("name: string, required — The pet's name")
            let screen = try session.capture()
            #expect(screen.contains("2   *  \"name\": \"Rex\""), "\(screen)")
            try session.send("Down")
            try session.waitFor("one of \"available\", \"pending\", \"sold\"  (Ctrl-O picks)")
            try session.send("C-o")
            try session.waitFor("Values of status")
            try session.send("Down", "Enter")
            try session.waitFor("\"status\": \"sold\"")
            try session.waitFor("status = \"sold\"")
            try session.send("C-s")
            try session.waitFor("body updated (JSON)")
            // Sent as edited: the echo shows the body that went.
            try session.send("C-r")
            try session.waitFor("200 OK")
            // The body went as edited: `{\n  "name": "Rex",\n  "status": "sold"\n}` is 39 bytes ("pending": 42).
            try session.waitFor("↑ 39 B")
            try session.send("q", "y")
        }
    }
}
