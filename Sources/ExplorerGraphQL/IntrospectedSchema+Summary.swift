import ExplorerCore

/// `apix graphql schema`'s summary of a schema: how many types of each kind, and the root operations' fields.
extension IntrospectedSchema {
    package var summaryLines: [String] {
        let own = ownTypes.filter { !($0.kind == "SCALAR" && GraphQLSDLPrinter.builtInScalars.contains($0.name)) }
        let kinds: [(String, String)] = [
            ("OBJECT", "object"), ("INTERFACE", "interface"), ("UNION", "union"), ("ENUM", "enum"),
            ("INPUT_OBJECT", "input object"), ("SCALAR", "scalar"),
        ]
        let counts = kinds.map { kind in
            let count = own.filter { $0.kind == kind.0 }.count
            return "\(count) \(kind.1)\(count == 1 ? "" : "s")"
        }
        var lines = ["types: \(own.count) (" + counts.joined(separator: ", ") + ")"]
        for (word, root) in [("query", queryType), ("mutation", mutationType), ("subscription", subscriptionType)] {
            let fields = rootFields(root)
            guard let root else {
                lines.append("\(word): none")
                continue
            }
            let deprecated = fields.filter { $0.isDeprecated == true }.count
            lines.append(
                "\(word): \(root.name), \(fields.count) field\(fields.count == 1 ? "" : "s")"
                    + (deprecated > 0 ? " (\(deprecated) deprecated)" : "")
                    + (fields.isEmpty ? "" : ": " + fields.map(\.name).joined(separator: ", ")))
        }
        return lines
    }
}
