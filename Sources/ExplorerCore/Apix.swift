import CBuildInfo

/// Facts about this build of apix.
public enum Apix {
    /// The release; also in the `User-Agent` apix sends.
    public static let version = "0.1.0"

    /// The commit the program was built from (`git rev-parse --short HEAD`, `-dirty` when the tree had changes), as
    /// `make release` links it in (`CBuildInfo`); `unknown` for a plain `swift build`.
    public static let commit = String(cString: apix_build_commit())

    /// What `apix --version` prints: the release and the commit, so a bug report names the exact build.
    public static let versionLine = "\(version) (commit \(commit))"
}
