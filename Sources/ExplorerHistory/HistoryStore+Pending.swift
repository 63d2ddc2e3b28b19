import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Recording the entries other processes handed over (`HistoryPending`).
extension HistoryStore {
    /// Records the pending entries, oldest first, and removes each file once its record is committed; an entry
    /// already recorded (by another process importing at the same moment) is not recorded twice. Returns how many
    /// files were taken in. A failure leaves the files for the next store that opens.
    @discardableResult
    package func importPending() -> Int {
        let (paths, leftovers) = HistoryPending.files(in: directory)
        for path in leftovers { unlink(path) }
        guard !paths.isEmpty else { return 0 }
        var pending: [(path: String, entry: HistoryEntry)] = []
        for path in paths {
            if let entry = HistoryPending.read(path) {
                pending.append((path, entry))
            } else if Self.isOlderThanAMinute(path, now: Date()) {
                // Not one this apix wrote: it will never read.
                unlink(path)
                unlink(HistoryPending.bodyPath(of: path))
            }
        }
        pending.sort { $0.entry.recordedAt < $1.entry.recordedAt }
        var imported = 0
        for (path, entry) in pending {
            do {
                try record(entry, unlessPresent: true)
            } catch {
                break
            }
            unlink(path)
            unlink(HistoryPending.bodyPath(of: path))
            imported += 1
        }
        return imported
    }
}
