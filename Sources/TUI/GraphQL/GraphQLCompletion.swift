import ExplorerCore
import Foundation

/// What Tab completes in a GraphQL query, and what the hint line says of the name under the cursor (issue 29): a
/// light scan of the text before the cursor (no parse: the text is usually invalid while typed) that follows the
/// selection sets' types from the operation's root, the parentheses of a field's or directive's arguments and the
/// input objects and lists in their values, the operation's variable definitions, and `... on` type conditions.
struct GraphQLCompletion: Equatable {
    enum Place: Equatable {
        /// In a selection set of this type: its fields.
        case fields(type: String)
        /// Inside a field's `( … )`: its arguments.
        case arguments(type: String, field: String)
        /// After `argument:` (or an input field's `name:`, or in a list) where the value is an enum: its values.
        case enumValues(type: String)
        /// Inside an input object's `{ … }` in an argument's value: its fields.
        case inputFields(type: String)
        /// After `@`: the directives that may go there (by their locations: `FIELD`, `QUERY`, …).
        case directives(locations: Set<String>)
        /// Inside a directive's `( … )`: its arguments.
        case directiveArguments(directive: String)
        /// After `$`: the variables the operation declares.
        case variables
        /// After `on`, or a variable definition's `:`: type names.
        case types
    }

    struct Candidate: Equatable {
        var name: String
        /// Its type, arguments or default, and whether it is deprecated (not escaped: the view escapes it).
        var detail: String
    }

    var place: Place
    /// The name being typed before the cursor: the columns replaced by a candidate.
    var columns: Range<Int>
    var prefix: String
    var candidates: [Candidate]

    /// The completion at the cursor (row, column) of `lines`, nil where nothing completes (in a string, a comment,
    /// outside an operation).
    static func at(row: Int, column: Int, in lines: [[Character]], schema: GraphQLSchemaIndex) -> GraphQLCompletion? {
        guard lines.indices.contains(row) else { return nil }
        let line = lines[row]
        var start = min(column, line.count)
        while start > 0, isNameCharacter(line[start - 1]) { start -= 1 }
        let prefix = String(line[start..<min(column, line.count)])
        var scan = Scan(schema: schema)
        for text in lines[..<row] {
            scan.read(text)
            scan.read(["\n"])
        }
        scan.read(Array(line[..<start]))
        guard let place = scan.place else { return nil }
        let all = candidates(place, schema: schema, scan: scan)
        let lowered = prefix.lowercased()
        let matching = all.filter { $0.name.lowercased().hasPrefix(lowered) }
        return GraphQLCompletion(
            place: place, columns: start..<min(column, line.count), prefix: prefix, candidates: matching)
    }

    /// What the hint line says of the name under the cursor: a field's type, description and deprecation, an
    /// argument's type and default, an enum value's description.
    static func hint(row: Int, column: Int, in lines: [[Character]], schema: GraphQLSchemaIndex) -> String? {
        guard lines.indices.contains(row) else { return nil }
        let line = lines[row]
        var start = min(column, line.count)
        while start > 0, isNameCharacter(line[start - 1]) { start -= 1 }
        var end = min(column, line.count)
        while end < line.count, isNameCharacter(line[end]) { end += 1 }
        guard start < end else { return nil }
        let name = String(line[start..<end])
        var scan = Scan(schema: schema)
        for text in lines[..<row] {
            scan.read(text)
            scan.read(["\n"])
        }
        scan.read(Array(line[..<start]))
        switch scan.place {
        case .fields(let type)?:
            guard let field = schema.field(name, of: type) else { return nil }
            var text = "\(type).\(name): \(field.type.sdl)"
            if !field.args.isEmpty { text += " (" + field.args.map(argument).joined(separator: ", ") + ")" }
            if let description = field.description, !description.isEmpty { text += " — " + description }
            if field.isDeprecated == true { text += " · deprecated: " + (field.deprecationReason ?? "no reason given") }
            return text
        case .arguments(let type, let fieldName)?:
            guard let value = schema.field(fieldName, of: type)?.args.first(where: { $0.name == name }) else {
                return nil
            }
            var text = "argument " + argument(value)
            if let description = value.description, !description.isEmpty { text += " — " + description }
            return text
        case .inputFields(let type)?:
            guard let value = schema.type(type)?.inputFields?.first(where: { $0.name == name }) else { return nil }
            var text = "\(type).\(name): \(value.type.sdl)" + (value.defaultValue.map { " = \($0)" } ?? "")
            if let description = value.description, !description.isEmpty { text += " — " + description }
            return text
        case .directives?:
            guard let directive = directives(schema).first(where: { $0.name == name }) else { return nil }
            var text = "@" + name
            if !directive.args.isEmpty { text += "(" + directive.args.map(argument).joined(separator: ", ") + ")" }
            if let description = directive.description, !description.isEmpty { text += " — " + description }
            return text
        case .enumValues(let type)?:
            guard let value = schema.type(type)?.enumValues?.first(where: { $0.name == name }) else { return nil }
            var text = "\(type).\(name)"
            if let description = value.description, !description.isEmpty { text += " — " + description }
            if value.isDeprecated == true { text += " · deprecated: " + (value.deprecationReason ?? "no reason given") }
            return text
        default:
            return nil
        }
    }

    static func argument(_ value: IntrospectedSchema.InputValue) -> String {
        "\(value.name): \(value.type.sdl)" + (value.defaultValue.map { " = \($0)" } ?? "")
    }

    /// The schema's directives, and `@include` and `@skip`, which every schema has, when its introspection did not
    /// list them.
    static func directives(_ schema: GraphQLSchemaIndex) -> [IntrospectedSchema.Directive] {
        let listed = schema.schema.directives ?? []
        return listed + builtInDirectives.filter { builtIn in !listed.contains { $0.name == builtIn.name } }
    }

    /// `@include(if:)` and `@skip(if:)` as the specification defines them (§3.13).
    static let builtInDirectives: [IntrospectedSchema.Directive] = {
        let text = """
            [{"name":"include","description":"Directs the executor to include this field or fragment only when the `if` argument is true.",
              "locations":["FIELD","FRAGMENT_SPREAD","INLINE_FRAGMENT"],
              "args":[{"name":"if","description":"Included when true.","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Boolean","ofType":null}}}]},
             {"name":"skip","description":"Directs the executor to skip this field or fragment when the `if` argument is true.",
              "locations":["FIELD","FRAGMENT_SPREAD","INLINE_FRAGMENT"],
              "args":[{"name":"if","description":"Skipped when true.","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Boolean","ofType":null}}}]}]
            """
        return (try? JSONDecoder().decode([IntrospectedSchema.Directive].self, from: Data(text.utf8))) ?? []
    }()

    static func isNameCharacter(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }

    private static func candidates(_ place: Place, schema: GraphQLSchemaIndex, scan: Scan) -> [Candidate] {
        switch place {
        case .fields(let type):
            let fields = (schema.type(type)?.fields ?? []).map { field in
                Candidate(
                    name: field.name,
                    detail: field.type.sdl + (field.isDeprecated == true ? "  (deprecated)" : ""))
            }
            return fields + [Candidate(name: "__typename", detail: "String!")]
        case .arguments(let type, let field):
            let used = scan.usedArguments
            return (schema.field(field, of: type)?.args ?? []).filter { !used.contains($0.name) }.map { value in
                Candidate(name: value.name, detail: value.type.sdl + (value.defaultValue.map { " = \($0)" } ?? ""))
            }
        case .enumValues(let type):
            return (schema.type(type)?.enumValues ?? []).map { value in
                Candidate(name: value.name, detail: value.isDeprecated == true ? "deprecated" : type)
            }
        case .inputFields(let type):
            let used = scan.values.last?.used ?? []
            return (schema.type(type)?.inputFields ?? []).filter { !used.contains($0.name) }.map { value in
                Candidate(name: value.name, detail: value.type.sdl + (value.defaultValue.map { " = \($0)" } ?? ""))
            }
        case .directives(let locations):
            return directives(schema).filter { !locations.isDisjoint(with: $0.locations) }.map { directive in
                let arguments = directive.args.map(argument).joined(separator: ", ")
                return Candidate(name: directive.name, detail: arguments.isEmpty ? "" : "(\(arguments))")
            }
        case .directiveArguments(let name):
            let used = scan.usedArguments
            return (directives(schema).first { $0.name == name }?.args ?? []).filter { !used.contains($0.name) }.map {
                Candidate(name: $0.name, detail: $0.type.sdl + ($0.defaultValue.map { " = \($0)" } ?? ""))
            }
        case .variables:
            return scan.variables.map { Candidate(name: $0.name, detail: $0.type) }
        case .types:
            return schema.typeNames.map { Candidate(name: $0, detail: schema.type($0)?.kind ?? "") }
        }
    }
}
