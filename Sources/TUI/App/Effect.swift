import ExplorerBench
import ExplorerCore
import Foundation

/// Work `update` asks the runtime to do; results come back as actions.
package enum Effect: Sendable {
    /// Send an exchange as planned (`ExchangePlan`: the request, its credentials, priority and cache use); its plan
    /// is settled (multipart boundary, download directory) when it is sent. `replayOf`: the history entry it sends
    /// again, for its record.
    case send(exchange: Int, ExchangePlan, replayOf: String?)
    case cancel(exchange: Int)
    /// End a streamed response keeping what arrived (`Transfer.stopStream`): Esc on a stream.
    case stopStream(exchange: Int)
    /// Look up the stored response for an endpoint without sending anything (→ `.storedResponseLoaded`); the
    /// request is the plan's, unsettled (neither the boundary nor the download file is part of a cache key).
    case loadStoredResponse(EndpointKey, ExchangePlan, cache: CacheOptions)
    /// Open a WebSocket session as planned (→ `.webSocketOpened`, `.conversationUpdated`, `.webSocketClosed`).
    case openWebSocket(exchange: Int, ExchangePlan, WebSocketSettings)
    /// Send a message on an open session.
    case sendWebSocket(exchange: Int, WebSocketOutgoing)
    /// Start the closing handshake (1000).
    case closeWebSocket(exchange: Int)
    /// Write a session's frames to a file, and every later one (→ `.webSocketNoted`).
    case writeConversation(exchange: Int, path: String)
    /// Index a response body off the main actor (→ `.bodyPrepared`).
    case prepareBody(exchange: Int, Response)
    /// Search a body off the main actor (→ `.searchFinished`).
    case search(exchange: Int, BodyDocument, query: String, from: Int, forward: Bool, raw: Bool)
    /// Count every match of a query in a body tab off the main actor, reporting as it goes (→ `.matchesCounted`).
    case countMatches(exchange: Int, BodyDocument, query: String, tab: ResponseTab)
    /// Put text (or a body) on the clipboard: OSC 52 and the clipboard programs on `PATH` (→ `.copied`).
    case copy(Clipboard.Clip)
    /// Open the body in `$EDITOR` (→ `.externalEditorFinished`); the runtime falls back to the built-in editor.
    case editBody(EndpointKey, text: String)
    case saveProfile(Profile)
    case saveBody(Response, path: String)
    /// Token work for the credentials of `key`, as `update` resolved them (`AppState.resolvedAuth`).
    case login(ProfileEnvironmentKey, ResolvedAuth?)
    case refreshToken(ProfileEnvironmentKey, ResolvedAuth?)
    case logout(ProfileEnvironmentKey, ResolvedAuth?)
    /// Stop the login or refresh in flight for this profile and environment (Esc in the auth panel, Ctrl-C).
    case cancelRefresh(ProfileEnvironmentKey)
    /// Start following token states for this profile and environment (→ `.tokenUpdated`).
    case watchToken(ProfileEnvironmentKey, ResolvedAuth?)
    /// Read the values earlier runs captured for this profile and environment (→ `.capturesLoaded`).
    case loadCaptures(ProfileEnvironmentKey)
    /// Take an answer's captures and run its checks, keeping the captures on disk (→ `.chainConcluded`).
    case concludeChain(exchange: Int, Profile, environment: String, Endpoint, Response, ChainValues)
    /// Forget a captured value (`reference`), or all of the profile and environment (nil), on disk; a failure
    /// comes back as `.warned`.
    case forgetCaptures(ProfileEnvironmentKey, reference: String?)
    /// Run a JSONPath filter on a body off the main actor, cancelling the previous one (→ `.bodyFiltered`).
    case filterBody(exchange: Int, BodyDocument, query: String, generation: Int)
    /// Stop the filter running, if any (its result would be dropped anyway).
    case cancelBodyFilter
    case quit
    /// Run a bench of the plan (`BenchRunner`, as `apix bench`), off the main loop (→ `.benchUpdated`,
    /// `.benchFinished`).
    case startBench(id: Int, ExchangePlan, BenchSettings)
    /// Stop the bench run early: its figures so far come back as `.benchFinished`.
    case stopBench(id: Int)
    /// Read a GraphQL schema from the cache (→ `.graphQLSchemaLoaded`).
    case loadGraphQLSchema(GraphQLSchemaKey)
    /// Send the introspection query as planned and keep the answer in the cache (→ `.graphQLSchemaLoaded`).
    case fetchGraphQLSchema(GraphQLSchemaKey, ExchangePlan)
    /// Check a query against a schema off the main actor, the previous check cancelled (→ `.graphQLQueryChecked`).
    case checkGraphQLQuery(EndpointKey, query: String, GraphQLSchemaIndex)
    /// Read the history: a profile's endpoint's, or everything's (→ `.historyLoaded`).
    case loadHistory(profile: String?, endpoint: String?)
    /// Read one entry with its body (→ `.historyEntryLoaded`).
    case loadHistoryEntry(id: String, resend: Bool)
    /// Read two entries and compare them (→ `.historyDiffLoaded`).
    case loadHistoryDiff(old: String, new: String)
    /// Read what an endpoint's answers recorded before `before` usually took (→ `.baselineLoaded`).
    case loadBaseline(EndpointKey, before: Date)
    /// Read a cookie jar (→ `.cookiesLoaded`).
    case loadCookies(CookieJar)
    /// Delete a cookie from a jar, then read it again (→ `.cookiesLoaded`).
    case deleteCookie(CookieJar, CookieJar.Cookie)
    /// Empty a jar, then read it again (→ `.cookiesLoaded`).
    case clearCookies(CookieJar)
    /// Remove the journal of unsaved edits (they were restored and journaled anew, or let go).
    case discardDraftJournal
    /// Keep the pane arrangement for the next start (`LayoutStore`).
    case saveLayout(PaneLayout)
    /// List the dotenv files beside a profile, to choose its secrets file from (→ `.secretsFilesListed`).
    case listSecretsFiles(profile: String, directory: String)
    /// Load a profile again with `envFile` over it (nil: its secrets file alone) (→ `.secretsFileSwitched`), and
    /// keep the choice for the next start.
    case switchSecretsFile(profile: String, file: String, envFile: String?)

    /// A short name for tests and logs.
    package var name: String {
        switch self {
        case .send: "send"
        case .cancel: "cancel"
        case .stopStream: "stopStream"
        case .loadStoredResponse: "loadStoredResponse"
        case .openWebSocket: "openWebSocket"
        case .sendWebSocket: "sendWebSocket"
        case .closeWebSocket: "closeWebSocket"
        case .writeConversation: "writeConversation"
        case .prepareBody: "prepareBody"
        case .search: "search"
        case .countMatches: "countMatches"
        case .copy: "copy"
        case .editBody: "editBody"
        case .saveProfile: "saveProfile"
        case .saveBody: "saveBody"
        case .login: "login"
        case .refreshToken: "refreshToken"
        case .logout: "logout"
        case .cancelRefresh: "cancelRefresh"
        case .watchToken: "watchToken"
        case .loadCaptures: "loadCaptures"
        case .concludeChain: "concludeChain"
        case .forgetCaptures: "forgetCaptures"
        case .filterBody: "filterBody"
        case .cancelBodyFilter: "cancelBodyFilter"
        case .quit: "quit"
        case .startBench: "startBench"
        case .stopBench: "stopBench"
        case .loadGraphQLSchema: "loadGraphQLSchema"
        case .fetchGraphQLSchema: "fetchGraphQLSchema"
        case .checkGraphQLQuery: "checkGraphQLQuery"
        case .loadHistory: "loadHistory"
        case .loadHistoryEntry: "loadHistoryEntry"
        case .loadHistoryDiff: "loadHistoryDiff"
        case .loadBaseline: "loadBaseline"
        case .discardDraftJournal: "discardDraftJournal"
        case .loadCookies: "loadCookies"
        case .deleteCookie: "deleteCookie"
        case .clearCookies: "clearCookies"
        case .saveLayout: "saveLayout"
        case .listSecretsFiles: "listSecretsFiles"
        case .switchSecretsFile: "switchSecretsFile"
        }
    }
}
