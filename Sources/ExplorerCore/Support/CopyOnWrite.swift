/// A value kept behind one reference and copied only when written while shared: a large, rarely set part of a
/// value type costs one pointer to move and one retain to copy, however many fields it has.
///
/// Compared and hashed by the value it holds, so a type that stores it keeps its synthesized `Hashable`.
package struct CopyOnWrite<Value: Sendable & Hashable>: Sendable, Hashable {
    /// `@unchecked Sendable`: `value` is only written through `CopyOnWrite.value`'s `_modify`, and only after
    /// `isKnownUniquelyReferenced` proved that no other `CopyOnWrite` (on this or any thread) holds this instance;
    /// a shared instance is copied first and never written again. Readers of a shared instance so see a value that
    /// no one changes, as with the standard library's own copy-on-write buffers.
    private final class Storage: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var storage: Storage

    package init(_ value: Value) {
        storage = Storage(value)
    }

    /// Starts from `shared` (a storage many values may hold at once, e.g. one for "nothing set").
    package init(sharing shared: CopyOnWrite) {
        storage = shared.storage
    }

    package var value: Value {
        get { storage.value }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
            yield &storage.value
        }
    }

    package static func == (lhs: CopyOnWrite, rhs: CopyOnWrite) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(storage.value)
    }
}
