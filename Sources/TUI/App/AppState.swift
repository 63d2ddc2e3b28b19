import ExplorerCore
import Foundation

/// Everything on screen, as a plain value: `update` changes it, views draw it.
package struct AppState: Sendable {
    // MARK: Screen
    package var width: Int
    package var height: Int
    package var now: Moment
    var shouldQuit = false
    /// The quit was asked from outside (SIGTERM, SIGHUP): unsaved edits stay journaled for the next start.
    var endedFromOutside = false

    // MARK: Profiles and list
    package internal(set) var catalog: ProfileCatalog
    package var profileDirectory: String
    /// Variables for every request of the session (`apix demo` sets `port`).
    package let variables: [String: String]
    package let processEnvironment: [String: String]
    /// The process's directory and home, read once at start so building a request asks the process nothing.
    package let workingDirectory: String
    package let homeDirectory: String
    /// Chosen environment per profile id (else the profile's default).
    var chosenEnvironments: [String: String] = [:]
    var collapsed: Set<String> = []
    /// The filter text; `isFiltering` while it has the keyboard.
    package var filter = LineEditor()
    var isFiltering = false
    /// Only endpoints of this method are listed (`M` in the list cycles through the methods in use).
    var methodFilter: String?
    /// The endpoints' fields prepared for the filter, rebuilt when the catalog changes.
    var searchIndex = EndpointSearchIndex()
    package internal(set) var rows: [ListRow] = []
    var selectedRow = 0
    var listTop = 0
    package var focus: Focus = .list
    /// How the user arranged the panes (kept between runs).
    package var panes = PaneLayout()

    // MARK: Editor
    var drafts: [EndpointKey: RequestDraft] = [:]
    /// The selected endpoint's request as the editor shows it; `update` rebuilds it when its inputs change.
    var requestPreview: RequestPreview?
    /// Counts profile replacements (saves), so a preview built on the old profile is rebuilt.
    var catalogRevision = 0
    /// Endpoints added to a profile in memory and meant for its file (a one-off request kept with `O`, an edited
    /// endpoint another program removed from the file): unsaved until saved.
    var newEndpoints: Set<EndpointKey> = []
    /// One-off requests (`o`) not kept: in the list for this session, never counted as unsaved edits, never saved.
    var oneOffs: Set<EndpointKey> = []
    /// Where one-off requests go when no profile is selected (`StateDirectory.scratchProfile`).
    package var scratchFile: String
    /// Saves on their way, by profile id: the endpoints each writes (their drafts go once it is done).
    var savesInFlight: [String: Set<EndpointKey>] = [:]
    /// A profile's files changed on disk while a save of it was on its way: taken in once the save is done, when
    /// it differs from what the save wrote (our own write is not news).
    var heldReloads: [String: ProfileFileChange] = [:]
    /// The variables of profiles edited in the environment view, as their files hold them (by profile id);
    /// the catalog's profile holds the edits, which apply to sends at once and are saved with `s`.
    var variableBaselines: [String: VariableLayers] = [:]
    /// Bumped whenever `captured` changes, so the preview is rebuilt with the new values.
    var capturesRevision = 0
    var editorTab: EditorTab = .params
    var editorRow = 0
    var fieldEdit: FieldEdit?

    // MARK: Exchanges and response
    package var exchanges: [Int: Exchange] = [:]
    var latestExchange: [EndpointKey: Int] = [:]
    /// Each endpoint's request budget from its last answer over the network (the status bar shows the selected one's).
    var rateBudgets: [EndpointKey: RateBudget] = [:]
    /// Each endpoint's usual time, read from the history when it is sent (`AppState+Baseline`).
    var timingBaselines: [EndpointKey: TimingBaseline] = [:]
    /// Each endpoint whose last answer took more than twice its usual time: `2.4× its usual 120 ms`.
    var slowSends: [EndpointKey: String] = [:]
    var nextExchangeID = 1
    package var response = ResponseViewState()
    /// Endpoints whose stored response was already looked up this session (each is looked up once).
    var storedLookups: Set<EndpointKey> = []
    /// GraphQL schemas read from the cache or fetched, by profile, environment and URL (`AppState+GraphQLSchema`).
    var graphQLSchemas: [GraphQLSchemaKey: GraphQLSchemaStatus] = [:]
    /// Requests waiting for a scheduler slot (the runtime polls this while transfers run).
    var queuedRequests = 0

    // MARK: Keys
    /// The key bindings in effect: the defaults, or `keys.yaml`'s (`KeyMapFile`).
    package var keyMap = KeyMap.standard
    /// What was wrong with `keys.yaml` (its located errors), shown with the profiles' problems.
    package var keyMapProblems: [ProfileProblem] = []
    /// The help window's search and the context whose keys it lists first.
    var help = HelpState()

    // MARK: Overlays, auth, messages
    package var overlay: Overlay?
    package var message: StatusMessage?
    package var tokens: [ProfileEnvironmentKey: TokenStatus] = [:]
    package var tokenDetails: [ProfileEnvironmentKey: TokenDetails] = [:]
    /// Logins and refreshes asked for in the auth panel, confirmed in the status bar when their token arrives.
    var requestedTokens: [ProfileEnvironmentKey: TokenRequest] = [:]
    /// The browser login waiting for its redirect, shown in the auth panel while the token is being fetched.
    package var browserPrompt: BrowserLogin.Prompt?
    /// Token stores already being followed (so each is watched once).
    var watchedTokens: Set<ProfileEnvironmentKey> = []
    /// Values captured from responses (`{{endpoint.name}}`), per profile and environment, and which were read.
    var captured: [ProfileEnvironmentKey: [String: CapturedValue]] = [:]
    var capturesRequested: Set<ProfileEnvironmentKey> = []
    /// An endpoint waiting for the endpoints whose values it uses (`uses:`), sent one after the other.
    var pendingChain: PendingChain?
    /// Whether each endpoint's last checks in this session all passed (the list's ✓ / ✗).
    var lastChecks: [EndpointKey: Bool] = [:]
    /// Numbers body filter evaluations, so only the newest result is shown (`.bodyFiltered`).
    var filterGeneration = 0
    /// The catalog is a sketch of the profiles (`ProfileSketch`) drawn while they load: the runtime replaces this
    /// state with one built from the loaded catalog before it reads a key, so only the views look at it.
    package var isSketch = false
    /// With no profile loaded: the profiles and specs in the current directory, which the list pane names.
    package var nearby: NearbyFiles?
    /// The bench run (`b`): running, or its figures kept in the response pane of its endpoint.
    package var bench: BenchViewState?
    var nextBenchID = 1

    package init(
        catalog: ProfileCatalog, profileDirectory: String = "", variables: [String: String] = [:],
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment, width: Int = 80,
        height: Int = 24, now: Moment = Moment(uptime: 0, date: Date(timeIntervalSince1970: 0)),
        selecting profileID: String? = nil, workingDirectory: String = FileManager.default.currentDirectoryPath,
        homeDirectory: String = NSHomeDirectory()
    ) {
        self.catalog = catalog
        self.profileDirectory = profileDirectory
        self.variables = variables
        self.processEnvironment = processEnvironment
        self.workingDirectory = workingDirectory
        self.homeDirectory = homeDirectory
        self.scratchFile = StateDirectory.scratchProfile(environment: processEnvironment)
        self.width = width
        self.height = height
        self.now = now
        // Other profiles start collapsed when one is asked for, so it is what the user sees.
        if let profileID {
            for profile in catalog.profiles where profile.id != profileID {
                collapsed.insert(Self.profileKey(profile.id))
            }
        }
        rebuildRows()
        if let first = rows.firstIndex(where: { if case .endpoint = $0 { true } else { false } }) {
            selectedRow = first
        }
        if catalog.profiles.isEmpty {
            let directory = profileDirectory.isEmpty ? "the profile directory" : profileDirectory
            message = StatusMessage(ProfileCatalog.emptyExplanation(directory: directory)[0])
        } else if !catalog.problems.isEmpty {
            message = StatusMessage("\(catalog.problemSummary): press p", isError: true)
        }
        refreshPreview()
    }

    // MARK: - Derived

    package var profiles: [Profile] { catalog.profiles }

    var selectedListRow: ListRow? {
        rows.indices.contains(selectedRow) ? rows[selectedRow] : nil
    }

    /// The profile of the selected row.
    var selectedProfile: Profile? {
        switch selectedListRow {
        case .profile(let p), .folder(let p, _), .endpoint(let p, _): profiles[p]
        case nil: profiles.first
        }
    }

    package var selectedEndpoint: Endpoint? {
        guard case .endpoint(let p, let index) = selectedListRow else { return nil }
        return profiles[p].endpoints[index]
    }

    var selectedKey: EndpointKey? {
        guard let profile = selectedProfile, let endpoint = selectedEndpoint else { return nil }
        return EndpointKey(profile: profile.id, endpoint: endpoint.id)
    }

    /// The environment in use for a profile.
    func environmentName(for profile: Profile) -> String {
        chosenEnvironments[profile.id] ?? (try? profile.environment(nil).name) ?? "-"
    }

    /// The selected profile and its environment (its captured values, and the token of its `auth:`).
    var currentAuthKey: ProfileEnvironmentKey? {
        selectedProfile.map { ProfileEnvironmentKey(profile: $0.id, environment: environmentName(for: $0)) }
    }

    /// The token the auth panel and status bar follow: the selected endpoint's named definition (`auth: admin`)
    /// when it uses one, else the profile's (an endpoint's `auth: none` leaves the profile's token in the panel).
    var currentTokenKey: ProfileEnvironmentKey? {
        guard let profile = selectedProfile else { return nil }
        return tokenKey(profile: profile, endpoint: selectedEndpoint)
    }

    /// The key of the tokens `endpoint` of `profile` is sent with in the profile's chosen environment.
    func tokenKey(profile: Profile, endpoint: Endpoint?) -> ProfileEnvironmentKey {
        RequestBuilder.authSessionKey(
            profile: profile.id, environment: environmentName(for: profile), endpoint: endpoint)
    }

    var currentTokenStatus: TokenStatus {
        currentTokenKey.flatMap { tokens[$0] } ?? .unavailable("no auth")
    }

    /// The draft for an endpoint: the user's edits, or the endpoint as saved.
    func draft(for key: EndpointKey) -> RequestDraft? {
        if let draft = drafts[key] { return draft }
        guard let endpoint = catalog.profile(key.profile)?.endpoint(key.endpoint) else { return nil }
        return RequestDraft(endpoint: endpoint)
    }

    /// The exchange shown for the selected endpoint: its latest.
    var shownExchange: Exchange? {
        guard let key = selectedKey, let id = latestExchange[key] else { return nil }
        return exchanges[id]
    }

    var runningExchanges: [Exchange] {
        exchanges.values.filter(\.isRunning).sorted { $0.id < $1.id }
    }

    /// Whether anything on screen moves with time (progress bars, token countdowns).
    package var isAnimating: Bool {
        if case .values? = overlay { return true }  // the values' ages
        if case .cookies? = overlay { return true }  // the cookies' expiry, relative to now
        if case .auth? = overlay, isLoginPending, browserPrompt?.device != nil { return true }  // the code's countdown
        if bench?.isRunning == true { return true }  // the bench's clock and figures
        if let key = selectedKey, rateBudgets[key]?.isCountingDown(now: now.uptime) == true { return true }
        return !runningExchanges.isEmpty || currentTokenStatus.isCountingDown
    }

    /// The endpoint `key` is sent as: the catalog's (one-off requests included) with its unsaved edits.
    func endpointAsSent(_ key: EndpointKey) -> Endpoint? {
        guard let endpoint = catalog.profile(key.profile)?.endpoint(key.endpoint) else { return nil }
        return draft(for: key)?.endpoint(from: endpoint) ?? endpoint
    }

    /// The exchange that sending `key` now would be (`ExchangePlan`): its draft, the chosen environment, the
    /// session's variables and captured values, asking neither the file system nor the process (the boundary and
    /// download directory are settled when it is sent). The one place the explorer plans a request: sends, the
    /// preview, the stored-answer lookup, copy as curl and the history's record all start here.
    func exchangePlan(
        _ key: EndpointKey, cacheMode: CacheOptions.Mode = .use, cache: SendOptions.CacheUse? = nil
    ) -> Result<ExchangePlan, RequestBuildError> {
        builder(for: key).flatMap { builder, endpoint in
            Result { () throws(RequestBuildError) -> ExchangePlan in
                try ExchangePlan(
                    endpoint, builder: builder, overrides: RequestOverrides(variables: variables),
                    cache: cache ?? .declared(cacheMode))
            }
        }
    }

    /// The builder for `key`'s profile in the chosen environment, with the session's captured values and the
    /// directories, and the endpoint as sent.
    func builder(for key: EndpointKey) -> Result<(RequestBuilder, Endpoint), RequestBuildError> {
        guard let profile = catalog.profile(key.profile), let endpoint = endpointAsSent(key) else {
            return .failure(RequestBuildError(.unknownEndpoint(key.endpoint)))
        }
        return Result { () throws(RequestBuildError) -> (RequestBuilder, Endpoint) in
            var builder = try RequestBuilder(
                profile: profile, environment: chosenEnvironments[profile.id], processEnvironment: processEnvironment)
            builder.captured =
                captured[ProfileEnvironmentKey(profile: profile.id, environment: builder.environment.name)] ?? [:]
            builder.workingDirectory = workingDirectory
            builder.homeDirectory = homeDirectory
            return (builder, endpoint)
        }
    }

    /// The request `key` would be sent with, or with `masking` as it is shown (`CredentialPresentation.bullets`, as
    /// `apix run --json`).
    package func prepare(_ key: EndpointKey, masking: Bool = false) -> Result<RequestPlan, RequestBuildError> {
        exchangePlan(key).map { masking ? $0.masked : $0.request }
    }

    // MARK: - Layout facts update needs (page sizes)

    /// Where the panes are at the current size, as the user arranged them.
    package var layout: Layout {
        Layout(width: width, height: height, panes: panes, focus: focus, editorContentRows: editorContentRows)
    }

    /// Lines of the body the editor shows on its Body tab (it grows to show them), else 0.
    var editorContentRows: Int {
        guard editorTab == .body, let key = selectedKey, let body = draft(for: key)?.body else { return 0 }
        return body.text.utf8.reduce(1) { $1 == 10 ? $0 + 1 : $0 }
    }

    /// Where the endpoint list's rows, filter line and problems panel are drawn at the current size.
    var listAreas: Layout.ListAreas {
        layout.listAreas(
            showsProblems: !shownProblems.isEmpty, showsFilter: isFiltering || isListFiltered)
    }

    /// The problems shown under the list and by `p`: the profiles', then the key file's.
    var shownProblems: [ProfileProblem] { catalog.problems + keyMapProblems }

    /// Rows the endpoint list shows at the current size (what is left after the problems panel and filter line).
    var listHeight: Int { listAreas.rows.height }

    /// Lines the response body area shows.
    var responseBodyHeight: Int { max(1, layout.responseBody.height) }

    /// Adds an endpoint to a profile in memory (a one-off request, `o`), until it is kept or the app quits.
    mutating func addEndpoint(_ endpoint: Endpoint, toProfileAt index: Int) {
        catalog.profiles[index].endpoints.append(endpoint)
        catalogRevision += 1
    }

    /// Replaces a profile read again with other secrets (its endpoints unchanged): drafts and one-off requests stay.
    mutating func swapProfile(_ profile: Profile) {
        guard let index = catalog.profiles.firstIndex(where: { $0.id == profile.id }) else { return }
        let selected = selectedIdentity
        let added = catalog.profiles[index].endpoints.filter {
            inMemoryEndpoints.contains(EndpointKey(profile: profile.id, endpoint: $0.id))
        }
        catalog.profiles[index] = profile
        catalog.profiles[index].endpoints += added.filter { profile.endpoint($0.id) == nil }
        catalogRevision += 1
        rebuildRows(selecting: selected)
    }

    /// Sets (nil: removes) a variable of a profile in memory, at `place`; the first edit keeps what the files hold.
    mutating func setVariable(_ name: String, to value: String?, in place: VariableLayers.Place, profile id: String) {
        guard let index = catalog.profiles.firstIndex(where: { $0.id == id }) else { return }
        let before = catalog.profiles[index].variableLayers
        if variableBaselines[id] == nil { variableBaselines[id] = before }
        catalog.profiles[index].variableLayers.set(name, to: value, in: place)
        catalog.profiles[index].applyVariableLayers()
        if let baseline = variableBaselines[id],
            catalog.profiles[index].variableLayers.changedNames(from: baseline).isEmpty
        {
            variableBaselines[id] = nil
        }
        catalogRevision += 1
    }
}
