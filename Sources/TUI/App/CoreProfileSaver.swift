import ExplorerCore

/// Saves edited endpoints with the core's `ProfileWriter` (atomic, in place where safe) and edited variables with
/// `VariableWriter` (the profile file and the secrets file, in place), then reloads the profile with the dotenv
/// file the user chose for it, if any.
package struct CoreProfileSaver: ProfileSaver {
    package init() {}

    package func save(_ profile: Profile) async throws -> Profile {
        let envFile = profile.variableLayers.addedEnvFile
        let current = try ProfileLoader.load(file: profile.file, envFile: envFile).get()
        for endpoint in profile.endpoints where current.endpoint(endpoint.id) != endpoint {
            try ProfileWriter.save(endpoint: endpoint, in: current)
        }
        if !profile.variableLayers.changedNames(from: current.variableLayers).isEmpty {
            try VariableWriter.save(profile.variableLayers, profileFile: profile.file)
        }
        return try ProfileLoader.load(file: profile.file, envFile: envFile).get()
    }
}
