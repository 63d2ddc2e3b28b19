import ExplorerBench
import ExplorerCore
import ExplorerHistory

/// Everything that can change the state: keys, time, and what the runtime's work reports back.
package enum Action: Sendable {
    case keyPressed(Key)
    /// Text pasted (bracketed paste), whole: it goes into the text field being edited, never runs as keys.
    /// `truncated`: only the paste's start arrived (`KeyDecoder.maxPaste`).
    case pasted(String, truncated: Bool)
    /// A click or the wheel (`MouseEvent`), hit-tested against the layout.
    case mouse(MouseEvent)
    case resized(width: Int, height: Int)
    case ticked(Moment)
    case progressUpdated(exchange: Int, TransferProgress, at: Double)
    case exchangeFinished(exchange: Int, Result<Response, ClientError>, at: Double)
    /// A streamed response's events so far (`EventStream`), formatted for the Events view.
    case streamUpdated(exchange: Int, EventRows)
    /// What the core said the user should know after a send (`Transfer.warnings`): a cache or token file ignored.
    case warned([String])
    /// A WebSocket session opened (the handshake as an answer, what it agreed), or did not.
    case webSocketOpened(exchange: Int, Result<WebSocketConnection.Opened, ClientError>, at: Double)
    /// A WebSocket session's frames so far (`WebSocketTranscript`), and the file they go to when asked.
    case conversationUpdated(exchange: Int, EventRows, file: String?)
    /// A WebSocket session ended.
    case webSocketClosed(exchange: Int, WebSocketClose, at: Double)
    /// Something to say about a session (a saved message that could not be built, a file written).
    case webSocketNoted(String, isError: Bool)
    case bodyPrepared(exchange: Int, BodyDocument)
    /// What the response cache holds for an endpoint (`nil`: nothing); `warning` when its file could not be read.
    case storedResponseLoaded(EndpointKey, ResponseCache.Stored?, warning: String?)
    /// Requests waiting for a scheduler slot, across lanes (polled while transfers run).
    case queueUpdated(waiting: Int)
    case searchFinished(exchange: Int, line: Int?)
    /// Text was put on the clipboard `via` these ways (`OSC 52`, `xclip`, `wl-copy`), or could not be (`error`).
    case copied(what: String, via: [String], error: String?)
    /// The request of an exchange as it went, for the Request tab.
    case requestShown(exchange: Int, ShownRequest)
    /// Matches counted so far for a query (the whole count once `isComplete`).
    case matchesCounted(SearchMatches)
    /// `$EDITOR` returned: the new text, or nil when it failed to run (`error` says why).
    case externalEditorFinished(EndpointKey, text: String?, error: String?)
    /// No `$EDITOR` is set: edit the body in the built-in editor.
    case builtInEditorRequested(EndpointKey, text: String)
    case tokenUpdated(ProfileEnvironmentKey, TokenStatus)
    /// What the auth panel shows under the token's state, read when the state changed.
    case tokenDetailed(ProfileEnvironmentKey, TokenDetails)
    /// A browser login started (the authorization code grant): the URL to open, shown in the auth panel until the
    /// token's state moves on.
    case browserLoginStarted(BrowserLogin.Prompt)
    /// `note`: where an edit went instead of the profile file, and why (its overlay, `ID.local.yaml`).
    case profileSaved(profile: String, saved: Profile?, error: String?, note: String? = nil)
    case bodySaved(path: String, bytes: Int64, error: String?)
    /// SIGINT or SIGTERM from outside: cancel everything and quit.
    /// Values captured by earlier runs, read from the state directory for a profile and environment.
    case capturesLoaded(ProfileEnvironmentKey, [String: CapturedValue])
    /// What an exchange gave once it ended: its captures (kept) and checks (`ChainRunner.conclude`).
    case chainConcluded(exchange: Int, ProfileEnvironmentKey, ChainStep)
    /// A body filter's outcome (`generation` says which keystroke asked for it; older ones are dropped).
    case bodyFiltered(exchange: Int, generation: Int, Result<FilteredBody, JSONPath.Filter.Failure>)
    case terminationRequested
    /// A bench run's figures so far (`BenchRunner`'s progress, a few times a second).
    case benchUpdated(id: Int, BenchSnapshot)
    /// A bench run ended (its count or duration reached, or stopped): its figures.
    case benchFinished(id: Int, BenchSnapshot)
    /// The history window's entries (newest first), or why they could not be read.
    case historyLoaded([HistoryEntry], error: String?)
    /// One entry with its body, to show or to send again; nil with the reason when it could not be read.
    case historyEntryLoaded(HistoryEntry?, resend: Bool, error: String?)
    /// The comparison of two entries, or why there is none.
    case historyDiffLoaded(HistoryDiff?, error: String?)
    /// An endpoint's usual time from the history (nil: too few answers recorded, or no history).
    case baselineLoaded(EndpointKey, TimingBaseline?)
    /// A cookie jar as read (after a change too), and why it could not be read or changed, if so.
    case cookiesLoaded(path: String, [CookieJar.Cookie], error: String?)
    /// Edits a previous session journaled and never saved (`DraftJournal`), read at start.
    case draftsRecovered(RestoreQuestion)
    /// Profiles whose files another program changed (written, replaced, deleted, added), read again.
    case profileFilesChanged([ProfileFileChange])
    /// A GraphQL schema read from the cache (nil, no error: none kept) or fetched by introspection (`fetched`).
    case graphQLSchemaLoaded(GraphQLSchemaKey, GraphQLSchemaIndex?, error: String?, fetched: Bool)
    /// A query's problems against its schema (or why the schema cannot check), for the text that was checked.
    case graphQLQueryChecked(EndpointKey, query: String, Result<[GraphQLQueryProblem], GraphQLSchemaUnusable>)
    /// The dotenv files found beside a profile (names relative to its directory).
    case secretsFilesListed(profile: String, [String])
    /// A profile loaded again with the chosen dotenv file over it (nil: the secrets file alone), or why not.
    case secretsFileSwitched(profile: String, envFile: String?, Profile?, error: String?)
}
