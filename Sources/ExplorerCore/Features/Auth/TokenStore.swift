import Foundation

/// Tokens on disk: one JSON file per profile and environment under `$XDG_STATE_HOME/apix/tokens/`
/// (`~/.local/state/apix/tokens/`), mode 0600 in a 0700 directory, replaced atomically (temporary file, fsync,
/// rename), so a crash never leaves a half-written file and other users can never read one.
///
/// A file that cannot be decoded is reported (`AuthError.Reason.store`) and the caller treats the store as empty.
package struct TokenStore: Sendable {
    /// What is kept for one profile and environment.
    package struct Record: Sendable, Hashable, Codable {
        /// `OAuth2Settings.owner` of the settings that obtained the token: a record from another token endpoint or
        /// client is ignored.
        var issuer: String
        package var token: OAuthToken?
        /// Why the last refresh was rejected by the server, so a later process does not ask again until the user
        /// logs in.
        package var failure: String?
        /// What was rejected, `login` or `refresh` (`AuthError.Operation`), so the next process names it too.
        var failedOperation: String?
        var savedAt: Date

        package init(
            issuer: String, token: OAuthToken?, failure: String? = nil, failedOperation: String? = nil,
            savedAt: Date = Date()
        ) {
            self.issuer = issuer
            self.token = token
            self.failure = failure
            self.failedOperation = failedOperation
            self.savedAt = savedAt
        }

        enum CodingKeys: String, CodingKey {
            case issuer, token, failure
            case failedOperation = "failed_operation"
            case savedAt = "saved_at"
        }
    }

    /// The directory holding the token files.
    package let directory: String

    /// A store in `directory` (created on the first save).
    package init(directory: String) {
        self.directory = directory
    }

    /// The store under a state directory: `stateDirectory/tokens`.
    package init(stateDirectory: String = StateDirectory.path()) {
        self.init(directory: (stateDirectory as NSString).appendingPathComponent("tokens"))
    }

    /// `profile@environment.json` (`profile@environment@definition.json` for a named definition), with anything
    /// but letters, digits, `.`, `_` and `-` percent-encoded.
    package func path(for key: ProfileEnvironmentKey) -> String {
        var name = PercentEncoding.fileName(key.profile) + "@" + PercentEncoding.fileName(key.environment)
        if let definition = key.definition { name += "@" + PercentEncoding.fileName(definition) }
        name += ".json"
        return (directory as NSString).appendingPathComponent(name)
    }

    /// The record for `key`, `nil` when there is none; throws `.store` for a file that cannot be read or decoded.
    package func load(_ key: ProfileEnvironmentKey) throws(AuthError) -> Record? {
        let path = path(for: key)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AuthError(.store(path: path, detail: "cannot read the file"))
        }
        do {
            return try StateFileJSON.decoder.decode(Record.self, from: data)
        } catch {
            throw AuthError(
                .store(path: path, detail: "not a token file apix can read (ignored): \(Self.describe(error))"))
        }
    }

    /// Replaces the record for `key` atomically.
    package func save(_ record: Record, for key: ProfileEnvironmentKey) throws(AuthError) {
        let path = path(for: key)
        let data: Data
        do {
            data = try StateFileJSON.encoder.encode(record)
        } catch {
            throw AuthError(.store(path: path, detail: "cannot encode: \(error)"))
        }
        try prepareDirectory()
        do {
            try AtomicFile.write(data, to: path, options: .userOnly)
        } catch {
            throw AuthError(.store(path: path, detail: error.detail))
        }
    }

    /// Forgets the tokens of `key` (nothing happens when there are none).
    package func remove(_ key: ProfileEnvironmentKey) throws(AuthError) {
        let path = path(for: key)
        guard unlink(path) == 0 || errno == ENOENT else {
            throw AuthError(.store(path: path, detail: String(cString: strerror(errno))))
        }
    }

    /// Forgets the tokens of every environment (and named definition) of `profile`.
    package func removeAll(profile: String) throws(AuthError) {
        let prefix = PercentEncoding.fileName(profile) + "@"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".json") {
            let path = (directory as NSString).appendingPathComponent(name)
            guard unlink(path) == 0 || errno == ENOENT else {
                throw AuthError(.store(path: path, detail: String(cString: strerror(errno))))
            }
        }
    }

    // MARK: - Files

    /// Creates the directory (and missing parents) with mode 0700, and narrows it to 0700 if it is wider.
    private func prepareDirectory() throws(AuthError) {
        do {
            try PrivateDirectory.prepare(directory)
        } catch {
            throw AuthError(.store(path: directory, detail: error.detail))
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing `\(key.stringValue)`"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at `\(context.codingPath.map(\.stringValue).joined(separator: "."))`"
        default: "\(error)"
        }
    }
}
