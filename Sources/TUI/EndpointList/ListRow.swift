/// One row of the endpoint list: a profile, a folder inside it, or an endpoint (indexes into the catalog).
public enum ListRow: Hashable, Sendable {
    case profile(Int)
    case folder(profile: Int, name: String)
    case endpoint(profile: Int, index: Int)
}
