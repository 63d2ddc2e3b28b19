import ExplorerCore
import Foundation
import GRDB

/// An endpoint's usual time, for the explorer's word on a slow send (`TimingBaseline`).
extension HistoryStore {
    /// The baseline of `endpoint`'s newest answers from the server recorded before `before` (so the send being judged
    /// is never part of its own baseline): at most `TimingBaseline.window` of them, answers from the cache and
    /// exchanges that got no answer left out. nil when there are too few.
    package func baseline(profile: String, endpoint: String, before: Date) throws(HistoryStoreError) -> TimingBaseline?
    {
        importPending()
        // `exchange_by_endpoint` (profile, endpoint, seq) walks the endpoint's rows newest first.
        let sql = """
            SELECT duration_ms FROM exchange
            WHERE profile = ? AND endpoint = ? AND source = 'network' AND status IS NOT NULL AND recorded_at < ?
            ORDER BY seq DESC LIMIT ?
            """
        let arguments: StatementArguments = [
            profile, endpoint, before.timeIntervalSince1970, TimingBaseline.window,
        ]
        do {
            let totals = try pool.read { db in try Double.fetchAll(db, sql: sql, arguments: arguments) }
            return TimingBaseline(totals: totals.map { Duration.microseconds(Int64(($0 * 1000).rounded())) })
        } catch {
            throw HistoryStoreError("cannot read the history: \(error)")
        }
    }
}
