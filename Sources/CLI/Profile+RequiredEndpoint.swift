import ExplorerCore

extension Profile {
    /// The endpoint `id`, or a profile error (exit 3) that names the nearest id, if one is close, and how to list
    /// them all: "unknown endpoint" alone left a user with a typo guessing.
    func requiredEndpoint(_ id: String) throws(CLIFailure) -> Endpoint {
        if let found = endpoint(id) { return found }
        let ids = endpoints.map(\.id)
        var message = "no endpoint `\(id)` in profile `\(self.id)`"
        if let nearest = EditDistance.nearest(id, in: ids) { message += "; did you mean `\(nearest)`?" }
        message += " (`apix list \(self.id)` lists its \(Units.count(ids.count, "endpoint")))"
        throw CLIFailure(.profile, message)
    }
}
