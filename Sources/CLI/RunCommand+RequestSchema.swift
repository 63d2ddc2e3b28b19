import ExplorerCore

extension RunCommand {
    /// A body that does not match its endpoint's `request_schema:` is sent anyway (the server is the judge; the
    /// schema may be stale): each violation is a warning on stderr before the send, secrets filled into the body
    /// masked, also with `--json` (its stdout stays the answer's document).
    func warnRequestSchema(_ exchange: ExchangePlan) {
        guard let endpoint = exchange.endpoint, let schemas = exchange.profile?.schemas,
            let check = SchemaCheck.check(request: exchange.request.request.body, endpoint: endpoint, schemas: schemas),
            !check.isValid
        else { return }
        for line in check.requestLines(masking: exchange.secretValues()) {
            StandardError.writeLine("apix: warning: " + line)
        }
    }
}
