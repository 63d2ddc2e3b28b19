import Foundation

/// Captured values on disk: one JSON file per profile and environment under `$XDG_STATE_HOME/apix/captures/`,
/// mode 0600 in a 0700 directory, replaced atomically, like tokens (they often are tokens).
///
/// Several processes may write one file; each write re-reads the file first and replaces only the values of the
/// endpoint that just answered, so two `apix run`s of different endpoints keep both results.
package struct CaptureStore: Sendable {
    /// Why the store could not be read or written; the path and what went wrong.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let path: String
        package let detail: String
        package var description: String { "captured values \(path): \(detail)" }
    }

    private struct File: Codable {
        var values: [CapturedValue]
    }

    package let directory: String

    package init(directory: String) {
        self.directory = directory
    }

    /// The store under a state directory: `stateDirectory/captures`.
    package init(stateDirectory: String = StateDirectory.path()) {
        self.init(directory: (stateDirectory as NSString).appendingPathComponent("captures"))
    }

    /// `profile@environment.json`, names percent-encoded as token files are.
    package func path(profile: String, environment: String) -> String {
        let name = PercentEncoding.fileName(profile) + "@" + PercentEncoding.fileName(environment) + ".json"
        return (directory as NSString).appendingPathComponent(name)
    }

    /// Every held value by reference (`login.token`); empty when nothing was captured yet.
    package func load(profile: String, environment: String) throws(Failure) -> [String: CapturedValue] {
        let path = path(profile: profile, environment: environment)
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                throw Failure(path: path, detail: "cannot read the file")
            }
            return [:]
        }
        do {
            let file = try StateFileJSON.decoder.decode(File.self, from: data)
            return Dictionary(file.values.map { ($0.reference, $0) }, uniquingKeysWith: { _, last in last })
        } catch {
            throw Failure(path: path, detail: "not a captures file apix can read (ignored)")
        }
    }

    /// Replaces what `endpointID` captured before with `values` (an answer without a value drops the old one).
    @discardableResult
    package func record(
        _ values: [CapturedValue], from endpointID: String, profile: String, environment: String
    ) throws(Failure) -> [String: CapturedValue] {
        var held = (try? load(profile: profile, environment: environment)) ?? [:]
        held = held.filter { $0.value.endpointID != endpointID }
        for value in values { held[value.reference] = value }
        try write(held, profile: profile, environment: environment)
        return held
    }

    /// Forgets one value (`login.token`), keeping the others; returns what is left.
    @discardableResult
    package func forget(
        _ reference: String, profile: String, environment: String
    ) throws(Failure) -> [String: CapturedValue] {
        var held = try load(profile: profile, environment: environment)
        guard held.removeValue(forKey: reference) != nil else { return held }
        try write(held, profile: profile, environment: environment)
        return held
    }

    /// Forgets every value of the profile and environment.
    package func clear(profile: String, environment: String) throws(Failure) {
        let path = path(profile: profile, environment: environment)
        guard unlink(path) == 0 || errno == ENOENT else {
            throw Failure(path: path, detail: String(cString: strerror(errno)))
        }
    }

    private func write(_ held: [String: CapturedValue], profile: String, environment: String) throws(Failure) {
        let path = path(profile: profile, environment: environment)
        do {
            try PrivateDirectory.prepare(directory)
        } catch {
            throw Failure(path: directory, detail: error.detail)
        }
        let sorted = held.values.sorted { $0.reference < $1.reference }
        let data: Data
        do {
            data = try StateFileJSON.encoder.encode(File(values: sorted))
        } catch {
            throw Failure(path: path, detail: "cannot encode: \(error)")
        }
        do {
            try AtomicFile.write(data, to: path, options: .userOnly)
        } catch {
            throw Failure(path: path, detail: error.detail)
        }
    }
}
