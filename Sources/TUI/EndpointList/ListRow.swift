/// One row of the endpoint list: a profile, a folder inside it, or an endpoint (indexes into the catalog).
package enum ListRow: Hashable, Sendable {
    case profile(Int)
    case folder(profile: Int, name: String)
    case endpoint(profile: Int, index: Int)
}

extension ListRow {
    var isEndpoint: Bool {
        if case .endpoint = self { true } else { false }
    }

    /// What a row stands for, independent of where it is: rows are indexes into the catalog, which a reload may
    /// reorder.
    enum Identity: Hashable, Sendable {
        case profile(String)
        case folder(profile: String, name: String)
        case endpoint(EndpointKey)

        var isEndpoint: Bool {
            if case .endpoint = self { true } else { false }
        }
    }
}
