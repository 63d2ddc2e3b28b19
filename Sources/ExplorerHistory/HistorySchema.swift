import GRDB

/// The database's schema, one migration per version from the first on: a database written by any earlier apix
/// is brought up to date when opened, never rebuilt.
enum HistorySchema {
    /// The number of migrations, kept in the database's `user_version` once they have all run.
    static let version = 2

    /// Brings the database up to date. A database at `version` already is only read (`PRAGMA user_version`, no
    /// write transaction): the migrator would look at its table and take the write lock on every open.
    static func migrate(_ pool: DatabasePool) throws {
        let current = try pool.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
        guard current < version else { return }
        try migrator.migrate(pool)
        try pool.write { db in try db.execute(sql: "PRAGMA user_version = \(version)") }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE exchange (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL UNIQUE,
                        recorded_at REAL NOT NULL,
                        origin TEXT NOT NULL,
                        profile TEXT,
                        environment TEXT,
                        endpoint TEXT,
                        method TEXT NOT NULL,
                        url TEXT NOT NULL,
                        request_headers TEXT NOT NULL,
                        request_body BLOB,
                        request_body_type TEXT,
                        status INTEGER,
                        reason TEXT NOT NULL DEFAULT '',
                        http_version TEXT NOT NULL DEFAULT '',
                        response_headers TEXT NOT NULL DEFAULT '[]',
                        source TEXT NOT NULL DEFAULT 'network',
                        error_kind TEXT,
                        error_message TEXT,
                        metrics TEXT,
                        duration_ms REAL NOT NULL DEFAULT 0,
                        checks TEXT,
                        body_bytes INTEGER NOT NULL DEFAULT 0,
                        body_state TEXT NOT NULL,
                        body BLOB,
                        body_file TEXT,
                        body_file_bytes INTEGER NOT NULL DEFAULT 0,
                        replay_of TEXT
                    );
                    CREATE INDEX exchange_by_endpoint ON exchange(profile, endpoint, seq);
                    CREATE INDEX exchange_by_time ON exchange(recorded_at);
                    CREATE INDEX exchange_body_files ON exchange(seq) WHERE body_file IS NOT NULL;
                    """)
        }
        // The number of entries, kept by triggers: pruning by count after each record must not count the table
        // (SQLite's COUNT(*) walks it, and an OFFSET of `max_entries` walks that many rows: milliseconds per record
        // in a large history). Triggers keep it true whatever writes, an older apix included.
        migrator.registerMigration("v2: entry count") { db in
            try db.execute(
                sql: """
                    CREATE TABLE exchange_count (n INTEGER NOT NULL);
                    INSERT INTO exchange_count (n) SELECT COUNT(*) FROM exchange;
                    CREATE TRIGGER exchange_counted_in AFTER INSERT ON exchange
                        BEGIN UPDATE exchange_count SET n = n + 1; END;
                    CREATE TRIGGER exchange_counted_out AFTER DELETE ON exchange
                        BEGIN UPDATE exchange_count SET n = n - 1; END;
                    """)
        }
        return migrator
    }
}
