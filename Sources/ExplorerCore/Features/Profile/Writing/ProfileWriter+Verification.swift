/// Why a written candidate was not accepted, said precisely enough to act on: the first problem when it does not
/// load, else the first key that reads back differently from what was saved.
extension ProfileWriter {
    /// Longest value quoted in a reason, so the message stays one status line.
    static let quotedValueLimit = 60

    /// Nil when `result` is `expected` in everything a profile file says; else what differs.
    static func readBackProblem(_ result: Result<Profile, ProfileLoadFailure>, expected: Profile) -> String? {
        switch result {
        case .failure(let failure):
            let first = failure.problems.first.map { ": \($0)" } ?? ""
            return "it would not load\(first)"
        case .success(let reloaded):
            return same(reloaded, expected) ? nil : difference(reloaded, expected)
        }
    }

    /// The first difference between a profile as read back and as intended.
    static func difference(_ read: Profile, _ intended: Profile) -> String {
        for endpoint in intended.endpoints {
            guard let back = read.endpoint(endpoint.id) else { return "endpoint `\(endpoint.id)` was missing" }
            for key in ProfileEmitter.endpointKeys {
                let want = ProfileEmitter.endpointValue(endpoint, key)
                let got = ProfileEmitter.endpointValue(back, key)
                guard want != got else { continue }
                return "`\(key)` of `\(endpoint.id)` read back as \(shown(got)) instead of \(shown(want))"
            }
        }
        let extra = read.endpoints.map(\.id).filter { intended.endpoint($0) == nil }
        if let id = extra.first { return "an endpoint `\(id)` appeared" }
        if read.endpoints.map(\.id) != intended.endpoints.map(\.id) {
            return "the endpoints came back in another order"
        }
        return "the profile's own settings read back differently"
    }

    private static func shown(_ value: ProfileEmitter.Value?) -> String {
        guard let value else { return "nothing" }
        let text = ProfileEmitter.flowText(value)
        guard text.count > quotedValueLimit else { return text }
        return String(text.prefix(quotedValueLimit - 1)) + "…"
    }
}
