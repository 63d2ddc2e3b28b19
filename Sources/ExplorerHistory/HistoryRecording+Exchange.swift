import ExplorerCore

/// The one assembly of an exchange's record, for every sender: `apix run`, `apix test`, `apix replay` and the
/// explorer.
extension HistoryRecording {
    /// What `exchange` records: the request as `--json` shows it (`ExchangePlan.shownOnTheWire`, credentials masked),
    /// and every secret it used (`ExchangePlan.secretValues`, the OAuth2 `token` it went with included) removed
    /// from all that is kept; with those secrets, for checks known only later. `sent`: the request that went;
    /// `credentials`: a request holding only the credential at hand after the send (the explorer's auth provider),
    /// also kept out. `endpoint` defaults to the exchange's endpoint id.
    package static func entry(
        for exchange: ExchangePlan, sent: PreparedRequest, origin: HistoryEntry.Origin,
        result: Result<Response, ClientError>, token: String?, credentials: PreparedRequest? = nil,
        checks: [CheckResult] = [], endpoint: String? = nil, replayOf: String? = nil, streamsFileBodies: Bool = false
    ) -> (entry: HistoryEntry, secrets: HistorySecrets) {
        // The cookies the jar sent (and those the answer set): libcurl adds them, so the request does not show them,
        // but an echo server returns them in its body.
        let cookies = sent.options.cookieJar.map { CookieJar(path: $0).values(sentTo: sent.url) } ?? []
        var secrets = HistorySecrets(exchange.secretValues(token: token, sent: sent) + cookies)
        if let credentials { secrets = secrets.adding(credentialsOf: credentials) }
        let entry = Self.entry(
            origin: origin, profile: exchange.profileID, environment: exchange.environment,
            endpoint: endpoint ?? exchange.endpoint?.id, shown: exchange.shownOnTheWire(.bullets, sent: sent),
            result: result, checks: checks, secrets: secrets, bodyElsewhere: exchange.bodyGoesToFile,
            replayOf: replayOf, streamsFileBodies: streamsFileBodies)
        return (entry, secrets)
    }
}
