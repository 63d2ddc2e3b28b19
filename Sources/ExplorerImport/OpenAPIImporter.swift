import CollectionImport
import ExplorerCore
import Foundation
import OpenAPIKit

/// Turns an OpenAPI 3.0 / 3.1 (or Swagger 2.0) document (YAML or JSON) into a profile: servers become environments, operations
/// endpoints grouped by tag into folders (by the path's first resource when nothing is tagged), path and query parameters `params` / `query` with their examples or
/// defaults, request bodies an example body, and the security scheme the profile's `auth` where it maps.
package enum OpenAPIImporter {
    /// Reads `text` (YAML or JSON; Yams keeps key order for both) and builds the profile `id` (default: from the
    /// document's title). `file` is where the profile will be written.
    package static func makeProfile(text: String, id: String?, file: String) throws(InteropError) -> OpenAPIImport {
        let read = try OpenAPIDocumentReader.read(text)
        let document = read.document
        let profileID = id ?? ImportNaming.slug(document.info.title)
        var notes = read.notes
        var profile = Profile(
            id: profileID, name: document.info.title, description: document.info.description.map(firstParagraph),
            file: file, environments: environments(document.servers, notes: &notes))
        profile.defaultEnvironment = profile.environments.first?.name
        if !read.schemas.schemas.isEmpty { profile.schemas.dialect = read.dialect }

        let operations = OpenAPIOperation.all(
            in: document, bodies: read.requestBodies, parameters: read.parameters, notes: &notes)
        let (auth, secrets, schemeName) = authentication(document: document, operations: operations, notes: &notes)
        var usedIDs: Set<String> = []
        for operation in operations {
            guard let method = HTTPMethod(rawValue: operation.method.rawValue.uppercased()) else {
                notes.append("skipped \(operation.method.rawValue) \(operation.path): unsupported method")
                continue
            }
            var endpoint = makeEndpoint(operation, method: method, tree: read.requestBodies.tree, notes: &notes)
            endpoint.id = ImportNaming.unique(endpoint.id, in: &usedIDs)
            endpoint.responses =
                read.schemas.rules[OpenAPIResponseSchemas.key(path: operation.path, method: operation.method.rawValue)]
                ?? []
            if endpoint.body != nil {
                endpoint.requestSchema =
                    read.schemas.requestSchemas[
                        OpenAPIResponseSchemas.key(path: operation.path, method: operation.method.rawValue)]
            }
            if let schemeName, !operation.security.contains(where: { $0.keys.contains { $0.name == schemeName } }) {
                endpoint.authDisabled = true
            }
            profile.endpoints.append(endpoint)
        }
        if !profile.endpoints.isEmpty, profile.endpoints.allSatisfy({ $0.folder == nil }) {
            // No tag anywhere (Stripe's 468 operations): folders by resource, so a big profile can still be folded.
            for index in profile.endpoints.indices {
                profile.endpoints[index].folder = pathFolder(profile.endpoints[index].path.raw)
            }
        }
        if case .mapping(let entries)? = auth, entries.contains(.init("token_url", .string("{{token_url}}"))),
            profile.variables["token_url"] == nil
        {
            // The implicit flow names no token endpoint: defined empty (not a secret) for the user to fill in.
            profile.variables["token_url"] = Template("")
        }
        let distinctNotes = notes.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        var imported = OpenAPIImport(profile: profile, auth: auth, secretVariables: secrets, notes: distinctNotes)
        imported.sideSchemas = read.schemas.schemas
        return imported
    }

    // MARK: - Environments

    static func environments(_ servers: [OpenAPIKit.OpenAPI.Server], notes: inout [String]) -> [ProfileEnvironment] {
        var result: [ProfileEnvironment] = []
        var names: Set<String> = []
        for server in servers {
            var url = server.urlTemplate.rawValue
            var variables: [String: Template] = [:]
            for (name, variable) in server.variables {
                url = url.replacingOccurrences(of: "{\(name)}", with: "{{\(name)}}")
                variables[name] = Template(variable.default)
            }
            if !url.contains("://") {
                // A relative server URL is relative to wherever the document was served from.
                variables["origin"] = Template("http://localhost")
                url = "{{origin}}" + (url.hasPrefix("/") ? url : "/" + url)
                notes.append("server \(server.urlTemplate.rawValue) is relative: set `origin` in its environment")
            }
            if url.hasSuffix("/") { url.removeLast() }
            let base = server.name ?? server.description.map { ImportNaming.slug($0) } ?? hostName(url) ?? "server"
            let name = ImportNaming.unique(ImportNaming.slug(base), in: &names)
            result.append(ProfileEnvironment(name: name, baseURL: Template(url), variables: variables))
        }
        if result.isEmpty {
            notes.append("the document names no server: the `default` environment points at http://localhost")
            result.append(ProfileEnvironment(name: "default", baseURL: "http://localhost"))
        }
        return result
    }

    static func hostName(_ url: String) -> String? {
        URL(string: url.replacingOccurrences(of: "{{", with: "").replacingOccurrences(of: "}}", with: ""))?.host
    }

    // MARK: - Endpoints

    static func makeEndpoint(
        _ operation: OpenAPIOperation, method: HTTPMethod, tree: OpenAPITree, notes: inout [String]
    ) -> Endpoint {
        let path = operation.path
        let id = operation.operation.operationId.map(identifier) ?? defaultID(method: method, path: path)
        var endpoint = Endpoint(
            id: id,
            name: operation.operation.summary.flatMap(shortName)
                ?? operation.operation.description.flatMap { shortName(HTMLText.plain($0)) }
                ?? shortName("\(method.rawValue) \(path)"),
            folder: operation.operation.tags?.first,
            description: (operation.operation.description ?? operation.pathDescription).map(firstParagraph),
            method: method, path: Template(path))
        for parameter in operation.parameters {
            let values = exampleValues(parameter, tree: tree)
            let item = Parameter(name: parameter.name, values: values.map { $0.map { Template($0) } })
            switch parameter.location {
            case .path: endpoint.params.append(item)
            case .query: endpoint.query.append(item)
            case .header:
                if !["accept", "content-type", "authorization"].contains(parameter.name.lowercased()) {
                    endpoint.headers.append(item)
                }
            case .cookie, .querystring:
                notes.append("\(id): \(parameter.location.rawValue) parameter `\(parameter.name)` not carried over")
            }
        }
        // Every placeholder needs a value or an explicit null for the user to fill.
        for name in endpoint.placeholders where !endpoint.params.contains(where: { $0.name == name }) {
            endpoint.params.append(Parameter(name: name, values: nil))
        }
        if let request = operation.requestBody {
            endpoint.body = body(request, id: id, tree: tree, notes: &notes)
            if [HTTPMethod.get, .head, .delete].contains(method), endpoint.body.map(isEmpty) == true {
                // Stripe gives every GET an empty form body: sending it would add a Content-Type and an empty body
                // (`--data-raw ''` in `export curl`) to requests that take none.
                endpoint.body = nil
            }
        }
        return endpoint
    }

    /// A body with nothing in it: a form or multipart body without fields, a JSON `{}`.
    static func isEmpty(_ body: BodyTemplate) -> Bool {
        switch body {
        case .form(let fields), .multipart(let fields): fields.isEmpty
        case .json(let value): value == .object([])
        case .text, .file, .graphql: false
        }
    }

    static func scalarText(_ value: TemplateValue) -> String {
        switch value {
        case .null: ""
        case .bool(let flag): String(flag)
        case .number(let text): text
        case .string(let template): template.raw
        case .array, .object:
            (try? value.render(VariableScope(processEnvironment: [:])).serialized()) ?? ""
        }
    }

    /// A decoded example (`AnyCodable`'s value) as a template value; object keys sorted, since decoding lost
    /// their order.
    static func templateValue(_ value: Any) -> TemplateValue {
        switch value {
        case is NSNull: return .null
        case let flag as Bool: return .bool(flag)
        case let number as Int: return .number(String(number))
        case let number as UInt: return .number(String(number))
        case let number as Double:
            return .number(number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number))
        case let text as String: return .string(Template(text))
        case let items as [Any]: return .array(items.map(templateValue))
        case let object as [String: Any]:
            return .object(object.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: templateValue($0.value)) })
        case let optional as AnyCodable: return templateValue(optional.value)
        default: return .string(Template(String(describing: value)))
        }
    }
}
