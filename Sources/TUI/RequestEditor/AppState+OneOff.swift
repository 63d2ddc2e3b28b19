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
        let endpoint: Endpoint
        do throws(InteropError) {
            let command = try CurlCommand.parse(pasted: line)
            let baseURL = try? RequestBuilder(
                profile: profile, environment: chosenEnvironments[profile.id], processEnvironment: processEnvironment
            ).shownBaseURL(variables: variables)
            endpoint = try command.importedEndpoint(
                id: nil, baseURL: baseURL, taken: Set(profile.endpoints.map(\.id)))
        } catch {
            message = StatusMessage("not a request: \(error)", isError: true)
            return []
        }
        let key = EndpointKey(profile: profile.id, endpoint: endpoint.id)
        addEndpoint(endpoint, toProfileAt: index)
        newEndpoints.insert(key)
        rebuildRows(selecting: .endpoint(key))
        syncResponseToSelection()
        message = StatusMessage("\(endpoint.id): a one-off request (s saves it to \(profile.id))")
        return send(key)
    }
}
