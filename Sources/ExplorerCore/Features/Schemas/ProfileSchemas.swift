import Foundation

/// A profile's JSON Schemas by name: `schemas:` written in the profile and `ID.schemas.json` beside it (read on
/// first use, so loading a profile, and the explorer's start, never pay for a large imported file), read by one
/// dialect (`schema_dialect:`), `format` asserted when `format_assertion: true`.
///
/// All of them form one document, `{"components": {"schemas": {NAME: schema, …}}}`, so schemas refer to each other
/// as OpenAPI's do (`$ref: "#/components/schemas/Todo"`) and a violation names its schema's place the same way
/// (`#/components/schemas/Todo/properties/id/type`). A name written in the profile wins over the side file's.
package struct ProfileSchemas: Sendable, Hashable {
    /// `schemas:` as written in the profile, by name, in file order.
    package var inline = JSONObject()
    /// Where the parts of the inline schemas were written, by JSON pointer in the one document
    /// (`/components/schemas/Todo/properties/id`): how `apix check` locates an invalid schema in the YAML.
    var locations: [String: SourceLocation] = [:]
    /// `schema_dialect:` (2020-12 unless said).
    package var dialect = SchemaDialect.draft2020
    /// `format_assertion: true`: `format` is checked rather than an annotation.
    package var formatAssertion = false
    /// `ID.schemas.json` beside the profile, when it was there as the profile loaded.
    package var sideFile: String?
    /// The side file once read and the schemas once compiled, shared by every copy of this value.
    private let library = SchemaLibrary()

    /// The base URI of the one document; violations' schema locations are fragments of it.
    static let base = "apix:schemas"

    package init() {}

    /// True when the profile has no schema at all.
    package var isEmpty: Bool { inline.isEmpty && sideFile == nil }

    package static func == (a: ProfileSchemas, b: ProfileSchemas) -> Bool {
        a.inline == b.inline && a.dialect == b.dialect && a.formatAssertion == b.formatAssertion
            && a.sideFile == b.sideFile
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(inline)
        hasher.combine(dialect)
        hasher.combine(formatAssertion)
        hasher.combine(sideFile)
    }

    /// The validation options the profile asks for.
    package var options: SchemaOptions { SchemaOptions(formatAssertion: formatAssertion) }

    /// The side file's name beside a profile file: `ID.schemas.json`.
    package static func sideFile(of profileFile: String) -> String {
        let directory = (profileFile as NSString).deletingLastPathComponent
        let id = ((profileFile as NSString).lastPathComponent as NSString).deletingPathExtension
        return (directory as NSString).appendingPathComponent("\(id).schemas.json")
    }

    // MARK: - Reading and compiling, on first use

    /// The side file's schemas by name (empty without one); a problem when it cannot be read, located in it.
    package func sideSchemas() -> Result<JSONObject, ProfileProblem> {
        guard let sideFile else { return .success(JSONObject()) }
        return library.side { Self.readSideFile(sideFile) }
    }

    /// Every name the profile defines: its own, then the side file's.
    package func names() -> Result<[String], ProfileProblem> {
        sideSchemas().map { side in
            inline.map(\.key) + side.map(\.key).filter { inline[$0] == nil }
        }
    }

    /// The schema `name`, compiled once with every schema it reaches.
    package func compiled(_ name: String) -> Result<CompiledSchema, SchemaUseError> {
        library.compiled(name) {
            let resources: SchemaResources
            switch library.resources(make: makeResources) {
            case .success(let made): resources = made
            case .failure(let problem): return .failure(.unreadable(problem))
            }
            guard inline[name] != nil || library.sideNames.contains(name) else { return .failure(.unknown(name)) }
            var compiler = SchemaCompiler(resources: resources)
            do throws(SchemaError) {
                let root = try compiler.compile(reference: Self.reference(to: name), base: Self.base)
                return .success(CompiledSchema(compiler: compiler, root: root))
            } catch {
                return .failure(.invalid(error))
            }
        }
    }

    /// Why each schema of `names` does not compile (each error once), compiled together: one compiler shares what
    /// they reach (an imported document's schemas reach much of each other; one by one, `apix check` compiled the
    /// same graph a thousand times). After an error the next name starts a fresh compiler.
    package func compileErrors(_ names: [String]) -> Result<[SchemaError], ProfileProblem> {
        let resources: SchemaResources
        switch library.resources(make: makeResources) {
        case .success(let made): resources = made
        case .failure(let problem): return .failure(problem)
        }
        var errors: [SchemaError] = []
        var compiler = SchemaCompiler(resources: resources)
        for name in names {
            do throws(SchemaError) {
                _ = try compiler.compile(reference: Self.reference(to: name), base: Self.base)
            } catch {
                if !errors.contains(error) { errors.append(error) }
                compiler = SchemaCompiler(resources: resources)
            }
        }
        return .success(errors)
    }

    /// The one document's resources (its `$id`s and anchors found once, not at every schema compiled), and the
    /// side file's names.
    private func makeResources() -> Result<(SchemaResources, Set<String>), ProfileProblem> {
        sideSchemas().map { side in
            var all = side
            for member in inline {
                if all[member.key] != nil { all.removeAll(key: member.key) }
                all.append(key: member.key, value: member.value)
            }
            let document: JSONValue = ["components": ["schemas": .object(all)]]
            var resources = SchemaResources()
            resources.add(
                document, base: Self.base, dialect: dialect, schemasAt: CompiledSchema.schemaPositions(in: document))
            return (resources, Set(side.keys))
        }
    }

    /// `#/components/schemas/NAME`, the name escaped for a JSON pointer and a URI fragment.
    static func reference(to name: String) -> String {
        let token = name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        var allowed = CharacterSet.urlFragmentAllowed
        allowed.remove(charactersIn: "%")
        return "#/components/schemas/" + (token.addingPercentEncoding(withAllowedCharacters: allowed) ?? token)
    }

    static func readSideFile(_ path: String) -> Result<JSONObject, ProfileProblem> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(ProfileProblem("cannot read the schemas file", at: .init(file: path, line: 1, column: 1)))
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch {
            return .failure(
                ProfileProblem(error.message, at: .init(file: path, line: error.line, column: error.column)))
        }
        guard case .object(let schemas) = value else {
            return .failure(
                ProfileProblem(
                    "the schemas file must be a JSON object of schemas by name",
                    at: .init(file: path, line: 1, column: 1)))
        }
        return .success(schemas)
    }
}

/// Why a named schema cannot be used.
package enum SchemaUseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No schema has the name.
    case unknown(String)
    /// The side file does not read.
    case unreadable(ProfileProblem)
    /// The schema (or one it reaches) does not compile.
    case invalid(SchemaError)

    package var description: String {
        switch self {
        case .unknown(let name): "no schema `\(name)` in `schemas:` or the schemas file"
        case .unreadable(let problem): "the schemas file does not read: \(problem)"
        case .invalid(let error): "invalid schema: \(error)"
        }
    }
}

/// What `ProfileSchemas` reads and compiles on first use, kept for the life of the loaded profile.
final class SchemaLibrary: @unchecked Sendable {
    // @unchecked: the cached fields are only touched while `lock` is held; what they hold is immutable.
    private let lock = NSLock()
    private var sideRead: Result<JSONObject, ProfileProblem>?
    private var compiledByName: [String: Result<CompiledSchema, SchemaUseError>] = [:]
    private var madeResources: Result<SchemaResources, ProfileProblem>?
    private var madeSideNames: Set<String> = []

    func side(_ read: () -> Result<JSONObject, ProfileProblem>) -> Result<JSONObject, ProfileProblem> {
        lock.lock()
        defer { lock.unlock() }
        if let sideRead { return sideRead }
        let found = read()
        sideRead = found
        return found
    }

    /// The side file's names, once `resources` has been made.
    var sideNames: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return madeSideNames
    }

    func resources(
        make: () -> Result<(SchemaResources, Set<String>), ProfileProblem>
    ) -> Result<SchemaResources, ProfileProblem> {
        lock.lock()
        if let madeResources {
            lock.unlock()
            return madeResources
        }
        lock.unlock()
        let made = make()
        lock.lock()
        defer { lock.unlock() }
        madeResources = made.map(\.0)
        if case .success(let pair) = made { madeSideNames = pair.1 }
        return madeResources ?? made.map(\.0)
    }

    /// Compiled under the lock: two sends of the same endpoint wait for one compilation rather than doing two.
    func compiled(
        _ name: String, _ compile: () -> Result<CompiledSchema, SchemaUseError>
    ) -> Result<CompiledSchema, SchemaUseError> {
        lock.lock()
        if let found = compiledByName[name] {
            lock.unlock()
            return found
        }
        lock.unlock()
        let made = compile()
        lock.lock()
        defer { lock.unlock() }
        compiledByName[name] = made
        return made
    }
}
