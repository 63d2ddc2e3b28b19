import Foundation

/// Finds where a JSON pointer's value starts in a document's text (its line and column), or the nearest value on
/// the way there that exists: how `apix check` locates a problem in a JSON file (`ID.schemas.json`). One scan,
/// no tree; only run when there is a problem to locate.
package struct JSONPointerLocator: JSONScanHandler {
    private let bytes: UnsafeRawBufferPointer
    private let target: [String]
    /// The tokens of the value about to start (an object member's key is pushed as it is scanned).
    private var path: [String] = []
    /// Per open container: whether it is an object, and the index of its next element.
    private var frames: [(isObject: Bool, next: Int)] = []
    /// The longest prefix of `target` found so far, and where its value starts.
    private var best: (length: Int, offset: Int)?

    private init(bytes: UnsafeRawBufferPointer, target: [String]) {
        self.bytes = bytes
        self.target = target
    }

    /// The 1-based line and column of the value at `tokens` (or of the deepest value on its way) in `data`; nil when
    /// the text is not JSON.
    static func locate(_ tokens: [String], in data: Data) -> (line: Int, column: Int)? {
        data.withUnsafeBytes { bytes in
            var locator = JSONPointerLocator(bytes: bytes, target: tokens)
            do {
                try JSONScanner(bytes: bytes).scan(into: &locator)
            } catch {
                return nil
            }
            guard let best = locator.best else { return nil }
            let place = JSONParseError(message: "", offset: best.offset, in: bytes)
            return (place.line, place.column)
        }
    }

    /// The byte offset where the value at `tokens` (or the deepest value on its way) starts in `data`; nil when the
    /// text is not JSON. How the explorer finds a schema violation's place in a body.
    package static func offset(_ tokens: [String], in data: Data) -> Int? {
        data.withUnsafeBytes { bytes in
            var locator = JSONPointerLocator(bytes: bytes, target: tokens)
            guard (try? JSONScanner(bytes: bytes).scan(into: &locator)) != nil else { return nil }
            return locator.best?.offset
        }
    }

    private mutating func valueStarts(at offset: Int) {
        if let last = frames.indices.last, !frames[last].isObject {
            path.append(String(frames[last].next))
            frames[last].next += 1
        }
        if path.count <= target.count, path.count > (best?.length ?? -1), Array(target.prefix(path.count)) == path {
            best = (path.count, offset)
        }
    }

    private mutating func valueEnded() {
        if !frames.isEmpty { path.removeLast() }
    }

    mutating func containerOpened(isObject: Bool, at offset: Int, depth: Int) {
        valueStarts(at: offset)
        frames.append((isObject, 0))
    }

    mutating func containerClosed(isObject: Bool, at offset: Int, depth: Int, isEmpty: Bool) {
        frames.removeLast()
        valueEnded()
    }

    mutating func keyScanned(start: Int, end: Int, hasEscapes: Bool, depth: Int) {
        let token = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        let key =
            hasEscapes
            ? ((try? JSONValue.parse(token))?.stringValue ?? "")
            : String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)]), as: UTF8.self)
        path.append(key)
    }

    mutating func scalarScanned(_ kind: JSONTokenKind, start: Int, end: Int, hasEscapes: Bool, depth: Int) {
        valueStarts(at: start)
        valueEnded()
    }
}
