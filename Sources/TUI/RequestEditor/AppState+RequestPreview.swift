import ExplorerCore

/// Keeping the editor's request preview in step with the state it is built from.
extension AppState {
    /// What the selected endpoint's preview depends on, or nil when no endpoint is selected.
    var previewInputs: RequestPreview.Inputs? {
        guard let key = selectedKey, let profile = selectedProfile else { return nil }
        return RequestPreview.Inputs(
            key: key, draft: drafts[key], environment: chosenEnvironments[profile.id],
            catalogRevision: catalogRevision, capturesRevision: capturesRevision)
    }

    /// Rebuilds the preview when the selection, the draft, the environment or the profile changed since it was
    /// built; otherwise leaves it as it is.
    mutating func refreshPreview() {
        guard let inputs = previewInputs else {
            requestPreview = nil
            return
        }
        guard requestPreview?.inputs != inputs else { return }
        requestPreview = RequestPreview(inputs: inputs, result: prepare(inputs.key, masking: true))
    }

    /// The URL shown for a request of `key`, secrets masked: the preview's, which is current after `refreshPreview`.
    mutating func maskedURL(for key: EndpointKey) -> String? {
        refreshPreview()
        guard requestPreview?.inputs.key == key else {
            return (try? prepare(key, masking: true).get().request.url).map(CredentialPresentation.readable)
        }
        return requestPreview?.url
    }
}
