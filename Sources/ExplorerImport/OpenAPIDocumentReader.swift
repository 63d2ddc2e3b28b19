import ExplorerCore
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// Decodes an OpenAPI document of either major version into OpenAPIKit's newest model. The only file that sees
/// both versions' types (their names clash).
enum OpenAPIDocumentReader {
    /// 3.0 documents are decoded with OpenAPIKit30 and converted; 3.1 (and later 3.x) decode directly.
    static func read(_ text: String) throws(InteropError) -> OpenAPIKit.OpenAPI.Document {
        let version: String
        do {
            guard let root = try Yams.compose(yaml: text), let found = root["openapi"]?.string else {
                throw InteropError(.invalid("not an OpenAPI 3 document: no `openapi` version"))
            }
            version = found
        } catch let error as InteropError {
            throw error
        } catch {
            throw InteropError(.invalid("cannot read the document: \(error)"))
        }
        do {
            if version.hasPrefix("3.0") {
                let old = try YAMLDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: text)
                return old.convert(to: .v3_1_1)
            }
            guard version.hasPrefix("3.") else {
                throw InteropError(.invalid("unsupported OpenAPI version \(version)"))
            }
            return try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: text)
        } catch let error as InteropError {
            throw error
        } catch {
            let why = OpenAPIKit.OpenAPI.Error(from: error).localizedDescription
            throw InteropError(.invalid("not a valid OpenAPI \(version) document: \(why)"))
        }
    }
}
