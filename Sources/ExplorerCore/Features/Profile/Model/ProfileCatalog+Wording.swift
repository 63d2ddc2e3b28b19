/// How the front ends word what loading profiles gave: one wording for `apix list`, `apix check` and the TUI.
extension ProfileCatalog {
    /// `3 problems in 2 profiles (1 OK)`.
    package static func problemSummary(problems: Int, broken: Int, good: Int) -> String {
        "\(Units.count(problems, "problem")) in \(Units.count(broken, "profile")) (\(good) OK)"
    }

    /// The summary of this whole catalog (`problemSummary(problems:broken:good:)`).
    public var problemSummary: String {
        Self.problemSummary(problems: problems.count, broken: failedFiles.count, good: profiles.count)
    }

    /// What to say when `directory` holds no profile: where apix looked and what chose that directory, what the
    /// current directory holds instead (`nearby`, its lines given `flag`), then how to start.
    package static func emptyExplanation(
        directory: String, nearby: NearbyFiles? = nil, flag: String = "apix --profiles ."
    ) -> [String] {
        [
            "no profiles in \(directory) (chosen by --profiles DIR, else ./profiles, else "
                + "$XDG_CONFIG_HOME/apix/profiles, ~/.config/apix/profiles without it)"
        ] + (nearby?.hints(flag: flag) ?? []) + [
            "to start: `apix demo` (a demo API with its profile, from any directory), "
                + "`apix import curl 'curl URL'`, or "
                + "`apix import openapi SPEC`"
        ]
    }
}
