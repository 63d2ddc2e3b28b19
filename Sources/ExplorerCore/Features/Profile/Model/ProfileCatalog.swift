/// What loading a directory of profiles gave: the good profiles and the located problems of the broken ones.
public struct ProfileCatalog: Sendable {
    public var profiles: [Profile]
    public var problems: [ProfileProblem]
    /// Files that failed to load (each has at least one problem).
    public var failedFiles: [String]
    /// The problems of each profile that failed, by profile id (its secrets and overlay files' included).
    package var problemsByProfile: [String: [ProfileProblem]]

    package init(
        profiles: [Profile] = [], problems: [ProfileProblem] = [], failedFiles: [String] = [],
        problemsByProfile: [String: [ProfileProblem]] = [:]
    ) {
        self.profiles = profiles
        self.problems = problems
        self.failedFiles = failedFiles
        self.problemsByProfile = problemsByProfile
    }

    public func profile(_ id: String) -> Profile? {
        profiles.first { $0.id == id }
    }
}
