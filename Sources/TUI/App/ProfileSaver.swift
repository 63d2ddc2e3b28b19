import ExplorerCore

/// Writes an edited profile back to its file (atomically) and returns the profile as reloaded, with a note when an
/// edit went elsewhere than the profile file (its overlay, `ID.local.yaml`, and why).
package protocol ProfileSaver: Sendable {
    func save(_ profile: Profile) async throws -> (profile: Profile, note: String?)
}
