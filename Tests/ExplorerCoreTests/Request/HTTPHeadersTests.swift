import Testing

@testable import ExplorerCore

@Suite("Headers")
struct HTTPHeadersTests {
    @Test("lookups ignore case and keep the first value")
    func lookup() {
        let headers: HTTPHeaders = ["Content-Type": "application/json", "X-A": "1"]
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["missing"] == nil)
    }

    @Test("merging replaces names case-insensitively and keeps order of first appearance")
    func merge() {
        let base: HTTPHeaders = ["Accept": "text/plain", "X-Env": "local", "X-Keep": "yes"]
        let merged = base.merging(["accept": "application/json", "X-New": "1"])
        #expect(merged.fields.map(\.name) == ["accept", "X-Env", "X-Keep", "X-New"])
        #expect(merged["Accept"] == "application/json")
        #expect(merged.values(for: "accept") == ["application/json"])
    }

    @Test("a repeated name in the layer on top is kept repeated")
    func repeatedInOverlay() {
        let merged = HTTPHeaders([("Cookie", "a=1")]).merging(HTTPHeaders([("Cookie", "b=2"), ("cookie", "c=3")]))
        #expect(merged.values(for: "Cookie") == ["b=2", "c=3"])
    }

    @Test("set removes every other field of that name")
    func set() {
        var headers = HTTPHeaders([("A", "1"), ("B", "2"), ("a", "3")])
        headers.set("a", "9")
        #expect(headers.fields == [.init(name: "a", value: "9"), .init(name: "B", value: "2")])
    }
}
