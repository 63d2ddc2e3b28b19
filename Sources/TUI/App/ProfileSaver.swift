import ExplorerCore

/// Writes an edited profile back to its file (atomically) and returns the profile as reloaded.
package protocol ProfileSaver: Sendable {
    func save(_ profile: Profile) async throws -> Profile
}
