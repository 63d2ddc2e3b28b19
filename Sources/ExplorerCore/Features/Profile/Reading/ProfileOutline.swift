import Foundation

/// The names a shell completes from a profile: endpoint ids, environment names and `auths:` names, read without the
/// profile's model.
///
/// Completion runs on every Tab press, so it must answer within a keystroke (≤ 50 ms for a 2,000-endpoint profile):
/// the file's lines are scanned for the names (`ProfileOutline+Scan`, a few milliseconds for 1.4 MB), else composed
/// (no values read, no variables checked), and a profile with problems still offers the names it has. Endpoints of
/// the `ID.local.yaml` overlay count too, as they do when it loads.
package struct ProfileOutline: Equatable, Sendable {
    package var endpoints: [String] = []
    package var environments: [String] = []
    package var auths: [String] = []

    package init(endpoints: [String] = [], environments: [String] = [], auths: [String] = []) {
        self.endpoints = endpoints
        self.environments = environments
        self.auths = auths
    }

    /// The outline of profile `id` in `directory`; empty when there is no such profile or it does not compose.
    package static func read(profile id: String, in directory: String) -> ProfileOutline {
        guard let file = ProfileLoader.file(forProfile: id, in: directory) else { return ProfileOutline() }
        var outline = outline(of: file) ?? ProfileOutline()
        let overlay = (file as NSString).deletingPathExtension + ".local.yaml"
        if let local = Self.outline(of: overlay) {
            // An overlay's endpoint replaces the profile's of the same id: listed once.
            var seen = Set(outline.endpoints)
            outline.endpoints += local.endpoints.filter { seen.insert($0).inserted }
        }
        return outline
    }

    /// A file's outline: scanned line by line when it has the usual shape (`scan`), else composed.
    static func outline(of file: String) -> ProfileOutline? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        if let scanned = scan(text) { return scanned }
        return composed(text)
    }

    /// The outline from the composed YAML: every shape YAML allows.
    static func composed(_ text: String) -> ProfileOutline? {
        guard case .success(let root?) = YAMLComposer.compose(text) else { return nil }
        var outline = ProfileOutline()
        outline.add(root)
        return outline
    }

    /// Every profile id in `directory` (the file names `ProfileLoader.load(directory:)` reads), sorted; no file
    /// is opened.
    package static func profiles(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter(ProfileLoader.isProfileFile).map(ProfileLoader.id(forFile:)).sorted()
    }

    private mutating func add(_ root: YAMLNode) {
        addEndpoints(root)
        var auths = Self.keys(root["auths"])
        for pair in root["environments"]?.mapping ?? [] {
            guard let name = pair.key.scalar?.string, !YAMLReader.isExtension(name) else { continue }
            environments.append(name)
            auths += Self.keys(pair.value["auths"])
        }
        // Named definitions may be repeated per environment; offer each name once, in the order first written.
        var seen: Set<String> = []
        self.auths = auths.filter { seen.insert($0).inserted }
    }

    private mutating func addEndpoints(_ root: YAMLNode) {
        var seen = Set(endpoints)
        for item in root["endpoints"]?.sequence ?? [] {
            if let id = item["id"]?.scalar?.string, seen.insert(id).inserted { endpoints.append(id) }
        }
    }

    private static func keys(_ node: YAMLNode?) -> [String] {
        node?.mapping?.compactMap { $0.key.scalar?.string }.filter { !YAMLReader.isExtension($0) } ?? []
    }
}
