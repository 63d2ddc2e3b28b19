// libFuzzer target, differential: a JSONPath query (the input's first line) run on a document (the rest) read as a
// `JSONTape`, as checks and captures read bodies, and as a `JSONValue` tree. Both must accept the same documents with
// the same error, select the same values at the same locations, and show and count them alike.
import Foundation

@testable import ExplorerCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONTape(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
    let query = String(decoding: bytes[..<newline], as: UTF8.self)
    let source = Data(bytes[min(newline + 1, bytes.endIndex)...])
    let tree: JSONValue
    do {
        tree = try JSONValue.parse(source)
    } catch {
        do {
            _ = try JSONTape(data: source)
            fatalError("the tape accepted a document the parser refused: \(error)")
        } catch let tapeError {
            if "\(tapeError)" != "\(error)" { fatalError("tape: \(tapeError), parser: \(error)") }
        }
        return 0
    }
    let tape: JSONTape
    do {
        tape = try JSONTape(data: source)
    } catch {
        fatalError("the tape refused a document the parser read: \(error)")
    }
    if tape.value(at: tape.root) != tree { fatalError("the tape's root is not the document") }
    guard let path = try? JSONPath(query) else { return 0 }
    // Bounded like the checks (the budget), never stopped: a cancelled or expensive run says nothing here.
    guard let expected = try? path.evaluate(in: tree, tracksLocations: true),
        let found = try? path.evaluate(in: tape, tracksLocations: true)
    else { return 0 }
    if found.count != expected.count { fatalError("\(found.count) nodes on the tape, \(expected.count) on the tree") }
    for (node, value) in zip(found, expected) {
        if node.location != value.location { fatalError("locations differ: \(node.location) \(value.location)") }
        if tape.value(at: node.node) != value.node { fatalError("values differ at \(value.location)") }
        if tape.serialized(at: node.node, limit: 80) != value.node.serialized() { fatalError("shown differently") }
        if tape.count(of: node.node) != value.node.count(of: value.node) { fatalError("counts differ") }
        if tape.kind(of: node.node) != value.node.kind(of: value.node) { fatalError("kinds differ") }
    }
    return 0
}
