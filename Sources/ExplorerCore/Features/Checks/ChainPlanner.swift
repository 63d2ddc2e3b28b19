import Foundation

/// Decides which endpoints must be sent before another because it uses their captured values
/// (`{{login.token}}` and `uses:`), and finds the profile problems in those links when a profile loads.
package enum ChainPlanner {
    /// The captured values an endpoint's request uses, as (source endpoint id, capture name), from its own
    /// templates and, unless it opts out of auth, the profile's and environments' headers and auth.
    package static func references(of endpoint: Endpoint, in profile: Profile) -> [(source: String, name: String)] {
        references(of: endpoint, in: profile, captures: captureNames(in: profile))
    }

    /// `references(of:in:)` with the profile's capture names worked out once by the caller.
    static func references(
        of endpoint: Endpoint, in profile: Profile, captures: [String: Set<String>]
    ) -> [(source: String, name: String)] {
        guard !captures.isEmpty else { return [] }
        var templates: [Template] = [endpoint.path]
        for parameters in [endpoint.params, endpoint.query, endpoint.headers, profile.headers] {
            for parameter in parameters { templates += parameter.values ?? [] }
        }
        if let body = endpoint.body { templates += bodyTemplates(body) }
        for environment in profile.environments {
            for header in environment.headers { templates += header.values ?? [] }
        }
        if !endpoint.authDisabled {
            templates += ProfileLoader.authTemplates(endpoint.auth).map(\.1)
            templates += ProfileLoader.authTemplates(profile.auth).map(\.1)
            if let name = endpoint.authName {
                templates += ProfileLoader.authTemplates(profile.auths[name]).map(\.1)
            }
            for environment in profile.environments {
                templates += ProfileLoader.authTemplates(environment.auth).map(\.1)
                if let name = endpoint.authName {
                    templates += ProfileLoader.authTemplates(environment.auths[name]).map(\.1)
                }
            }
        }
        var found: [(source: String, name: String)] = []
        var seen: Set<String> = []
        for template in templates {
            for name in template.variableNames {
                guard let (source, capture) = split(name), captures[source]?.contains(capture) == true,
                    seen.insert(name).inserted
                else { continue }
                found.append((source, capture))
            }
        }
        return found
    }

    /// The endpoints to send, in order, before `endpoint` (the last one is `endpoint`'s direct need); throws when a
    /// value is missing and nothing says to fetch it.
    package static func prerequisites(
        of endpoint: Endpoint, in profile: Profile, held: [String: CapturedValue], now: Date
    ) throws(ChainError) -> [String] {
        var order: [String] = []
        var ordered: Set<String> = []
        var visiting: Set<String> = [endpoint.id]
        let captures = captureNames(in: profile)
        var byID: [String: Endpoint] = [:]
        for candidate in profile.endpoints where byID[candidate.id] == nil { byID[candidate.id] = candidate }
        // Depth first without recursion (a chain of 5,000 `uses:` overflowed the stack): each frame is an endpoint
        // whose sources are being planned, and the next of them to look at. A source is sent after its own sources.
        var frames = [PlanFrame(endpoint, in: profile, captures: captures, held: held)]
        while let top = frames.last {
            guard top.next < top.sources.count else {
                frames.removeLast()
                if !frames.isEmpty {
                    visiting.remove(top.endpoint.id)
                    order.append(top.endpoint.id)
                    ordered.insert(top.endpoint.id)
                }
                continue
            }
            let source = top.sources[top.next]
            frames[frames.count - 1].next += 1
            guard !ordered.contains(source), !visiting.contains(source) else { continue }
            guard try top.needs(source, held: held, now: now), let sourceEndpoint = byID[source] else { continue }
            visiting.insert(source)
            frames.append(PlanFrame(sourceEndpoint, in: profile, captures: captures, held: held))
        }
        return order
    }

    /// An endpoint whose sources are being planned: the endpoints whose values it uses, in order, and which of its
    /// references no held value fills.
    private struct PlanFrame {
        let endpoint: Endpoint
        var sources: [String] = []
        var missing: [String: String] = [:]
        var next = 0

        init(_ endpoint: Endpoint, in profile: Profile, captures: [String: Set<String>], held: [String: CapturedValue])
        {
            self.endpoint = endpoint
            for (source, name) in references(of: endpoint, in: profile, captures: captures) where source != endpoint.id
            {
                if !sources.contains(source) { sources.append(source) }
                if held["\(source).\(name)"] == nil, missing[source] == nil { missing[source] = "\(source).\(name)" }
            }
            for use in endpoint.uses where !sources.contains(use.endpointID) { sources.append(use.endpointID) }
        }

        /// Whether `source` must be sent first, by the endpoint's `uses:` policy; a value it lacks with no policy to
        /// fetch it is an error.
        func needs(_ source: String, held: [String: CapturedValue], now: Date) throws(ChainError) -> Bool {
            let values = held.values.filter { $0.endpointID == source }
            switch endpoint.uses.first(where: { $0.endpointID == source })?.policy {
            case nil:
                if let reference = missing[source] {
                    throw ChainError(endpointID: endpoint.id, sourceID: source, reference: reference)
                }
                return false
            case .whenMissing?:
                return missing[source] != nil || values.isEmpty
            case .whenExpired(let seconds)?:
                let oldest = values.map(\.capturedAt).min()
                return missing[source] != nil || oldest.map { now.timeIntervalSince($0) > Double(seconds) } ?? true
            case .always?:
                return true
            }
        }
    }

    /// Load-time problems: `uses:` naming an unknown endpoint, and endpoints that need each other's values in a
    /// cycle (which no order of sending can satisfy).
    static func problems(in profile: Profile) -> [ProfileProblem] {
        let captures = captureNames(in: profile)
        // Most profiles have no chains: nothing to check, and no templates to scan for each endpoint.
        guard !captures.isEmpty || profile.endpoints.contains(where: { !$0.uses.isEmpty }) else { return [] }
        let ids = Set(profile.endpoints.map(\.id))
        var problems: [ProfileProblem] = []
        var edges: [String: [String]] = [:]
        for endpoint in profile.endpoints {
            for use in endpoint.uses where !ids.contains(use.endpointID) {
                problems.append(
                    ProfileProblem(
                        "`uses` names `\(use.endpointID)`, which is not an endpoint of this profile",
                        at: use.location ?? endpoint.location ?? SourceLocation(file: profile.file, line: 1, column: 1))
                )
            }
            var targets = endpoint.uses.map(\.endpointID).filter(ids.contains)
            for (source, _) in references(of: endpoint, in: profile, captures: captures)
            where !targets.contains(source) {
                targets.append(source)
            }
            edges[endpoint.id] = targets
        }
        // Walked without recursion: 5,000 endpoints each using the next overflowed the stack.
        var reported: Set<String> = []
        let graph = DependencyGraph(roots: profile.endpoints.map(\.id)) { edges[$0] ?? [] }
        for path in graph.cycles {
            let cycle = path + [path[0]]
            guard reported.insert(Set(cycle).sorted().joined(separator: ",")).inserted,
                let endpoint = profile.endpoints.first(where: { $0.id == path[0] })
            else { continue }
            problems.append(
                ProfileProblem(
                    "endpoints use each other's values in a cycle: " + cycle.map { "`\($0)`" }.joined(separator: " → "),
                    at: endpoint.location ?? SourceLocation(file: profile.file, line: 1, column: 1)))
        }
        return problems
    }

    private static func bodyTemplates(_ body: BodyTemplate) -> [Template] {
        func strings(_ value: TemplateValue) -> [Template] {
            switch value {
            case .string(let template): [template]
            case .array(let items): items.flatMap(strings)
            case .object(let members): members.flatMap { strings($0.value) }
            case .null, .bool, .number: []
            }
        }
        switch body {
        case .json(let value): return strings(value)
        case .form(let fields), .multipart(let fields): return fields.flatMap { $0.values ?? [] }
        case .text(let template, _), .file(let template, _): return [template]
        case .graphql(let graphql): return graphql.variables.map(strings) ?? []
        }
    }

    /// Capture names by endpoint id.
    static func captureNames(in profile: Profile) -> [String: Set<String>] {
        var names: [String: Set<String>] = [:]
        for endpoint in profile.endpoints where !endpoint.captures.isEmpty {
            names[endpoint.id] = Set(endpoint.captures.map(\.name))
        }
        return names
    }

    /// `items.list.first` → (`items.list`, `first`): the capture name is after the last dot.
    static func split(_ reference: String) -> (String, String)? {
        guard let dot = reference.lastIndex(of: "."), dot != reference.startIndex else { return nil }
        let name = reference[reference.index(after: dot)...]
        guard !name.isEmpty else { return nil }
        return (String(reference[..<dot]), String(name))
    }
}
