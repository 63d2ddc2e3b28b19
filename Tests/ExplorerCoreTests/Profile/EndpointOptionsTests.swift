import Testing

@testable import ExplorerCore

/// `Endpoint` keeps its rarely set parts behind one copy-on-write reference (`EndpointOptions`, `CopyOnWrite`):
/// copies must still behave as values, and equality must still compare what they hold.
@Suite("Endpoint options behind copy-on-write")
struct EndpointOptionsTests {
    @Test("writing an option of a copy leaves the original as it was, and the two then differ")
    func copiesAreValues() {
        var original = Endpoint(id: "a", path: "/a")
        original.transfer.timeout = .seconds(5)
        original.captures = [Capture(name: "id", source: .json("$.id"))]
        var copy = original
        #expect(copy == original)
        copy.transfer.timeout = .seconds(9)
        copy.captures.removeAll()
        copy.downloadTo = "out/"
        #expect(original.transfer.timeout == .seconds(5))
        #expect(original.captures.count == 1)
        #expect(original.downloadTo == nil)
        #expect(copy.transfer.timeout == .seconds(9))
        #expect(copy != original)
    }

    @Test("endpoints that set the same options are equal and hash alike, whichever storage holds them")
    func equalityByValue() {
        var first = Endpoint(id: "a", path: "/a")
        var second = Endpoint(id: "a", path: "/a")
        #expect(first == second)
        var expectation = ResponseExpectation()
        expectation.bodyContains = ["ok"]
        first.expectation = expectation
        second.expectation = expectation
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        second.expectation?.bodyContains = ["fine"]
        #expect(first != second)
    }

    @Test("an endpoint given a transfer or a download at its start keeps them, and one given neither none")
    func initializer() {
        let plain = Endpoint(id: "a", path: "/a")
        #expect(plain.transfer == TransferSettings())
        #expect(plain.downloadTo == nil)
        let set = Endpoint(
            id: "b", path: "/b", transfer: TransferSettings(followRedirects: false), downloadTo: "files/")
        #expect(set.transfer.followRedirects == false)
        #expect(set.downloadTo == "files/")
        #expect(plain.transfer.followRedirects == nil)
    }
}
