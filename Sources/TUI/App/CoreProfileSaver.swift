import ExplorerCore

/// Saves edited endpoints with the core's `ProfileWriter` (atomic, in place where safe) and reloads the profile.
package struct CoreProfileSaver: ProfileSaver {
    package init() {}

    package func save(_ profile: Profile) async throws -> Profile {
        let current = try ProfileLoader.load(file: profile.file).get()
        for endpoint in profile.endpoints where current.endpoint(endpoint.id) != endpoint {
            try ProfileWriter.save(endpoint: endpoint, in: current)
        }
        return try ProfileLoader.load(file: profile.file).get()
    }
}
