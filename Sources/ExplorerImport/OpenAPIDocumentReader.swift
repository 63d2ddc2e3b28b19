import ExplorerCore
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// Decodes an OpenAPI document of either major version (or a Swagger 2.0 one, converted first) into OpenAPIKit's
/// newest model. The only file that sees both versions' types (their names clash).
enum OpenAPIDocumentReader {
    /// The decoded document, and one note per fix-up made to the text before decoding.
    struct Read {
        var document: OpenAPIKit.OpenAPI.Document
        var notes: [String]
        /// The response schemas and the components they reach, read before pruning throws them away.
        var schemas = OpenAPIResponseSchemas()
        /// The request bodies, read before pruning throws them away.
        var requestBodies: OpenAPIRequestBodies
        /// The parameters, read before pruning throws them away.
        var parameters: OpenAPIParameters
        /// The dialect of the document's schemas: OpenAPI 3.0's (and Swagger's), else 2020-12.
        var dialect = SchemaDialect.draft2020
    }

    /// The text is composed once; Swagger 2.0 is converted to 3.0 and the 3.0 idioms real 3.1 documents carry are
    /// fixed in the tree, which is pruned to what the importer reads (`OpenAPIPruner`), then OpenAPIKit decodes it
    /// (3.0 with OpenAPIKit30, converted).
    static func read(_ text: String) throws(InteropError) -> Read {
        var root: Node
        do {
            // Only merge keys are resolved, as YAMLDecoder does: keys such as `200` stay strings.
            guard let composed = try Yams.compose(yaml: text, SwaggerConverter.resolver) else {
                throw InteropError(.invalid("not an OpenAPI 3 document: no `openapi` version"))
            }
            root = composed
        } catch let error as InteropError {
            throw error
        } catch {
            throw InteropError(.invalid("cannot read the document: \(error)"))
        }
        var notes: [String] = []
        var version: String
        var kind = "OpenAPI"
        if let swagger = root["swagger"]?.string {
            guard swagger.hasPrefix("2.") else {
                throw InteropError(.invalid("unsupported Swagger version \(swagger)"))
            }
            root = try SwaggerConverter.convert(root, notes: &notes)
            version = "3.0.3"
            kind = "Swagger"
        } else if let found = root["openapi"]?.string {
            version = found
        } else {
            throw InteropError(.invalid("not an OpenAPI 3 document: no `openapi` version"))
        }
        guard version.hasPrefix("3.") else {
            throw InteropError(.invalid("unsupported OpenAPI version \(version)"))
        }
        let isOld = version.hasPrefix("3.0")
        if let fixed = OpenAPIFixups(modern: !isOld).fix(root, notes: &notes) { root = fixed }
        let schemas = OpenAPIResponseSchemas.read(root)
        let tree = OpenAPITree(root: root, modern: !isOld)
        let operations = tree.operations(in: root)
        let bodies = OpenAPIRequestBodies(tree: tree, operations: operations)
        let parameters = OpenAPIParameters(tree: tree, operations: operations)
        let dialect: SchemaDialect = isOld ? .openAPI30 : .draft2020
        // Fixed first, so the notes are the whole document's; decoded pruned, so only what is read costs time.
        if let pruned = OpenAPIPruner.prune(root) { root = pruned }
        // The importer reads no vendor extension, and OpenAPIKit decodes each extendable object's whole subtree
        // again to find them (most of the decoding time of a large document). Both versions' key is the same one.
        let options: [CodingUserInfoKey: Any] = [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false]
        do {
            if isOld {
                let old = try YAMLDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: root, userInfo: options)
                return Read(
                    document: old.convert(to: .v3_1_1), notes: notes, schemas: schemas, requestBodies: bodies,
                    parameters: parameters, dialect: dialect)
            }
            let document = try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: root, userInfo: options)
            return Read(
                document: document, notes: notes, schemas: schemas, requestBodies: bodies, parameters: parameters,
                dialect: dialect)
        } catch {
            let why = OpenAPIKit.OpenAPI.Error(from: error).localizedDescription
            let named = kind == "Swagger" ? "Swagger 2.0" : "OpenAPI \(version)"
            throw InteropError(.invalid("not a valid \(named) document: \(why)"))
        }
    }
}
