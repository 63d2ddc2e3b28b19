import ExplorerCore
import Foundation

/// One-off requests (`o`): a URL or a pasted curl command line becomes an endpoint of the selected profile (with
/// none, of the scratch profile in the state directory), in memory only, and is sent at once. It is not an unsaved
/// edit: it goes when the explorer quits, unless `O` keeps it, which writes it to the profile's file under an id
/// made from its method and path (`Endpoint.readableID`).
extension AppState {
    /// The id of the scratch profile (`StateDirectory.scratchProfile`).
    static let scratchID = StateDirectory.scratchProfileID

    /// Opens the one-off prompt; never refused: with no profile selected the request goes to the scratch profile.
    mutating func startOneOff() {
        if selectedProfile == nil { selectScratchProfile() }
        overlay = .prompt(
            Prompt(purpose: .oneOffRequest, title: "Request (a URL or a curl command line)", text: ""))
    }

    /// Lists the scratch profile (made in memory on first use: one environment, `default`, on `http://localhost`;
    /// its file is written when a request is kept) and selects it.
    mutating func selectScratchProfile() {
        if catalog.profile(Self.scratchID) == nil {
            let scratch = Profile(
                id: Self.scratchID, name: "Scratch requests", file: scratchFile, defaultEnvironment: "default",
                environments: [ProfileEnvironment(name: "default", baseURL: "http://localhost")])
            let position = catalog.profiles.firstIndex { $0.id > Self.scratchID } ?? catalog.profiles.endIndex
            catalog.profiles.insert(scratch, at: position)
            catalogRevision += 1
        }
        rebuildRows(selecting: .profile(Self.scratchID))
    }

    /// `O`: keeps the selected one-off request, writing it to its profile's file (created for the scratch
    /// profile); it is an unsaved endpoint until the write succeeds.
    mutating func keepOneOff() -> [Effect] {
        guard let key = selectedKey, oneOffs.contains(key), let profile = catalog.profile(key.profile),
            let endpoint = profile.endpoint(key.endpoint)
        else {
            message = StatusMessage("O keeps a one-off request (o makes one); this endpoint is already in its profile")
            return []
        }
        oneOffs.remove(key)
        newEndpoints.insert(key)
        var edited = profile
        edited.endpoints.removeAll { oneOffs.contains(EndpointKey(profile: profile.id, endpoint: $0.id)) }
        if let index = edited.endpoints.firstIndex(where: { $0.id == endpoint.id }) {
            // As `s` saves a new endpoint: its draft, a one-off's JSON text as structure.
            edited.endpoints[index] = (drafts[key] ?? RequestDraft(endpoint: endpoint)).savedEndpoint(from: endpoint)
        }
        message = StatusMessage("keeping \(endpoint.id) in \(profile.id)")
        return save(edited, writing: [key])
    }

    /// Adds the request typed in the prompt to the selected profile, selects it and sends it.
    mutating func sendOneOff(_ text: String) -> [Effect] {
        guard let profile = selectedProfile, let index = catalog.profiles.firstIndex(where: { $0.id == profile.id })
        else { return [] }
        // A bare URL is one shell word whatever it holds (`&`, `'`); anything else is a command line. A bare
        // `ws://`/`wss://` URL opens a WebSocket session: its request is the upgrade, sent to the http/https form.
        let bare = text.trimmingCharacters(in: .whitespaces)
        let webSocket = !bare.contains(where: \.isWhitespace) && WebSocketConnection.transportURL(bare) != bare
        let url = WebSocketConnection.transportURL(bare)
        let quoted = "'" + url.replacingScalars(["'": #"'\''"#]) + "'"
        let line = bare.contains(where: \.isWhitespace) ? bare : "curl " + quoted
        var endpoint: Endpoint
        do throws(InteropError) {
            let command = try CurlCommandLine.parse(pasted: line)
            let baseURL =
                (try? RequestBuilder(
                    profile: profile, environment: chosenEnvironments[profile.id],
                    processEnvironment: processEnvironment
                ).shownBaseURL(variables: variables)).map(WebSocketConnection.transportURL)
            // Named as one would type it (`get-users-id`), unique in the profile.
            let path = URL(string: command.url)?.path ?? ""
            let id = Endpoint.readableID(
                method: command.method, path: path, taken: Set(profile.endpoints.map(\.id)))
            endpoint = try command.importedEndpoint(
                id: id, name: "\(command.method.rawValue) \(path.isEmpty ? "/" : path)", baseURL: baseURL,
                taken: Set(profile.endpoints.map(\.id)))
            endpoint.body = Self.bodyAsGiven(endpoint.body, command.body)
            if webSocket {
                endpoint.webSocket = WebSocketEndpoint()
                // `ws-chat-room`, not `get-chat-room`; a whole URL (another origin) written as the user typed it.
                let taken = Set(profile.endpoints.map(\.id))
                let base = "ws" + Endpoint.readableID(method: .get, path: path, taken: []).dropFirst(3)
                endpoint.id = base
                var counter = 2
                while taken.contains(endpoint.id) {
                    endpoint.id = "\(base)-\(counter)"
                    counter += 1
                }
                endpoint.name = "WS \(path.isEmpty ? "/" : path)"
                endpoint.path = Template(WebSocketConnection.shownURL(endpoint.path.raw))
            }
        } catch {
            message = StatusMessage("not a request: \(error)", isError: true)
            return []
        }
        let key = EndpointKey(profile: profile.id, endpoint: endpoint.id)
        addEndpoint(endpoint, toProfileAt: index)
        oneOffs.insert(key)
        rebuildRows(selecting: .endpoint(key))
        var shown = "\(endpoint.id): a one-off request (O keeps it in \(profile.id))"
        if selectedKey != key, !filter.text.isEmpty {
            // The list filter hides the new row: it goes, so the request sent is the one selected and shown.
            filter = LineEditor()
            isFiltering = false
            rebuildRows(selecting: .endpoint(key))
            shown += "; filter cleared"
        }
        scrollListToSelection()
        syncResponseToSelection()
        message = StatusMessage(shown)
        return send(key)
    }

    /// The import reads a JSON document given with `-d` / `--json` as structure (what a profile keeps); sent, it
    /// would be encoded anew. A one-off sends the document as given, byte for byte; `s` saves it as structure
    /// (`BodyDraft.savedTemplate`).
    static func bodyAsGiven(_ imported: BodyTemplate?, _ given: CurlCommandLine.Body) -> BodyTemplate? {
        guard case .json(let value)? = imported, !value.isDocumentText else { return imported }
        switch given {
        case .data(let text), .json(let text):
            guard text.first == "{" || text.first == "[" else { return imported }
            return .json(.string(Template(text)))
        default:
            return imported
        }
    }
}

extension TemplateValue {
    /// A string holding a JSON document (`{…}` or `[…]`), which the core sends as that text.
    fileprivate var isDocumentText: Bool {
        guard case .string(let template) = self else { return false }
        return template.raw.first == "{" || template.raw.first == "["
    }
}
