import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The body editor's request-schema hints (issue 32), rendered headlessly: the field under the cursor (type,
/// required, description, allowed values) on the editor's last line, `*` in the gutter of a line naming a required
/// field, and `Ctrl-O` offering the values the schema allows, the one taken written in place.
@Suite("Request-field hints in the body editor")
@MainActor
struct BodySchemaHintsTests {
    static let yaml = """
        name: Pets
        environments: { local: { base_url: "http://127.0.0.1:9" } }
        schema_dialect: openapi-3.0
        schemas:
          Category: { type: object, properties: { name: { type: string, description: "Category name" } } }
          Pet:
            type: object
            required: [id, name, status]
            properties:
              id: { type: integer, readOnly: true }
              name: { type: string, description: "The pet's name\\u001b[31m, red" }
              category: { $ref: "#/components/schemas/Category" }
              status: { type: string, description: "pet status in the store", enum: [available, pending, sold] }
              size: { type: string, enum: ["", small] }
              tags: { type: array, items: { type: object, properties: { label: { type: string, enum: [a, b] } } } }
        endpoints:
          - id: pets.create
            method: POST
            path: /pets
            body: { json: { name: Rex, status: pending } }
            request_schema: Pet
          - id: pets.form
            method: POST
            path: /pets
            body: { form: { name: Rex, status: sold } }
            request_schema: Pet
        """

    static func state(editing endpoint: String, text: String) throws -> AppState {
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/tmp/pets.yaml", id: "pets").get()
        var state = AppState(
            catalog: ProfileCatalog(profiles: [profile]), profileDirectory: "/tmp", processEnvironment: [:],
            width: 120, height: 30, now: Fixtures.start)
        state.select(endpoint)
        _ = state.update(.builtInEditorRequested(EndpointKey(profile: "pets", endpoint: endpoint), text: text))
        return state
    }

    static func screen(_ state: AppState) -> String { Screen.render(state, theme: .monochrome).text }

    static func editor(_ state: AppState) -> BodyEditorState? {
        if case .bodyEditor(let editor)? = state.overlay { return editor }
        return nil
    }

    @Test("the hint line names the field under the cursor; required lines are marked; escapes stay escaped")
    func hintLine() throws {
        let text = """
            {
              "name": "Rex",
              "status": "pending",
              "category": { "name": "dogs" },
              "tags": [{ "label": "a" }]
            }
            """
        var state = try Self.state(editing: "pets.create", text: text)
        // On `{`: the schema, and what the body lacks (`id` is readOnly: a request need not send it).
        #expect(Self.screen(state).contains("schema Pet: every required field is written"), "\(Self.screen(state))")
        _ = state.press(.down)
        let name = Self.screen(state)
        #expect(name.contains("name: string, required — The pet's name\\e[31m, red"), "\(name)")
        #expect(!name.contains("\u{1B}[31m"))
        // Required lines carry `*` in the gutter: `name` and `status`, not `category`.
        let lines = name.split(separator: "\n")
        #expect(lines.contains { $0.contains("2   *  \"name\"") }, "\(name)")
        #expect(lines.contains { $0.contains("3   *  \"status\"") }, "\(name)")
        #expect(lines.contains { $0.contains("4      \"category\"") }, "\(name)")
        _ = state.press(.down)
        #expect(
            Self.screen(state).contains(
                "status: string, required — pet status in the store · one of \"available\", \"pending\", \"sold\"  "
                    + "(Ctrl-O picks)"), "\(Self.screen(state))")
        // Nested through a $ref, and into an array's items.
        _ = state.press(.down, .end)
        #expect(Self.screen(state).contains("name: string, optional — Category name"), "\(Self.screen(state))")
        _ = state.press(.down, .end)
        #expect(Self.screen(state).contains("label: string, optional · one of \"a\", \"b\""), "\(Self.screen(state))")

        // Without `status`, the root says what is missing.
        let lacking = try Self.state(editing: "pets.create", text: "{\n  \"name\": \"Rex\"\n}")
        #expect(Self.screen(lacking).contains("schema Pet · missing required: status"), "\(Self.screen(lacking))")
    }

    @Test("Ctrl-O lists the allowed values at the current one; Enter writes the chosen one in place, as JSON")
    func pickerJSON() throws {
        var state = try Self.state(
            editing: "pets.create", text: "{\n  \"name\": \"Rex\",\n  \"status\": \"pending\"\n}")
        _ = state.press(.down, .down, .control("o"))
        let picker = try #require(Self.editor(state)?.valuePicker)
        #expect(picker.selected == 1)
        let shown = Self.screen(state)
        #expect(shown.contains("Values of status"), "\(shown)")
        #expect(shown.contains("\"available\"") && shown.contains("\"sold\""), "\(shown)")
        _ = state.press(.down, .enter)
        let editor = try #require(Self.editor(state))
        #expect(editor.valuePicker == nil)
        #expect(editor.editor.text == "{\n  \"name\": \"Rex\",\n  \"status\": \"sold\"\n}")
        #expect(state.message?.text == "status = \"sold\"")
        // A field with no values listed says so, and opens nothing.
        _ = state.press(.up, .control("o"))
        #expect(Self.editor(state)?.valuePicker == nil)
        #expect(state.message?.text.contains("lists no values") == true, "\(String(describing: state.message))")
        // Esc closes the picker and leaves the text as it was.
        _ = state.press(.down, .control("o"), .down, .escape)
        #expect(Self.editor(state)?.valuePicker == nil)
        #expect(Self.editor(state)?.editor.text.contains("\"status\": \"sold\"") == true)
    }

    @Test("a form body: the field on the line, its value written bare")
    func pickerForm() throws {
        var state = try Self.state(editing: "pets.form", text: "name=Rex\nstatus=sold")
        #expect(Self.screen(state).contains("name: string, required"), "\(Self.screen(state))")
        _ = state.press(.down, .control("o"), .home, .enter)
        #expect(Self.editor(state)?.editor.text == "name=Rex\nstatus=available")
        // An empty value (Stripe's `""`) is named in the box, not a blank line.
        var sized = try Self.state(editing: "pets.form", text: "size=small")
        _ = sized.press(.control("o"))
        #expect(Self.screen(sized).contains("│ (empty)"), "\(Self.screen(sized))")
    }

    @Test("the field paths read from text that may not parse yet")
    func paths() {
        let lines = ["{", "  \"a\": {\"b\": 1, \"c\": [1, 2],", "  \"d\": [{\"e\": \"x, y\"}]", "  \"f\": "].map {
            Array($0)
        }
        let fields = BodyFieldPath.fields(lines, form: false)
        #expect(fields[1].map(\.path) == [["a"], ["a", "b"], ["a", "c"]])
        #expect(fields[1][1].value == 13..<14)
        #expect(fields[1][2].value == nil)
        #expect(fields[2].map(\.path) == [["a", "d"], ["a", "d", "[]", "e"]])
        #expect(fields[2][1].value.map { String(lines[2][$0]) } == "\"x, y\"")
        #expect(fields[3].first?.value == 7..<7)
        #expect(BodyFieldPath.formPath("items[0][price]") == ["items", "[]", "price"])
        #expect(BodyFieldPath.formPath("metadata[order]") == ["metadata", "order"])
    }
}
