import Foundation

/// A k6 load-test script (JavaScript) that sends what apix sends for a profile's endpoints and checks what their
/// `expect:` checks, as far as k6 can (`apix export k6`, docs/TIMING.md).
///
/// Each endpoint is one `http.request` tagged with its id, followed by a `check` of its expectation; a threshold on
/// k6's `checks` rate makes `k6 run` fail when any check fails, as `apix test` does. Secrets (`SecretMarker`s)
/// are read from k6's environment (`k6 run -e TOKEN=…`) under the names `apix export curl` gives them, and a
/// missing one stops the iteration with its name. What k6 cannot express is left out and said in `notes`: DNS
/// time (k6 does not time it apart), `schema:`, JSONPath queries that are not singular (`$.a[0].b`), Negotiate
/// and AWS SigV4 credentials.
package struct K6Script: Sendable {
    /// One endpoint to send.
    package struct Step: Sendable {
        package var id: String
        package var exported: ExportedRequest
        package var expectation: ResponseExpectation?

        package init(id: String, exported: ExportedRequest, expectation: ResponseExpectation?) {
            self.id = id
            self.exported = exported
            self.expectation = expectation
        }
    }

    /// The script, ready for `k6 run`.
    package private(set) var text = ""
    /// The environment variables it reads, in order.
    package private(set) var variables: [String] = []
    /// What it could not carry, one line each, naming the endpoint.
    package private(set) var notes: [String] = []

    private var usesEncoding = false
    private var files: [String] = []

    package init(profile: String, environment: String?, steps: [Step]) {
        var body: [String] = []
        var checks = 0
        for step in steps {
            let (lines, count) = render(step)
            body += lines
            checks += count
        }
        var head = [
            "// Written by apix export k6 from profile \(profile)" + (environment.map { ", environment \($0)" } ?? "")
                + ". Run: k6 run" + variables.map { " -e \($0)=…" }.joined() + " script.js",
            "import http from 'k6/http';",
            "import { check } from 'k6';",
        ]
        if usesEncoding { head.append("import encoding from 'k6/encoding';") }
        head.append("")
        if checks > 0 {
            head.append("// A failed check fails the run, as in apix test.")
            head.append("export const options = { thresholds: { checks: ['rate==1'] } };")
            head.append("")
        }
        for (index, path) in files.enumerated() {
            head.append("const file\(index) = open(\(Self.literal(path)), 'b');")
        }
        if !files.isEmpty { head.append("") }
        text = (head + Self.helpers + ["", "export default function () {"] + body + ["}", ""])
            .joined(separator: "\n")
    }

    // MARK: - One endpoint

    private mutating func render(_ step: Step) -> (lines: [String], checks: Int) {
        var request = step.exported.request
        var url = template(request.url)
        var params: [String] = []
        if !request.headers.contains("User-Agent") { request.headers.add("User-Agent", "apix/\(Apix.version)") }
        var authorization: String?
        if let basic = step.exported.basic {
            let user = templateBody(basic.username)
            let password = templateBody(basic.password)
            switch step.exported.scheme {
            case nil:
                usesEncoding = true
                authorization = "`Basic ${encoding.b64encode(`\(user):\(password)`)}`"
            case .digest?, .ntlm?:
                // k6 takes the user and password of these from the URL.
                if let range = request.url.range(of: "://") {
                    url =
                        "`" + templateBody(String(request.url[..<range.upperBound]))
                        + "${encodeURIComponent(`\(user)`)}:${encodeURIComponent(`\(password)`)}@"
                        + templateBody(String(request.url[range.upperBound...])) + "`"
                }
                params.append(step.exported.scheme == .digest ? "auth: 'digest'" : "auth: 'ntlm'")
            case .negotiate?, .awsSigV4?:
                notes.append("\(step.id): k6 has no Negotiate or AWS SigV4 credential; the request goes without it")
            }
        }
        let body = bodyExpression(request.body, id: step.id, headers: &request.headers)
        var headerLines: [String] = []
        var names: [String] = []
        for field in request.headers where !names.contains(where: { $0.caseInsensitiveEquals(field.name) }) {
            names.append(field.name)
        }
        for name in names {
            let values = request.headers.values(for: name)
            if values.count > 1 { notes.append("\(step.id): the \(name) fields are sent as one, joined by commas") }
            headerLines.append("\(Self.literal(name)): \(template(values.joined(separator: ", ")))")
        }
        if let authorization { headerLines.append("'Authorization': \(authorization)") }
        params.insert("headers: {\n        " + headerLines.joined(separator: ",\n        ") + ",\n      }", at: 0)
        params.append("tags: { name: \(Self.literal(step.id)) }")
        var lines = [
            "  // \(Self.comment(step.id))",
            "  {",
            "    const res = http.request(\(Self.literal(request.method.rawValue)), \(url), \(body), {",
            "      " + params.joined(separator: ",\n      ") + ",",
            "    });",
        ]
        let checks = step.expectation.map { checkEntries($0, id: step.id) } ?? []
        if !checks.isEmpty {
            lines.append("    check(res, {")
            lines += checks.map { "      \(Self.literal("\(step.id): \($0.name)")): (r) => \($0.test)," }
            lines.append("    });")
        }
        lines.append("  }")
        return (lines, checks.count)
    }

    private mutating func bodyExpression(_ body: RequestBody, id: String, headers: inout HTTPHeaders) -> String {
        switch body {
        case .none:
            return "null"
        case .bytes(let data, let type):
            if !headers.contains("Content-Type"), let type { headers.add("Content-Type", type) }
            if let text = String(data: data, encoding: .utf8), !text.contains("\0") { return template(text) }
            usesEncoding = true
            return "encoding.b64decode('\(data.base64EncodedString())')"
        case .file(let path, let type):
            if !headers.contains("Content-Type"), let type { headers.add("Content-Type", type) }
            return file(path)
        case .multipart(let multipart):
            // k6 writes the boundary and its Content-Type.
            headers.remove("Content-Type")
            var fields: [String] = []
            var seen: Set<String> = []
            for part in multipart.parts {
                if !seen.insert(part.name).inserted {
                    notes.append("\(id): k6 sends one multipart part per name; the last `\(part.name)` is kept")
                }
                switch part.content {
                case .text(let text):
                    fields.append("\(Self.literal(part.name)): \(template(text))")
                case .file(let path, let filename, let type):
                    let name = filename ?? URL(fileURLWithPath: path).lastPathComponent
                    fields.append(
                        "\(Self.literal(part.name)): http.file(\(file(path)), \(Self.literal(name))"
                            + (type.map { ", \(Self.literal($0))" } ?? "") + ")")
                }
            }
            return "{ " + fields.joined(separator: ", ") + " }"
        }
    }

    /// A check's JSON value in JavaScript: a string as a template literal (its `{{variables}}` filled by the
    /// script), anything else as JSON.
    private mutating func jsonLiteral(_ value: JSONValue) -> String {
        if case .string(let text) = value { return template(text) }
        return value.serialized()
    }

    /// The variable holding `path`'s bytes, read once when the script starts (k6 opens files only then).
    private mutating func file(_ path: String) -> String {
        if let index = files.firstIndex(of: path) { return "file\(index)" }
        files.append(path)
        return "file\(files.count - 1)"
    }

    // MARK: - Checks

    private mutating func checkEntries(_ expectation: ResponseExpectation, id: String) -> [(name: String, test: String)]
    {
        var entries: [(name: String, test: String)] = []
        if !expectation.status.isEmpty {
            let tests = expectation.status.map { rule in
                switch rule {
                case .code(let code): "r.status === \(code)"
                case .statusClass(let digit): "Math.floor(r.status / 100) === \(digit)"
                }
            }
            entries.append(
                (
                    "status " + expectation.status.map(\.description).joined(separator: " or "),
                    tests.joined(separator: " || ")
                ))
        }
        for rule in expectation.headers {
            let value = "header(r, \(Self.literal(rule.name)))"
            switch rule.check {
            case .equals(let text):
                entries.append(("header \(rule.name) == \(text)", "\(value) === \(template(text))"))
            case .matches(let pattern):
                entries.append(("header \(rule.name) matches \(pattern)", "matches(\(value), \(template(pattern)))"))
            case .contains(let text):
                entries.append(("header \(rule.name) contains \(text)", "includes(\(value), \(template(text)))"))
            case .present(let present):
                entries.append(
                    (
                        "header \(rule.name) " + (present ? "present" : "absent"),
                        "(\(value) !== undefined) === \(present)"
                    ))
            }
        }
        for rule in expectation.json {
            guard let steps = (try? JSONPath(rule.query))?.singularSteps else {
                notes.append("\(id): k6 has no JSONPath; the check on \(rule.query) is left out (only $.a.b[0] forms)")
                continue
            }
            let value = "at(r, [" + steps.map(Self.step).joined(separator: ", ") + "])"
            let name = "\(rule.query) " + ExpectationChecker.describe(rule.check)
            switch rule.check {
            case .compare(let operatorText, let expected):
                entries.append((name, "compare(\(value), \(Self.literal(operatorText)), \(jsonLiteral(expected)))"))
            case .matches(let pattern):
                entries.append((name, "matches(\(value), \(template(pattern)))"))
            case .contains(let expected):
                entries.append((name, "includes(\(value), \(jsonLiteral(expected)))"))
            case .exists(let exists):
                entries.append((name, "(\(value) !== undefined) === \(exists)"))
            case .count(let count):
                entries.append((name, "count(\(value)) === \(count)"))
            case .type(let type):
                entries.append((name, "isType(\(value), \(Self.literal(type)))"))
            }
        }
        for text in expectation.bodyContains {
            entries.append(("body contains \(text)", "String(r.body).includes(\(template(text)))"))
        }
        if let limit = expectation.maxMilliseconds {
            entries.append(("time <= \(limit) ms", "timing(r, 'total') <= \(limit)"))
        }
        for rule in expectation.timing {
            guard rule.measure != .dns else {
                notes.append("\(id): k6 does not time DNS apart; the timing check on dns is left out")
                continue
            }
            let text = rule.text.trimmingCharacters(in: .whitespaces)
            entries.append(
                (
                    "timing \(rule.measure.rawValue) \(text)",
                    "timing(r, '\(rule.measure.rawValue)') \(rule.comparison.rawValue) \(rule.milliseconds)"
                ))
        }
        if expectation.schema { notes.append("\(id): k6 does not check JSON Schema; `schema: true` is left out") }
        if !expectation.tls.isEmpty {
            notes.append("\(id): k6 does not see the certificate; the tls checks are left out")
        }
        if !expectation.stream.isEmpty {
            notes.append("\(id): k6 does not read a stream's events; the stream checks are left out")
        }
        return entries
    }

    private static func step(_ step: JSONPath.Step) -> String {
        switch step {
        case .name(let name): literal(name)
        case .index(let index): String(index)
        }
    }

    /// What the checks call: case-insensitive headers, a singular JSONPath walk, RFC 9535's comparisons, and
    /// apix's phases from k6's timings (k6 has no DNS phase; `blocked` is waiting for a free connection).
    static let helpers = [
        "function env(name) {",
        "  const value = __ENV[name];",
        "  if (value === undefined) throw new Error(`set ${name}: k6 run -e ${name}=...`);",
        "  return value;",
        "}",
        "function header(r, name) {",
        "  const key = Object.keys(r.headers).find((k) => k.toLowerCase() === name.toLowerCase());",
        "  return key === undefined ? undefined : r.headers[key];",
        "}",
        "function at(r, steps) {",
        "  let value;",
        "  try { value = JSON.parse(r.body); } catch (e) { return undefined; }",
        "  for (const step of steps) {",
        "    if (value === null || typeof value !== 'object') return undefined;",
        "    if (typeof step === 'number') {",
        "      if (!Array.isArray(value)) return undefined;",
        "      value = value[step < 0 ? value.length + step : step];",
        "    } else {",
        "      if (Array.isArray(value) || !Object.prototype.hasOwnProperty.call(value, step)) return undefined;",
        "      value = value[step];",
        "    }",
        "    if (value === undefined) return undefined;",
        "  }",
        "  return value;",
        "}",
        "function same(a, b) {",
        "  if (a === b) return true;",
        "  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;",
        "  if (Array.isArray(a) !== Array.isArray(b)) return false;",
        "  const keys = Object.keys(a);",
        "  return keys.length === Object.keys(b).length && keys.every((k) => k in b && same(a[k], b[k]));",
        "}",
        "function compare(a, op, b) {",
        "  if (op === '==') return same(a, b);",
        "  if (op === '!=') return !same(a, b);",
        "  const ordered = (typeof a === 'number' && typeof b === 'number') ||",
        "    (typeof a === 'string' && typeof b === 'string');",
        "  if (!ordered) return (op === '<=' || op === '>=') && same(a, b);",
        "  return { '<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b }[op];",
        "}",
        "function matches(value, pattern) {",
        "  return typeof value === 'string' && new RegExp(pattern).test(value);",
        "}",
        "function includes(value, part) {",
        "  if (typeof value === 'string') return typeof part === 'string' && value.includes(part);",
        "  return Array.isArray(value) && value.some((item) => same(item, part));",
        "}",
        "function count(value) {",
        "  if (Array.isArray(value)) return value.length;",
        "  if (value !== null && typeof value === 'object') return Object.keys(value).length;",
        "  return value === undefined ? 0 : 1;",
        "}",
        "function isType(value, type) {",
        "  if (type === 'integer') return Number.isInteger(value);",
        "  if (type === 'null') return value === null;",
        "  if (type === 'array') return Array.isArray(value);",
        "  if (type === 'object') return value !== null && typeof value === 'object' && !Array.isArray(value);",
        "  return value !== undefined && typeof value === type;",
        "}",
        "function timing(r, phase) {",
        "  const t = r.timings;",
        "  const before = t.connecting + t.tls_handshaking;",
        "  return {",
        "    connect: t.connecting, tls: t.tls_handshaking, send: t.sending, wait: t.waiting,",
        "    ttfb: before + t.sending + t.waiting, transfer: t.receiving, total: before + t.duration,",
        "  }[phase];",
        "}",
    ]

    // MARK: - JavaScript text

    /// `text` as a template literal, its secret markers read from k6's environment.
    private mutating func template(_ text: String) -> String { "`" + templateBody(text) + "`" }

    /// The inside of a template literal for `text`.
    private mutating func templateBody(_ text: String) -> String {
        var out = ""
        for piece in SecretMarker.split(text) {
            switch piece {
            case .text(let literal):
                out += Self.escaped(literal)
            case .secret(let name):
                let variable = SecretMarker.shellName(for: name)
                if !variables.contains(variable) { variables.append(variable) }
                out += "${env('\(variable)')}"
            }
        }
        return out
    }

    /// A single-quoted JavaScript string.
    static func literal(_ text: String) -> String { "'" + escaped(text, quote: "'") + "'" }

    /// `text` escaped for a template literal (`quote` a backtick, `$` escaped too) or a single-quoted string:
    /// backslash, the quote, and every control or line-separating character as `\u{…}`, so the script holds no
    /// raw control byte.
    static func escaped(_ text: String, quote: Character = "`") -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case _ where Character(scalar) == quote: out += "\\" + String(quote)
            case "$" where quote == "`": out += "\\$"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` fit for a line comment.
    private static func comment(_ text: String) -> String {
        String(
            text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && $0.value != 0x2028 }.map(
                Character.init))
    }
}
