import Foundation

/// The request side of a schema check: the body the pipeline built (`ExchangePlan`) against the schema its endpoint's
/// `request_schema:` names, validated as a request (`readOnly` members are not required). `apix run` prints what it
/// finds as warnings before sending; it never stops a send.
extension SchemaCheck {
    /// What `status` says for a request body's check (a response's says the `responses:` key).
    package static let requestStatus = "request"

    /// The check of `body` (the request as built) against the schema `endpoint`'s `request_schema:` names; nil when
    /// it names none, or the body is not one apix checks: only a JSON body (`application/json` or `+json`) is; a
    /// form, multipart, file or empty body is not (a form's values are all text: the schema's types would not
    /// hold; it still gives the explorer its field hints).
    package static func check(request body: RequestBody, endpoint: Endpoint, schemas: ProfileSchemas) -> SchemaCheck? {
        guard let name = endpoint.requestSchema, case .bytes(let data, let contentType) = body,
            MediaType.isJSON(contentType)
        else { return nil }
        var check = SchemaCheck(name: name, status: requestStatus)
        let schema: CompiledSchema
        switch schemas.compiled(name) {
        case .success(let compiled): schema = compiled
        case .failure(let error):
            check.problem = error.description
            return check
        }
        do throws(JSONParseError) {
            var options = schemas.options
            options.direction = .request
            check.validation = schema.validate(try JSONValue.parse(data), options: options)
        } catch {
            check.problem = "the body is not JSON: \(error.message) (line \(error.line), column \(error.column))"
        }
        return check
    }

    /// One warning line per violation of a request body (`request body: schema Pet: $.name: expected a string, got
    /// null (#/components/schemas/Pet/properties/name/type)`), each of `secrets` shown as `••••` (a secret filled
    /// into the body is not printed by a `pattern` or `enum` violation quoting it). Escaped for a terminal.
    package func requestLines(masking secrets: [String]) -> [String] {
        let shown =
            problem.map { ["schema \(SafeText.escape(name)): cannot check the body: \(SafeText.escape($0))"] } ?? lines
        return shown.map { line in
            var masked = line
            for secret in secrets where secret.count >= 3 {
                masked = masked.replacingBytes(of: SafeText.escape(secret), with: "••••")
            }
            return "request body: " + masked
        }
    }
}
