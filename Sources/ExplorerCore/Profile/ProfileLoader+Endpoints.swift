import Dispatch
import Foundation
import Synchronization
import Yams

extension ProfileLoader {
    /// Lists at least this long are read by two threads.
    static let parallelReadThreshold = 256

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
