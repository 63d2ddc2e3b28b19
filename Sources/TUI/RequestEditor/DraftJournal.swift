import ExplorerCore
import Foundation

/// Edits not yet saved to a profile, kept in the state directory (`drafts.json`, 0600, replaced whole with
/// `AtomicFile`) each time they change, so a crash or kill -9 loses none: the next start offers them back. A quit
/// the user chose removes it; a quit asked from outside (SIGTERM, SIGHUP) keeps it.
struct DraftJournal {
    let path: String
    /// What the file holds now, as far as this session knows (a fresh session: nothing written yet).
    private var recorded: [EndpointKey: RequestDraft] = [:]

    init(directory: String = StateDirectory.path()) {
        path = (directory as NSString).appendingPathComponent("drafts.json")
    }

    /// The drafts a previous session left; none when there is no file or it cannot be read.
    func read() -> [EndpointKey: RequestDraft] {
        guard let data = FileManager.default.contents(atPath: path),
            let file = try? JSONDecoder().decode(File.self, from: data)
        else { return [:] }
        var drafts: [EndpointKey: RequestDraft] = [:]
        for entry in file.drafts { drafts[EndpointKey(profile: entry.profile, endpoint: entry.endpoint)] = entry.draft }
        return drafts
    }

    /// Writes `drafts` when they differ from what was written last; none removes the file. Returns what went
    /// wrong, for the log.
    mutating func record(_ drafts: [EndpointKey: RequestDraft]) -> String? {
        guard drafts != recorded else { return nil }
        recorded = drafts
        if drafts.isEmpty {
            unlink(path)
            return nil
        }
        let entries = drafts.sorted { ($0.key.profile, $0.key.endpoint) < ($1.key.profile, $1.key.endpoint) }
            .map { Entry(key: $0.key, draft: $0.value) }
        do {
            // A warning about the directory (another user's) does not stop the write: the file is 0600 anyway.
            StateDirectory.prepare((path as NSString).deletingLastPathComponent)
            let data = try JSONEncoder().encode(File(drafts: entries))
            try AtomicFile.write(
                data, to: path, options: .init(mode: 0o600, keepsExistingMode: false, followsSymlink: false))
            return nil
        } catch {
            return "cannot write \(path): \(error)"
        }
    }

    /// Removes the file (the edits were restored into this session's drafts, or let go).
    mutating func discard() {
        unlink(path)
        recorded = [:]
    }

    private struct File: Codable {
        var version = 1
        var drafts: [Entry]
    }

    private struct Entry: Codable {
        struct Row: Codable {
            var name: String
            var value: String
            var enabled: Bool
        }

        struct Body: Codable {
            /// `json`, `form`, `multipart`, `text` or `file`.
            var kind: String
            var contentType: String?
            var text: String
            /// A GraphQL body's parts beside its query (the text): the variables as JSON text (`{{variables}}` as
            /// written), the operation and the file the query came from.
            var variables: String?
            var operation: String?
            var file: String?
        }

        var profile: String
        var endpoint: String
        var method: String
        var path: String
        var params: [Row]
        var query: [Row]
        var headers: [Row]
        var body: Body?

        init(key: EndpointKey, draft: RequestDraft) {
            profile = key.profile
            endpoint = key.endpoint
            method = draft.method.rawValue
            path = draft.path
            func rows(_ rows: [DraftRow]) -> [Row] {
                rows.map { Row(name: $0.name, value: $0.value, enabled: $0.enabled) }
            }
            params = rows(draft.params)
            query = rows(draft.query)
            headers = rows(draft.headers)
            body = draft.body.map { body in
                switch body.kind {
                case .json: Body(kind: "json", text: body.text)
                case .form: Body(kind: "form", text: body.text)
                case .multipart: Body(kind: "multipart", text: body.text)
                case .text(let type): Body(kind: "text", contentType: type, text: body.text)
                case .file(let type): Body(kind: "file", contentType: type, text: body.text)
                case .graphql(let graphql):
                    Body(
                        kind: "graphql", text: body.text,
                        variables: graphql.variables.map { BodyDraft.json($0).serialized() },
                        operation: graphql.operation, file: graphql.file)
                }
            }
        }

        var draft: RequestDraft? {
            func rows(_ rows: [Row]) -> [DraftRow] {
                rows.map { DraftRow(name: $0.name, value: $0.value, enabled: $0.enabled) }
            }
            guard let method = HTTPMethod(rawValue: method) else { return nil }
            var draft = RequestDraft(
                method: method, path: path, params: rows(params), query: rows(query),
                headers: rows(headers), body: nil)
            if let body {
                let kind: BodyDraft.Kind
                switch body.kind {
                case "json": kind = .json
                case "form": kind = .form
                case "multipart": kind = .multipart
                case "text": kind = .text(contentType: body.contentType)
                case "file": kind = .file(contentType: body.contentType)
                case "graphql":
                    var graphql = GraphQLBody(query: body.text, file: body.file, operation: body.operation)
                    if let text = body.variables, case .json(let value) = BodyTemplate.json(text: text) {
                        graphql.variables = value
                    }
                    kind = .graphql(graphql)
                default: return nil
                }
                draft.body = BodyDraft(kind: kind, text: body.text)
            }
            return draft
        }
    }
}
