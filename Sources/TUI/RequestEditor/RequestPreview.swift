import ExplorerCore

/// The selected endpoint's request as the editor shows it (secrets masked): built by `update` when what it is
/// built from changes, then only read, so drawing a frame never builds a request.
struct RequestPreview: Sendable {
    /// What the preview is built from: when any of it changes, the preview is rebuilt.
    struct Inputs: Equatable, Sendable {
        var key: EndpointKey
        var draft: RequestDraft?
        var environment: String?
        var catalogRevision: Int
        /// Bumped when captured values change (`{{endpoint.name}}` in the request).
        var capturesRevision: Int
    }

    var inputs: Inputs
    var result: Result<RequestPlan, RequestBuildError>

    /// The URL with secrets masked (`••••`), when the request builds.
    var url: String? { (try? result.get().request.url).map(CredentialPresentation.readable) }
}
