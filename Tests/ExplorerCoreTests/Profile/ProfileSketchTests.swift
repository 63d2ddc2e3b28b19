import Foundation
import Testing

@testable import ExplorerCore

/// The explorer's first frame before its profiles load (`ProfileSketch`): what it shows is what the full load reads,
/// and where the scan cannot be sure it declines (the explorer then loads first, as before).
@Suite("profile sketch")
struct ProfileSketchTests {
    static let shapes = """
        # a comment
        name: "Shop API"
        default_environment: staging
        variables: { a: 1 }
        environments:
          prod: { base_url: "https://shop.example" }
          staging:   # staging
            base_url: "https://staging.shop.example"
        endpoints:
          - id: orders.list   # the list
            name: List orders
            folder: Orders / Reading
            method: GET
            path: "/orders?a=1&b=2"
            headers:
              Accept: application/json
          - id: orders.create
            method: POST
            path: /orders
            body:
              json:
                name: x
                id: not an endpoint
          - name: Third
            id: "third one"
            path: /x
            description: |
              method: DELETE
          - id: 'single'
            folder: 'Other'
            method: PUT
            path: /y/{id}
            params: { id: 1 }
          - id: live
            protocol: websocket
            path: /live

        """

    static func sketch(_ text: String, id: String = "shop") -> Profile? {
        ProfileSketch.profile(Array(text.utf8), id: id, file: "/nowhere/\(id).yaml")
    }

    static func loaded(_ text: String) throws -> Profile {
        try ProfileLoader.load(file: "/nowhere/shop.yaml", text: text).get()
    }

    @Test("the sketch reads what the full load reads, on every shape it accepts")
    func agreement() throws {
        let sketch = try #require(Self.sketch(Self.shapes))
        #expect(ProfileSketch.differences(sketch, try Self.loaded(Self.shapes)) == [])
        #expect(sketch.endpoints.map(\.id) == ["orders.list", "orders.create", "third one", "single", "live"])
        #expect(sketch.endpoints.map(\.method.rawValue) == ["GET", "POST", "GET", "PUT", "GET"])
        #expect(sketch.endpoints.map { $0.webSocket != nil } == [false, false, false, false, true])
        #expect(sketch.endpoints[0].folder == "Orders / Reading" && sketch.endpoints[2].name == "Third")
        #expect(sketch.name == "Shop API" && sketch.defaultEnvironment == "staging")
        #expect(sketch.environments.map(\.name) == ["prod", "staging"])
    }

    @Test("a difference is found: the comparison the tests rely on can fail")
    func differenceFound() throws {
        let sketch = try #require(Self.sketch(Self.shapes))
        let other = try Self.loaded(Self.shapes.replacingOccurrences(of: "name: List orders", with: "name: Listed"))
        #expect(ProfileSketch.differences(sketch, other) == ["orders.list: name: List orders ≠ Listed"])
    }

    @Test(
        "values it cannot read exactly decline the sketch",
        arguments: [
            ("an escape", "    name: \"a \\\"quoted\\\" name\"\n"),
            ("a block scalar", "    name: |\n      Two\n      lines\n"),
            ("a plain scalar over two lines", "    name: two\n      lines\n"),
            ("a lowercase method", "    method: get\n"),
            ("a method the body decides", "    body: { graphql: { query: \"{ a }\" } }\n"),
            ("a protocol it does not know", "    protocol: gopher\n"),
            ("an anchor", "    name: &n anchored\n"),
            ("a single-quoted escape", "    name: 'it''s'\n"),
            ("a quoted key", "    \"name\": Quoted\n"),
        ])
    func declines(_ what: String, _ line: String) throws {
        let text = "name: P\nendpoints:\n  - id: one\n" + line + "    path: /one\n"
        #expect(Self.sketch(text) == nil, "\(what)")
    }

    @Test("flow items, duplicate ids and a tab decline; an empty profile sketches empty")
    func otherShapes() throws {
        #expect(Self.sketch("endpoints:\n  - { id: a, path: /a }\n") == nil)
        #expect(Self.sketch("endpoints:\n  - id: a\n    path: /a\n  - id: a\n    path: /b\n") == nil)
        #expect(Self.sketch("endpoints:\n\t- id: a\n") == nil)
        let empty = try #require(Self.sketch("name: Empty\n"))
        #expect(empty.endpoints.isEmpty && empty.name == "Empty")
    }

    @Test("the shipped demo profile sketches as it loads")
    func shipped() throws {
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("profiles/demo.yaml")
        let bytes = try Array(Data(contentsOf: demo))
        let sketched = ProfileSketch.profile(bytes, id: "demo", file: demo.path)
        let sketch = try #require(sketched)
        let loaded = try ProfileLoader.load(file: demo.path).get()
        #expect(ProfileSketch.differences(sketch, loaded) == [])
        #expect(sketch.endpoints.count == loaded.endpoints.count && sketch.endpoints.count > 20)
    }

    @Test("a directory: every profile in load order; an overlay beside one declines the whole sketch")
    func directory() throws {
        let directory = NSTemporaryDirectory() + "apix-sketch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.shapes.write(toFile: directory + "/shop.yaml", atomically: true, encoding: .utf8)
        try "name: B\nenvironments:\n  dev: { base_url: \"http://b\" }\nendpoints:\n  - id: b\n    path: /b\n".write(
            toFile: directory + "/b.yaml", atomically: true, encoding: .utf8)
        let catalog = try #require(ProfileSketch.catalog(directory: directory))
        #expect(catalog.profiles.map(\.id) == ProfileLoader.load(directory: directory).profiles.map(\.id))
        try "endpoints: []\n".write(toFile: directory + "/b.local.yaml", atomically: true, encoding: .utf8)
        #expect(ProfileSketch.catalog(directory: directory) == nil)
    }
}
