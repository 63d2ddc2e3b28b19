import OpenAPIKit
import Yams

/// One operation with what the importer reads of it resolved from the components, and nothing else: parameters
/// (the path's, replaced by the operation's of the same name and place) and the request body (both read from the
/// composed tree, see `OpenAPIParameters` and `OpenAPIRequestBodies`), and the security that applies. Responses are never resolved, so their schemas
/// cost nothing.
struct OpenAPIOperation {
    var path: String
    var method: OpenAPI.HttpMethod
    var operation: OpenAPI.Operation
    var pathDescription: String?
    var parameters: [OpenAPIParameters.Parameter]
    /// The request body's media types, nil without one.
    var requestBody: [OpenAPIRequestBodies.Content]?
    /// The operation's security, else the document's (an empty list: no auth).
    var security: [OpenAPI.SecurityRequirement]

    /// Every operation in document order; references that cannot be resolved are noted and skipped.
    static func all(
        in document: OpenAPI.Document, bodies: OpenAPIRequestBodies, parameters written: OpenAPIParameters,
        notes: inout [String]
    ) -> [OpenAPIOperation] {
        let components = document.components
        var result: [OpenAPIOperation] = []
        for (path, maybeItem) in document.paths {
            guard let item = components[maybeItem] else {
                notes.append("skipped \(path.rawValue): its path item reference does not resolve")
                continue
            }
            for endpoint in item.endpoints {
                var parameters: [OpenAPIParameters.Parameter] = []
                for entry in written.parameters(path: path.rawValue, method: endpoint.method.rawValue) {
                    switch entry {
                    case .parameter(let parameter):
                        parameters.removeAll { $0.name == parameter.name && $0.location == parameter.location }
                        parameters.append(parameter)
                    case .unresolved:
                        notes.append("\(path.rawValue): a parameter reference does not resolve: skipped")
                    case .unreadable:
                        notes.append("\(path.rawValue): a parameter without a name or a known `in`: skipped")
                    }
                }
                var body: [OpenAPIRequestBodies.Content]?
                switch bodies.body(path: path.rawValue, method: endpoint.method.rawValue) {
                case .content(let types)?: body = types
                case .unresolved?: notes.append("\(path.rawValue): the request body reference does not resolve")
                case nil: break
                }
                result.append(
                    OpenAPIOperation(
                        path: path.rawValue, method: endpoint.method, operation: endpoint.operation,
                        pathDescription: item.description, parameters: parameters, requestBody: body,
                        security: endpoint.operation.security ?? document.security))
            }
        }
        return result
    }
}
