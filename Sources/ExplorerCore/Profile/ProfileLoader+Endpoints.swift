import Dispatch
import Foundation
import Synchronization
import Yams

extension ProfileLoader {
    /// Lists at least this long are read by two threads.
    static let parallelReadThreshold = 256

    /// Composes and reads a long profile as two halves at once (`ProfileTextSplit`): composing is two thirds of
    /// the time to load a profile of 2,000 endpoints, and the TUI cannot draw its first frame before. Nil when the
    /// text is not cut or a half does not compose; the caller then reads the whole file, so every syntax error is
    /// reported as composing the whole file reports it.
    static func readSplit(yaml: String, file: String, id: String) -> (Profile?, [ProfileProblem])? {
        guard let split = ProfileTextSplit(yaml, minimumItems: parallelReadThreshold) else { return nil }
        let halves = Mutex<[Int: SplitHalf]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            guard case .success(let root) = compose(half == 0 ? split.head : split.tail, file: file) else { return }
            let list = half == 0 ? root.mapping?.first { $0.key.scalar?.string == "endpoints" }?.value : root
            guard let sequence = list?.sequence else { return }
            var reader = YAMLReader(file: file)
            let items = Array(sequence)
            let endpoints = items.map { readEndpoint($0, reader: &reader) }
            let result = SplitHalf(root: root, items: items, endpoints: endpoints, problems: reader.problems)
            halves.withLock { $0[half] = result }
        }
        guard let head = halves.withLock({ $0[0] }), let tail = halves.withLock({ $0[1] }) else { return nil }
        var reader = YAMLReader(file: file)
        reader.record(head.problems + tail.problems)
        let read = Array(zip(head.items + tail.items, head.endpoints + tail.endpoints))
        let profile = readProfile(head.root, id: id, reader: &reader, endpoints: read)
        // Freeing the node trees (some 100,000 objects for 2,000 endpoints) costs as much as reading them; nothing
        // waits for it, so a background queue takes the last references.
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime([head, tail]) {} }
        return (profile, reader.problems)
    }

    /// Reads every endpoint of a profile's `endpoints` list, in order (nil where one is broken). A long list is read
    /// in two halves at once, each with its own reader whose problems are then merged: reading is a third of the
    /// time to load a profile of 2,000 endpoints, and the TUI cannot draw its first frame before.
    static func readEndpoints(_ items: [Node], reader: inout YAMLReader) -> [Endpoint?] {
        guard items.count >= parallelReadThreshold, ProcessInfo.processInfo.activeProcessorCount > 1 else {
            return items.map { readEndpoint($0, reader: &reader) }
        }
        let middle = items.count / 2
        let halves = [0..<middle, middle..<items.count]
        let nodes = EndpointNodes(items: items)
        let file = reader.file
        let parts = Mutex<[Int: (endpoints: [Endpoint?], problems: [ProfileProblem])]>([:])
        DispatchQueue.concurrentPerform(iterations: halves.count) { half in
            var own = YAMLReader(file: file)
            let endpoints = halves[half].map { readEndpoint(nodes.items[$0], reader: &own) }
            parts.withLock { $0[half] = (endpoints, own.problems) }
        }
        var endpoints: [Endpoint?] = []
        endpoints.reserveCapacity(items.count)
        for half in halves.indices {
            guard let part = parts.withLock({ $0[half] }) else { continue }
            endpoints += part.endpoints
            reader.record(part.problems)
        }
        return endpoints
    }
}

/// The endpoint nodes handed to the reading threads.
///
/// `@unchecked Sendable`: Yams nodes are not `Sendable` because resolving a tag writes the resolved name into the
/// node's own `Tag`. Each thread reads a disjoint range of endpoint subtrees, so no `Tag` (or any other mutable
/// state) is reached from two threads; what the subtrees share (the resolver and constructor) is never written.
private struct EndpointNodes: @unchecked Sendable {
    let items: [Node]
}

/// One half of a split profile: its root, its endpoint items and what reading them gave.
///
/// `@unchecked Sendable`: Yams nodes are not `Sendable` (see `EndpointNodes`). A half is built by one thread and
/// handed over once through the mutex; after `concurrentPerform` returns only the calling thread touches it.
private struct SplitHalf: @unchecked Sendable {
    let root: Node
    let items: [Node]
    let endpoints: [Endpoint?]
    let problems: [ProfileProblem]
}
