import Dispatch
import Foundation
import Synchronization

extension ProfileLoader {
    /// Profiles with at least this many endpoints are composed and read by two threads.
    static let parallelReadThreshold = 256

    /// Composes and reads a long profile as two halves at once (`ProfileTextSplit`): composing is two thirds of
    /// the time to load a profile of 2,000 endpoints, and the TUI cannot draw its first frame before. Nil when the
    /// text is not cut or a half does not compose; the caller then reads the whole file, so every syntax error is
    /// reported as composing the whole file reports it.
    static func readSplit(yaml: String, file: String, id: String) -> (Profile?, [ProfileProblem])? {
        // The processor count second: asking for it reads the cgroup's files, and most profiles are too small to split.
        guard let split = ProfileTextSplit(yaml, minimumItems: parallelReadThreshold),
            ProcessInfo.processInfo.activeProcessorCount > 1
        else { return nil }
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
        // The zipped list is a temporary, released here: after this line only `head` and `tail` hold the trees.
        let profile = readProfile(
            head.root, id: id, reader: &reader,
            endpoints: Array(zip(head.items + tail.items, head.endpoints + tail.endpoints)))
        // Freeing the node trees (some 100,000 nodes for 2,000 endpoints) takes a few milliseconds; nothing waits for
        // it, so a background queue takes the last references.
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime([head, tail]) {} }
        return (profile, reader.problems)
    }
}

/// One half of a split profile: its root, its endpoint items and what reading them gave.
///
/// `@unchecked Sendable`: a `YAMLNode` is a plain value, but holds Yams' scalar style, which Yams does not declare
/// `Sendable`. A half is its own tree, composed from its own text by one thread and handed over once through the
/// mutex; after `concurrentPerform` returns only the calling thread touches it (and then the queue that frees it).
private struct SplitHalf: @unchecked Sendable {
    let root: YAMLNode
    let items: [YAMLNode]
    let endpoints: [Endpoint?]
    let problems: [ProfileProblem]
}
