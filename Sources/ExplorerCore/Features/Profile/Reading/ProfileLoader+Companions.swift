import Foundation

/// `ID.secrets.yaml` and `ID.local.yaml`: files beside a profile that are merged into it when it loads.
extension ProfileLoader {
    static let secretsKeys = ["variables", "environments"]
    static let overlayKeys = ["endpoints"]

    /// The companion file `ID.KIND.yaml` (or `.yml`) next to a profile, when it exists.
    static func companion(of path: String, kind: String) -> String? {
        let directory = (path as NSString).deletingLastPathComponent
        let base = id(forFile: path)
        for ext in ["yaml", "yml"] {
            let candidate = (directory as NSString).appendingPathComponent("\(base).\(kind).\(ext)")
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Merges a secrets file: `variables:` over the profile's, `environments: {NAME: {variables:}}` over that
    /// environment's. Every name it defines becomes a secret (masked on display, `$NAME` in exports).
    static func mergeSecrets(file: String, text: String? = nil, into profile: inout Profile) -> [ProfileProblem] {
        let root: YAMLNode
        switch (text.map(Result.success) ?? readText(file)).flatMap({ compose($0, file: file) }) {
        case .success(let node): root = node
        case .failure(let problem): return [problem]
        }
        var reader = YAMLReader(file: file)
        guard let fields = reader.fields(root, "secrets file", known: secretsKeys) else { return reader.problems }
        var secretNames: Set<String> = []
        if let node = fields["variables"] {
            let variables = readVariables(node, reader: &reader)
            profile.variables.merge(variables) { _, secret in secret }
            profile.variableLayers.add(.secretsFile, environment: nil, variables)
            secretNames.formUnion(variables.keys)
        }
        if let node = fields["environments"] {
            for entry in reader.namedEntries(node, "`environments`") ?? [] {
                guard let index = profile.environments.firstIndex(where: { $0.name == entry.key }) else {
                    reader.fail(
                        "unknown environment `\(entry.key)` in the secrets file (known: "
                            + profile.environments.map(\.name).joined(separator: ", ") + ")", at: entry.keyNode)
                    continue
                }
                guard
                    let environment = reader.fields(
                        entry.value, "environment `\(entry.key)` of the secrets file", known: ["variables"]),
                    let variablesNode = environment["variables"]
                else { continue }
                let variables = readVariables(variablesNode, reader: &reader)
                profile.environments[index].variables.merge(variables) { _, secret in secret }
                profile.variableLayers.add(.secretsFile, environment: entry.key, variables)
                secretNames.formUnion(variables.keys)
            }
        }
        profile.secretNames.formUnion(secretNames)
        return reader.problems
    }

    /// Merges an overlay file's `endpoints:` over the profile's: same id replaces, a new id is appended.
    static func mergeOverlay(file: String, text: String? = nil, into profile: inout Profile) -> [ProfileProblem] {
        let root: YAMLNode
        switch (text.map(Result.success) ?? readText(file)).flatMap({ compose($0, file: file) }) {
        case .success(let node): root = node
        case .failure(let problem): return [problem]
        }
        var reader = YAMLReader(file: file)
        guard let fields = reader.fields(root, "overlay file", known: overlayKeys), let list = fields["endpoints"]
        else { return reader.problems }
        guard let sequence = list.sequence else {
            reader.fail("`endpoints` must be a list, got \(YAMLReader.describe(list))", at: list)
            return reader.problems
        }
        var seen: Set<String> = []
        for item in sequence {
            guard let endpoint = readEndpoint(item, reader: &reader) else { continue }
            guard seen.insert(endpoint.id).inserted else {
                reader.fail("duplicate endpoint id `\(endpoint.id)` in the overlay file", at: item)
                continue
            }
            if let index = profile.endpoints.firstIndex(where: { $0.id == endpoint.id }) {
                profile.endpoints[index] = endpoint
            } else {
                profile.endpoints.append(endpoint)
            }
        }
        return reader.problems
    }
}
