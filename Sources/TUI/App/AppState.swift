import ExplorerCore
import Foundation

/// Everything on screen, as a plain value: `update` changes it, views draw it.
public struct AppState: Sendable {
    // MARK: Screen
    public var width: Int
    public var height: Int
    public var now: Moment
    public var shouldQuit = false

    // MARK: Profiles and list
    public private(set) var catalog: ProfileCatalog
    public var profileDirectory: String
    /// Variables for every request of the session (`apix demo` sets `port`).
    public var variables: [String: String]
    public var processEnvironment: [String: String]
    /// Chosen environment per profile id (else the profile's default).
    public var chosenEnvironments: [String: String] = [:]
    public var collapsed: Set<String> = []
    /// The filter text; `isFiltering` while it has the keyboard.
    public var filter = LineEditor()
    public var isFiltering = false
    public private(set) var rows: [ListRow] = []
    public var selectedRow = 0
    public var listTop = 0
    public var focus: Focus = .list

    // MARK: Editor
    public var drafts: [EndpointKey: RequestDraft] = [:]
    public var editorTab: EditorTab = .params
    public var editorRow = 0
    public var fieldEdit: FieldEdit?

    // MARK: Transfers and response
    public var transfers: [Int: TransferState] = [:]
    public var latestTransfer: [EndpointKey: Int] = [:]
    public var nextTransferID = 1
    public var response = ResponseViewState()
    /// Endpoints whose stored response was already looked up this session (each is looked up once).
    public var storedLookups: Set<EndpointKey> = []
    /// Requests waiting for a scheduler slot (the runtime polls this while transfers run).
    public var queuedRequests = 0

    // MARK: Overlays, auth, messages
    public var overlay: Overlay?
    public var message: StatusMessage?
    public var tokens: [AuthSessionKey: TokenStatus] = [:]
    /// Token stores already being followed (so each is watched once).
    public var watchedTokens: Set<AuthSessionKey> = []

    public init(
        catalog: ProfileCatalog, profileDirectory: String = "", variables: [String: String] = [:],
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment, width: Int = 80,
        height: Int = 24, now: Moment = Moment(uptime: 0, date: Date(timeIntervalSince1970: 0)),
        selecting profileID: String? = nil
    ) {
        self.catalog = catalog
        self.profileDirectory = profileDirectory
        self.variables = variables
        self.processEnvironment = processEnvironment
        self.width = width
        self.height = height
        self.now = now
        // Other profiles start collapsed when one is asked for, so it is what the user sees.
        if let profileID {
            for profile in catalog.profiles where profile.id != profileID { collapsed.insert(Self.profileKey(profile.id)) }
        }
        rebuildRows()
        if let first = rows.firstIndex(where: { if case .endpoint = $0 { true } else { false } }) {
            selectedRow = first
        }
        if catalog.profiles.isEmpty {
            message = StatusMessage("no profiles in \(profileDirectory.isEmpty ? "the profile directory" : profileDirectory)")
        } else if !catalog.problems.isEmpty {
            message = StatusMessage("\(catalog.problems.count) problem(s) in broken profiles: press p", isError: true)
        }
    }

    // MARK: - Derived

    public var profiles: [Profile] { catalog.profiles }

    public var selectedListRow: ListRow? {
        rows.indices.contains(selectedRow) ? rows[selectedRow] : nil
    }

    /// The profile of the selected row.
    public var selectedProfile: Profile? {
        switch selectedListRow {
        case .profile(let p), .folder(let p, _), .endpoint(let p, _): profiles[p]
        case nil: profiles.first
        }
    }

    public var selectedEndpoint: Endpoint? {
        guard case .endpoint(let p, let index) = selectedListRow else { return nil }
        return profiles[p].endpoints[index]
    }

    public var selectedKey: EndpointKey? {
        guard let profile = selectedProfile, let endpoint = selectedEndpoint else { return nil }
        return EndpointKey(profile: profile.id, endpoint: endpoint.id)
    }

    /// The environment in use for a profile.
    public func environmentName(for profile: Profile) -> String {
        chosenEnvironments[profile.id] ?? (try? profile.environment(nil).name) ?? "-"
    }

    /// The token store for the selected profile and its environment.
    public var currentAuthKey: AuthSessionKey? {
        selectedProfile.map { AuthSessionKey(profile: $0.id, environment: environmentName(for: $0)) }
    }

    public var currentTokenStatus: TokenStatus {
        currentAuthKey.flatMap { tokens[$0] } ?? .unavailable("no auth")
    }

    /// The draft for an endpoint: the user's edits, or the endpoint as saved.
    public func draft(for key: EndpointKey) -> RequestDraft? {
        if let draft = drafts[key] { return draft }
        guard let endpoint = catalog.profile(key.profile)?.endpoint(key.endpoint) else { return nil }
        return RequestDraft(endpoint: endpoint)
    }

    /// The transfer shown for the selected endpoint: its latest.
    public var shownTransfer: TransferState? {
        guard let key = selectedKey, let id = latestTransfer[key] else { return nil }
        return transfers[id]
    }

    public var runningTransfers: [TransferState] {
        transfers.values.filter(\.isRunning).sorted { $0.id < $1.id }
    }

    /// Whether anything on screen moves with time (progress bars, token countdowns).
    public var isAnimating: Bool {
        !runningTransfers.isEmpty || currentTokenStatus.isCountingDown
    }

    /// The request the selected endpoint would send now, with secrets masked (for the URL preview).
    public func preview(masking: Bool = true) -> Result<PreparedRequest, RequestBuildError>? {
        guard let key = selectedKey else { return nil }
        return prepare(key, masking: masking)
    }

    /// Builds the request for `key` from its draft, the chosen environment and the session variables; with
    /// `masking`, as it is shown (secrets and credential masked).
    public func prepare(_ key: EndpointKey, masking: Bool = false) -> Result<PreparedRequest, RequestBuildError> {
        guard let profile = catalog.profile(key.profile), let endpoint = profile.endpoint(key.endpoint),
            let draft = draft(for: key)
        else {
            return .failure(RequestBuildError(.unknownEndpoint(key.endpoint)))
        }
        return Result { () throws(RequestBuildError) -> PreparedRequest in
            let builder = try RequestBuilder(
                profile: profile, environment: chosenEnvironments[profile.id], processEnvironment: processEnvironment)
            let endpoint = draft.endpoint(from: endpoint)
            let overrides = RequestOverrides(variables: variables)
            guard masking else { return try builder.request(for: endpoint, overrides: overrides) }
            // Shown as `apix run --json` shows it. Credentials that cannot be resolved are not sent (see
            // `CoreAuthProvider.resolve`), so they are not shown either.
            let presentation = CredentialPresentation.bullets
            let shown = try presentation.request(for: endpoint, builder: builder, overrides: overrides)
            let credential = try? presentation.credential(for: endpoint, builder: builder, overrides: overrides)
            return credential?.apply(to: shown) ?? shown
        }
    }

    // MARK: - Layout facts update needs (page sizes)

    /// Where the endpoint list's rows, filter line and problems panel are drawn at the current size.
    public var listAreas: Layout.ListAreas {
        Layout(width: width, height: height).listAreas(
            showsProblems: !catalog.problems.isEmpty, showsFilter: isFiltering || !filter.text.isEmpty)
    }

    /// Rows the endpoint list shows at the current size (what is left after the problems panel and filter line).
    public var listHeight: Int { listAreas.rows.height }

    /// Lines the response body area shows.
    public var responseBodyHeight: Int { max(1, Layout(width: width, height: height).responseBody.height) }

    // MARK: - Rows

    static func profileKey(_ id: String) -> String { "p:" + id }
    static func folderKey(_ id: String, _ folder: String) -> String { "f:\(id)/\(folder)" }

    /// Recomputes the list rows after a filter, collapse or catalog change; keeps the selection on the same row.
    public mutating func rebuildRows() {
        let previous = selectedListRow
        rows = []
        let needle = filter.text.lowercased()
        for (p, profile) in profiles.enumerated() {
            let matches = profile.endpoints.indices.filter { index in
                needle.isEmpty || Self.matches(profile.endpoints[index], needle)
            }
            if !needle.isEmpty && matches.isEmpty { continue }
            rows.append(.profile(p))
            if needle.isEmpty && collapsed.contains(Self.profileKey(profile.id)) { continue }
            // Endpoints without a folder first, then each folder in order of first appearance.
            var folders: [String] = []
            for index in matches {
                if let folder = profile.endpoints[index].folder {
                    if !folders.contains(folder) { folders.append(folder) }
                } else {
                    rows.append(.endpoint(profile: p, index: index))
                }
            }
            for folder in folders {
                rows.append(.folder(profile: p, name: folder))
                if needle.isEmpty && collapsed.contains(Self.folderKey(profile.id, folder)) { continue }
                for index in matches where profile.endpoints[index].folder == folder {
                    rows.append(.endpoint(profile: p, index: index))
                }
            }
        }
        if let previous, let index = rows.firstIndex(of: previous) {
            selectedRow = index
        } else if !needle.isEmpty {
            selectedRow = rows.firstIndex { if case .endpoint = $0 { true } else { false } } ?? 0
        }
        selectedRow = min(max(0, selectedRow), max(0, rows.count - 1))
        scrollListToSelection()
    }

    static func matches(_ endpoint: Endpoint, _ needle: String) -> Bool {
        endpoint.id.lowercased().contains(needle) || endpoint.name.lowercased().contains(needle)
            || endpoint.path.raw.lowercased().contains(needle) || endpoint.method.rawValue.lowercased() == needle
            || (endpoint.folder?.lowercased().contains(needle) ?? false)
    }

    mutating func scrollListToSelection() {
        let height = max(1, listHeight)
        if selectedRow < listTop { listTop = selectedRow }
        if selectedRow >= listTop + height { listTop = selectedRow - height + 1 }
        listTop = max(0, min(listTop, max(0, rows.count - height)))
    }

    /// Replaces a profile after a save (its drafts now match the file).
    mutating func replaceProfile(_ profile: Profile) {
        guard let index = catalog.profiles.firstIndex(where: { $0.id == profile.id }) else { return }
        catalog.profiles[index] = profile
        drafts = drafts.filter { $0.key.profile != profile.id }
        rebuildRows()
    }
}
