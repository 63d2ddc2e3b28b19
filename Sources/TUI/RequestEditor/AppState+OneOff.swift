import ExplorerCore

/// One-off requests (`o`): a URL or a pasted curl command line becomes an endpoint of the selected profile, in
/// memory only, and is sent at once; `s` then saves it like any edit (its id derived as `apix import curl` does).
extension AppState {
    mutating func startOneOff() {
        guard selectedProfile != nil else {
            message = StatusMessage("select a profile first: a one-off request uses its environment", isError: true)
            return
        }
        overlay = .prompt(
            Prompt(purpose: .oneOffRequest, title: "Request (a URL or a curl command line)", text: ""))
    }

    /// Adds the request typed in the prompt to the selected profile, selects it and sends it.
    mutating func sendOneOff(_ text: String) -> [Effect] {
        guard let profile = selectedProfile, let index = catalog.profiles.firstIndex(where: { $0.id == profile.id })
        else { return [] }
        // A bare URL is one shell word whatever it holds (`&`, `'`); anything else is a command line.
        let quoted = "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        let line = text.contains(where: \.isWhitespace) ? text : "curl " + quoted
        var endpoint: Endpoint
        do throws(InteropError) {
            let command = try CurlCommandLine.parse(pasted: line)
            let baseURL = try? RequestBuilder(
                profile: profile, environment: chosenEnvironments[profile.id], processEnvironment: processEnvironment
            ).shownBaseURL(variables: variables)
            endpoint = try command.importedEndpoint(
                id: nil, baseURL: baseURL, taken: Set(profile.endpoints.map(\.id)))
            endpoint.body = Self.bodyAsGiven(endpoint.body, command.body)
        } catch {
            message = StatusMessage("not a request: \(error)", isError: true)
            return []
        }
        let key = EndpointKey(profile: profile.id, endpoint: endpoint.id)
        addEndpoint(endpoint, toProfileAt: index)
        newEndpoints.insert(key)
        rebuildRows(selecting: .endpoint(key))
        var shown = "\(endpoint.id): a one-off request (s saves it to \(profile.id))"
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
