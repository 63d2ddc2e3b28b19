import Foundation
import Yams

/// Writes profiles and endpoints as YAML in the style of hand-written profiles: block mappings for the
/// structure, short values in flow style (`params: { id: 1 }`), strings plain unless they need quotes. Whatever it
/// writes, `ProfileLoader` reads back to the same values.
package enum ProfileEmitter {
    /// A YAML value ready to print: scalars already formatted.
    package indirect enum Value: Sendable, Equatable {
        case scalar(String)
        case sequence([Value])
        case mapping([Entry])
        /// Text of several lines, written as a literal block (`|`) where it is a field's value in block style, and
        /// double-quoted where it stands in flow (`ProfileEmitter+Literal.swift`). Made by `lines(_:)` only.
        case literal(String)

        package static func string(_ text: String) -> Value { .scalar(ProfileEmitter.quoted(text, asString: true)) }
    }

    package struct Entry: Sendable, Equatable {
        package var key: String
        package var value: Value

        package init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// Longest line (indentation included) a value is kept on in flow style.
    static let flowWidth = 110

    // MARK: - Documents

    /// A whole profile file. `extra` entries (e.g. an `auth:` mapping) go before `endpoints`.
    package static func profile(_ profile: Profile, extra: [Entry] = [], header: String? = nil) -> String {
        var entries: [Entry] = []
        if profile.name != profile.id { entries.append(.init("name", .string(profile.name))) }
        if let description = profile.description { entries.append(.init("description", .string(description))) }
        if let name = profile.defaultEnvironment { entries.append(.init("default_environment", .string(name))) }
        if !profile.variables.isEmpty { entries.append(.init("variables", variables(profile.variables))) }
        entries.append(.init("environments", .mapping(profile.environments.map { .init($0.name, environment($0)) })))
        if !profile.headers.isEmpty { entries.append(.init("headers", parameters(profile.headers))) }
        entries.append(contentsOf: transfer(profile.transfer))
        if let file = profile.envFile { entries.append(.init("env_file", .string(file.path))) }
        if let spec = profile.auth { entries.append(.init("auth", auth(spec))) }
        if !profile.auths.isEmpty { entries.append(.init("auths", definitions(profile.auths))) }
        entries.append(contentsOf: schemas(profile.schemas))
        entries.append(contentsOf: extra)
        var text =
            header.map {
                $0.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { "# \($0)" }.joined(separator: "\n") + "\n"
            } ?? ""
        for entry in entries { text += field(entry, indent: 0) }
        text += endpoints(profile.endpoints)
        return text
    }

    /// One environment's mapping, as `environments:` holds it under its name.
    static func environment(_ environment: ProfileEnvironment) -> Value {
        var fields: [Entry] = [.init("base_url", template(environment.baseURL))]
        if !environment.headers.isEmpty { fields.append(.init("headers", parameters(environment.headers))) }
        if !environment.variables.isEmpty { fields.append(.init("variables", variables(environment.variables))) }
        if let insecure = environment.insecure { fields.append(.init("insecure", .scalar(String(insecure)))) }
        if let caFile = environment.caFile { fields.append(.init("ca_file", .string(caFile))) }
        if let compressed = environment.compressed {
            fields.append(.init("compressed", .scalar(String(compressed))))
        }
        fields.append(contentsOf: network(environment.network))
        if let file = environment.envFile { fields.append(.init("env_file", .string(file.path))) }
        if let spec = environment.auth { fields.append(.init("auth", auth(spec))) }
        if !environment.auths.isEmpty { fields.append(.init("auths", definitions(environment.auths))) }
        return .mapping(fields)
    }

    /// `endpoints:` followed by every endpoint as a list item (nothing when there are none).
    package static func endpoints(_ endpoints: [Endpoint]) -> String {
        guard !endpoints.isEmpty else { return "" }
        return "\nendpoints:\n" + endpoints.map { item($0, indent: 2) }.joined()
    }

    /// One endpoint as a block list item whose dash sits at column `indent` (0-based).
    package static func item(_ endpoint: Endpoint, indent: Int) -> String {
        let fields = endpointFields(endpoint)
        var text = ""
        for (index, entry) in fields.enumerated() {
            let line = field(entry, indent: indent + 2)
            text += index == 0 ? String(repeating: " ", count: indent) + "- " + line.dropFirst(indent + 2) : line
        }
        return text
    }

    /// How collections are written: `.compact` keeps short ones on one line in flow style (`{ id: 1 }`), `.block`
    /// writes every non-empty one in block style (what a save writes into a block the user wrote).
    package enum Style: Sendable, Equatable { case compact, block }

    /// `key: value` lines at `indent`, ending with a newline; long values (with `.block`, all collections)
    /// continue in block style below.
    package static func field(_ entry: Entry, indent: Int, style: Style = .compact) -> String {
        let pad = String(repeating: " ", count: indent)
        let key = quoted(entry.key, asString: true)
        switch entry.value {
        case .scalar(let text):
            return "\(pad)\(key): \(text)\n"
        case .literal(let text):
            return "\(pad)\(key): " + literalBlock(text, indent: indent + 2)
        case .sequence(let items) where items.isEmpty:
            return "\(pad)\(key): []\n"
        case .mapping(let entries) where entries.isEmpty:
            return "\(pad)\(key): {}\n"
        case .sequence, .mapping:
            if style == .compact, let flow = compactFlow(entry.value, width: pad.count + key.count + 2) {
                return "\(pad)\(key): \(flow)\n"
            }
            return "\(pad)\(key):\n" + block(entry.value, indent: indent + 2, style: style)
        }
    }

    /// A non-empty collection's block lines at `indent` (a mapping's `key: value` lines, a sequence's `- item`
    /// lines), each ending with a newline; a scalar or an empty collection is its flow text on one line.
    package static func block(_ value: Value, indent: Int, style: Style) -> String {
        switch value {
        case .mapping(let entries) where !entries.isEmpty:
            entries.map { field($0, indent: indent, style: style) }.joined()
        case .sequence(let items) where !items.isEmpty:
            items.map { sequenceItem($0, indent: indent, style: style) }.joined()
        default:
            String(repeating: " ", count: indent) + flowText(value) + "\n"
        }
    }

    /// The flow text of a collection when it fits on the line after `width` columns and is shallow enough to read.
    private static func compactFlow(_ value: Value, width: Int) -> String? {
        let flow = flowText(value)
        if case .mapping = value, depth(value) > 2 { return nil }
        // Lines read better as a block than as one quoted line.
        if containsLiteral(value) { return nil }
        return width + flow.count <= flowWidth ? flow : nil
    }

    static func sequenceItem(_ value: Value, indent: Int, style: Style = .compact) -> String {
        let pad = String(repeating: " ", count: indent)
        switch value {
        case .mapping(let entries) where !entries.isEmpty:
            var text = ""
            for (index, entry) in entries.enumerated() {
                let line = field(entry, indent: indent + 2, style: style)
                text += index == 0 ? pad + "- " + line.dropFirst(indent + 2) : line
            }
            return text
        default:
            // A list in a list stays in flow style (`- [a, b]`): simpler to place than `- - a`, and read the same.
            return pad + "- " + flowText(value) + "\n"
        }
    }

    static func flowText(_ value: Value) -> String {
        switch value {
        case .scalar(let text): text
        case .literal(let text): doubleQuoted(text)
        case .sequence(let items): "[" + items.map(flowText).joined(separator: ", ") + "]"
        case .mapping(let entries) where entries.isEmpty: "{}"
        case .mapping(let entries):
            "{ " + entries.map { quoted($0.key, asString: true) + ": " + flowText($0.value) }.joined(separator: ", ")
                + " }"
        }
    }

    static func depth(_ value: Value) -> Int {
        switch value {
        case .scalar, .literal: 0
        case .sequence(let items): 1 + (items.map(depth).max() ?? 0)
        case .mapping(let entries): 1 + (entries.map { depth($0.value) }.max() ?? 0)
        }
    }

    // MARK: - Endpoint fields

    /// The endpoint's keys in the canonical order, leaving out what is unset or default (`name` equal to `id`).
    static func endpointFields(_ endpoint: Endpoint) -> [Entry] {
        endpointKeys.compactMap { key in endpointValue(endpoint, key).map { Entry(key, $0) } }
    }

    /// Keys of an endpoint in the order they are written.
    static let endpointKeys = [
        "id", "name", "folder", "description", "method", "custom_method", "protocol", "path", "params", "query",
        "headers", "body", "timeout", "connect_timeout", "stall_timeout", "follow_redirects", "max_redirects",
        "redirect_body", "insecure", "ca_file", "compressed", "max_body", "max_body_ratio", "http_version", "proxy",
        "no_proxy",
        "cert_file", "key_file", "key_password", "cookies", "stream", "priority", "cache", "auth", "download",
        "capture",
        "uses", "expect", "responses", "request_schema", "subprotocols", "ping_interval", "max_message", "messages",
        "connection_init",
    ]

    /// The value written for one endpoint key, or nil when the key is left out.
    package static func endpointValue(_ endpoint: Endpoint, _ key: String) -> Value? {
        switch key {
        case "id": return .string(endpoint.id)
        case "name": return endpoint.name == endpoint.id ? nil : .string(endpoint.name)
        case "folder": return endpoint.folder.map(Value.string)
        case "description": return endpoint.description.map(Value.string)
        case "method": return .scalar(endpoint.method.rawValue)
        case "custom_method": return endpoint.method.isKnown ? nil : .scalar("true")
        case "path": return template(endpoint.path)
        case "params": return endpoint.params.isEmpty ? nil : parameters(endpoint.params)
        case "query": return endpoint.query.isEmpty ? nil : parameters(endpoint.query)
        case "headers": return endpoint.headers.isEmpty ? nil : parameters(endpoint.headers)
        case "body": return endpoint.body.map(body)
        case "priority": return endpoint.priority.map { .scalar($0.rawValue) }
        case "cache": return endpoint.cacheSeconds.map { .scalar(String($0)) }
        case "auth":
            if endpoint.authDisabled { return .scalar("none") }
            return endpoint.authName.map(Value.string) ?? endpoint.auth.map(auth)
        case "download": return endpoint.downloadTo.map { .mapping([.init("to", .string($0))]) }
        case "capture": return endpoint.captures.isEmpty ? nil : captures(endpoint.captures)
        case "uses": return endpoint.uses.isEmpty ? nil : uses(endpoint.uses)
        case "expect": return endpoint.expectation.map(expectation)
        case "responses": return endpoint.responses.isEmpty ? nil : responses(endpoint.responses)
        case "request_schema": return endpoint.requestSchema.map(Value.string)
        case _ where webSocketKeys.contains(key): return webSocketValue(endpoint, key)
        default: return transfer(endpoint.transfer).first { $0.key == key }?.value
        }
    }

    static func transfer(_ settings: TransferSettings) -> [Entry] {
        var entries: [Entry] = []
        if let timeout = settings.timeout { entries.append(.init("timeout", .scalar(seconds(timeout)))) }
        if let value = settings.connectTimeout { entries.append(.init("connect_timeout", .scalar(seconds(value)))) }
        if let value = settings.stallTimeout { entries.append(.init("stall_timeout", .scalar(seconds(value)))) }
        if let value = settings.followRedirects { entries.append(.init("follow_redirects", .scalar(String(value)))) }
        if let value = settings.maxRedirects { entries.append(.init("max_redirects", .scalar(String(value)))) }
        if let value = settings.insecure { entries.append(.init("insecure", .scalar(String(value)))) }
        if let value = settings.caFile { entries.append(.init("ca_file", .string(value))) }
        if let value = settings.compressed { entries.append(.init("compressed", .scalar(String(value)))) }
        if let value = settings.redirectBody { entries.append(.init("redirect_body", .scalar(value.rawValue))) }
        if let value = settings.maxBody { entries.append(.init("max_body", .scalar(String(value)))) }
        if let value = settings.maxBodyRatio { entries.append(.init("max_body_ratio", .scalar(String(value)))) }
        if let value = settings.stream { entries.append(.init("stream", .scalar(String(value)))) }
        return entries + network(settings)
    }

    /// The network keys of a level (`http_version` … `cookies`).
    static func network(_ settings: TransferSettings) -> [Entry] {
        var entries: [Entry] = []
        if let value = settings.httpVersion { entries.append(.init("http_version", .string(value.rawValue))) }
        if let value = settings.proxy { entries.append(.init("proxy", template(value))) }
        if let value = settings.noProxy { entries.append(.init("no_proxy", .string(value))) }
        if let value = settings.certFile { entries.append(.init("cert_file", .string(value))) }
        if let value = settings.keyFile { entries.append(.init("key_file", .string(value))) }
        if let value = settings.keyPassword { entries.append(.init("key_password", template(value))) }
        if let value = settings.cookies { entries.append(.init("cookies", .scalar(String(value)))) }
        return entries
    }

    static func body(_ body: BodyTemplate) -> Value {
        switch body {
        case .json(let value): return .mapping([.init("json", json(value))])
        case .form(let fields): return .mapping([.init("form", parameters(fields))])
        case .multipart(let fields): return .mapping([.init("multipart", parameters(fields))])
        case .text(let text, let type):
            return .mapping([.init("text", template(text))] + (type.map { [.init("content_type", .string($0))] } ?? []))
        case .file(let path, let type):
            return .mapping([.init("file", template(path))] + (type.map { [.init("content_type", .string($0))] } ?? []))
        case .graphql(let graphql):
            var entries: [Entry] = [
                graphql.file.map { Entry("file", .string($0)) } ?? Entry("query", lines(graphql.query))
            ]
            if let variables = graphql.variables { entries.append(.init("variables", json(variables))) }
            if let operation = graphql.operation { entries.append(.init("operation", .string(operation))) }
            return .mapping([.init("graphql", .mapping(entries))])
        }
    }

    static func json(_ value: TemplateValue) -> Value {
        switch value {
        case .null: .scalar("null")
        case .bool(let flag): .scalar(String(flag))
        case .number(let text): .scalar(text)
        case .string(let template): .string(template.raw)
        case .array(let items): .sequence(items.map(json))
        case .object(let members): .mapping(members.map { Entry($0.key, json($0.value)) })
        }
    }

    /// `name: value` pairs: null, one value, or a list; values switched off as `{ value: …, enabled: false }`.
    /// Items of one name are written as one key (a mapping cannot repeat a key), in the order names first appear.
    static func parameters(_ parameters: [Parameter]) -> Value {
        var grouped: [Parameter] = []
        for parameter in parameters {
            guard let index = grouped.firstIndex(where: { $0.name == parameter.name }) else {
                grouped.append(parameter)
                continue
            }
            if let values = parameter.values { grouped[index].values = (grouped[index].values ?? []) + values }
            grouped[index].disabledValues += parameter.disabledValues
        }
        return .mapping(grouped.map { Entry($0.name, parameterValue($0)) })
    }

    private static func parameterValue(_ parameter: Parameter) -> Value {
        func scalar(_ value: Template) -> Value { template(value, anyScalar: true) }
        func off(_ value: Value) -> Value { .mapping([Entry("value", value), Entry("enabled", .scalar("false"))]) }
        let disabled = parameter.disabledValues
        // No value sent but some switched off reads back as `values == nil`, so it is written that way.
        guard let values = parameter.values, !(values.isEmpty && !disabled.isEmpty) else {
            if disabled.isEmpty { return .scalar("null") }
            return off(disabled.count == 1 ? scalar(disabled[0]) : .sequence(disabled.map(scalar)))
        }
        if values.count == 1, disabled.isEmpty { return scalar(values[0]) }
        return .sequence(values.map(scalar) + disabled.map { off(scalar($0)) })
    }

    static func variables(_ variables: [String: Template]) -> Value {
        .mapping(
            variables.sorted { $0.key < $1.key }.map { name, value in
                // A command stays a command: its value is never written.
                guard let words = value.command else { return Entry(name, template(value, anyScalar: true)) }
                return Entry(name, .mapping([Entry("command", .sequence(words.map { template(Template($0)) }))]))
            })
    }

    /// A template value. Where any scalar is read as text (`params`, `headers`, …), `1` may stay plain.
    static func template(_ template: Template, anyScalar: Bool = false) -> Value {
        .scalar(quoted(template.raw, asString: !anyScalar))
    }

    // MARK: - Scalars

    /// `text` as a YAML scalar: plain when it reads back as the same text (and, with `asString`, as a string
    /// rather than a number or boolean), else double-quoted.
    ///
    /// Typed by `YAMLImplicitTag` without composing: saving a profile emits it twice (the candidate and the check),
    /// and composing every scalar with Yams' default resolver cost more than the rest of the save.
    package static func quoted(_ text: String, asString: Bool) -> String {
        if isPlainSafe(text) {
            let tag = YAMLImplicitTag.resolve(text)
            if tag != .null, !asString || tag == .str { return text }
        }
        return doubleQuoted(text)
    }

    /// Characters that can never start or appear in a plain scalar we write (flow indicators included, since
    /// values may be written inside `{ … }`).
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@` ".unicodeScalars.contains(first) || last == " " || last == ":" { return false }
        // `:?` is an error inside `{ … }` for libyaml; `...` at a line start would end the document.
        if text.contains(": ") || text.contains(" #") || text.contains(":?") || text.hasPrefix("...") { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.value >= 0x20 && scalar.value != 0x7F && !",[]{}\"\\".unicodeScalars.contains(scalar)
                && !(0x80...0x9F).contains(scalar.value) && scalar.value != 0xFEFF
                && scalar.value != 0x2028 && scalar.value != 0x2029
        }
    }

    static func doubleQuoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0xFEFF || (0x2028...0x2029).contains(scalar.value)
                {
                    // Four hex digits (every scalar here is below 0x10000), without `String(format:)`: Foundation's
                    // formatting was three quarters of the time quoting took on text full of controls.
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
