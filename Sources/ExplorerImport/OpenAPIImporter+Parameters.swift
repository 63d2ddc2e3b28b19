import OpenAPIKit
import Yams

/// Parameters' values, read from the composed tree (`OpenAPIParameters`) as OpenAPIKit read them before it stopped
/// decoding them.
extension OpenAPIImporter {
    /// A parameter's example, default or schema example as text (several for arrays), or nil when it has none: with a
    /// `schema`, the parameter's example (its first example's, followed to `#/components/examples`), else the schema's
    /// example, default, or (required) first allowed value; with `content`, the first media type's example, else its
    /// schema's.
    static func exampleValues(_ parameter: OpenAPIParameters.Parameter, tree: OpenAPITree) -> [String]? {
        var value: AnyCodable?
        if let written = parameter.node["schema"] {
            let schema = OpenAPITree.present(written).flatMap(tree.schema)
            value =
                exampleValue(parameter.node, tree: tree) ?? schema?.example ?? schema?.defaultValue
                ?? (parameter.required ? schema?.firstAllowedValue : nil)
        } else if let first = OpenAPIRequestBodies.contents(parameter.node["content"], tree: tree).first {
            // OpenAPIKit's `example` of the media type only: its examples' references are not followed here.
            value =
                exampleValue(first.content, tree: tree, followingReferences: false)
                ?? OpenAPITree.present(first.content?["schema"]).flatMap(tree.schema)?.example
        }
        guard let value else { return nil }
        let converted = templateValue(value.value)
        if case .array(let items) = converted { return items.map(scalarText) }
        return [scalarText(converted)]
    }
}
