import Foundation

/// What the explorer's first frame shows of a directory's profiles, read before they load: each profile's name,
/// environments and default, and each endpoint's id, name, folder, method and path.
///
/// Loading an imported 2,000-endpoint profile (composing its YAML, reading every key with its location, checking
/// every variable) takes most of the explorer's start; its list needs only these few scalars, which the outline's line
/// scan reads in a few milliseconds. The explorer draws its first frame from the sketch while the full load runs,
/// then takes the loaded catalog before it reads a key, so nothing acts on a sketch.
///
/// Like the scan it is built on, the sketch declines rather than guesses: a file not of the shape the scan reads, a
/// value written in a way it does not read exactly (an escape, a block scalar, a plain scalar over several lines),
/// an endpoint whose method depends on its body, an overlay or an unreadable file: then there is no sketch, and the
/// explorer loads before its first frame as before. `ProfileSketchTests` compares every sketch with the full load.
package enum ProfileSketch {
    /// The directory's profiles, sketched, in the order `ProfileLoader.load(directory:)` gives them; nil when one
    /// of them cannot be.
    package static func catalog(directory: String) -> ProfileCatalog? {
        var catalog = ProfileCatalog()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted() where ProfileLoader.isProfileFile(name) {
            let path = (directory as NSString).appendingPathComponent(name)
            let overlay = (path as NSString).deletingPathExtension + ".local.yaml"
            guard !FileManager.default.fileExists(atPath: overlay),
                let data = FileManager.default.contents(atPath: path),
                let profile = profile(Array(data), id: ProfileLoader.id(forFile: path), file: path)
            else { return nil }
            catalog.profiles.append(profile)
        }
        return catalog
    }

    /// One profile file's sketch; nil when the scan declines any part of it.
    static func profile(_ bytes: [UInt8], id: String, file: String) -> Profile? {
        guard let lines = ProfileOutline.lines(bytes), let outline = ProfileOutline.scan(lines: lines) else {
            return nil
        }
        var name: String?
        var defaultEnvironment: String?
        var endpoints: [Endpoint]?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.indent == 0 else { continue }
            var end = index
            while end < lines.count, lines[end].indent > 0 || lines[end].startsWithDash { end += 1 }
            let section = lines[index..<end]
            index = end
            if line.startsWith("name:") {
                guard section.isEmpty, let value = line.value(after: 5) else { return nil }
                name = value
            } else if line.startsWith("default_environment:") {
                guard section.isEmpty, let value = line.value(after: 20) else { return nil }
                defaultEnvironment = value
            } else if line.startsWith("endpoints:") {
                guard let read = self.endpoints(section) else { return nil }
                endpoints = read
            }
        }
        // The scan already refused what it could not read; the ids it found must be the sketch's, in order.
        guard (endpoints ?? []).map(\.id) == outline.endpoints else { return nil }
        let environments = outline.environments.map { ProfileEnvironment(name: $0, baseURL: "") }
        return Profile(
            id: id, name: name, file: file, defaultEnvironment: defaultEnvironment, environments: environments,
            endpoints: endpoints ?? [])
    }

    /// The keys an endpoint's sketch reads; any other key is skipped with the lines below it.
    private static let keys: [(prefix: StaticString, name: String)] = [
        ("id:", "id"), ("name:", "name"), ("folder:", "folder"), ("method:", "method"), ("path:", "path"),
        ("protocol:", "protocol"), ("body:", "body"),
    ]

    /// The endpoints of a block list, each from the item's own lines (`- id: x` then `  name: …` at the same
    /// indentation); nil for flow items and anything else the sketch does not read exactly.
    private static func endpoints(_ section: ArraySlice<ProfileOutline.Line>) -> [Endpoint]? {
        guard let dash = section.first?.indent else { return [] }
        var endpoints: [Endpoint] = []
        var fields: [String: String] = [:]
        var hasBody = false
        var position = section.startIndex
        func finish() -> Bool {
            defer {
                fields = [:]
                hasBody = false
            }
            guard !fields.isEmpty else { return true }
            guard let endpoint = endpoint(fields, hasBody: hasBody) else { return false }
            endpoints.append(endpoint)
            return true
        }
        while position < section.endIndex {
            var line = section[position]
            position += 1
            if line.indent == dash && line.startsWithDash {
                guard finish() else { return nil }
                line = ProfileOutline.Line(text: line.text, indent: dash + 2, start: line.start + 2, end: line.end)
                guard line.first != UInt8(ascii: "{") else { return nil }
            } else if line.indent != dash + 2 {
                // Deeper lines belong to a key the sketch skips; shallower ones end the list (the scan checked).
                guard line.indent > dash + 2 else { return nil }
                continue
            }
            // A quoted key could be one the sketch reads (`"path": /x`); it reads only plain ones.
            guard line.first != UInt8(ascii: "\""), line.first != UInt8(ascii: "'") else { return nil }
            guard let name = keys.first(where: { line.startsWith($0.prefix) })?.name else { continue }
            if name == "body" {
                hasBody = true
                continue
            }
            // A value continued on the next, deeper line is a plain scalar over several lines: not read here.
            let continued = position < section.endIndex && section[position].indent > dash + 2
            guard !continued, let value = line.value(after: name.utf8.count + 1) else { return nil }
            fields[name] = value
        }
        guard finish() else { return nil }
        return endpoints
    }

    /// An endpoint from its sketched keys; nil for what only the full load can decide (a method implied by a
    /// body, a protocol neither HTTP nor WebSocket, a method written other than in capitals).
    private static func endpoint(_ fields: [String: String], hasBody: Bool) -> Endpoint? {
        guard let id = fields["id"] else { return nil }
        // The list marks a WebSocket endpoint (`WS`); its settings come with the load.
        let protocolName = fields["protocol"]?.lowercased() ?? "http"
        guard protocolName == "http" || protocolName == "websocket" else { return nil }
        let method: HTTPMethod
        if let written = fields["method"] {
            guard written == written.uppercased(), let parsed = HTTPMethod(rawValue: written) else { return nil }
            method = parsed
        } else {
            guard !hasBody else { return nil }
            method = .get
        }
        var endpoint = Endpoint(
            id: id, name: fields["name"], folder: fields["folder"], method: method,
            path: Template(fields["path"] ?? ""))
        if protocolName == "websocket" { endpoint.webSocket = WebSocketEndpoint() }
        return endpoint
    }
}

extension ProfileSketch {
    /// What a sketch shows otherwise than the loaded profile (`id: name "A" ≠ "B"`), empty when they agree on
    /// everything the sketch reads: the tests hold every sketch to this, on every shape the importers write.
    package static func differences(_ sketch: Profile, _ loaded: Profile) -> [String] {
        var found: [String] = []
        func compare<Value: Equatable>(_ subject: String, _ shown: Value, _ actual: Value) {
            if shown != actual { found.append("\(subject): \(shown) ≠ \(actual)") }
        }
        compare("profile name", sketch.name, loaded.name)
        compare("default environment", sketch.defaultEnvironment, loaded.defaultEnvironment)
        compare("environments", sketch.environments.map(\.name), loaded.environments.map(\.name))
        compare("endpoints", sketch.endpoints.map(\.id), loaded.endpoints.map(\.id))
        for (shown, actual) in zip(sketch.endpoints, loaded.endpoints) {
            compare("\(shown.id): name", shown.name, actual.name)
            compare("\(shown.id): folder", shown.folder, actual.folder)
            compare("\(shown.id): method", shown.method, actual.method)
            compare("\(shown.id): path", shown.path.raw, actual.path.raw)
            compare("\(shown.id): websocket", shown.webSocket == nil, actual.webSocket == nil)
        }
        return found
    }
}
