import ArgumentParser
import CollectionImport
import ExplorerCore
import ExplorerGraphQL
import Foundation

/// `apix import graphql URL|schema.json|schema.graphql [--name ID] [--url URL]`: a profile with one endpoint per
/// root query and mutation field (`GraphQLEndpointGenerator`). A URL is introspected through the one send pipeline
/// (`-H` adds header fields to that request only: they are not written); a file is an introspection result or SDL.
/// `--merge` adds the endpoints a profile lacks, as every importer does.
struct ImportGraphQLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graphql",
        abstract: "Write a profile from a GraphQL schema: one endpoint per query and mutation field.")

    @Argument(help: "The GraphQL endpoint's URL (introspected), or a schema file: introspection JSON or SDL.")
    var source: String
    @Option(help: "Profile id (default: from the URL's host or the file's name).") var name: String?
    @Option(help: "The endpoint's URL when the schema comes from a file (default: http://localhost:4000/graphql).")
    var url: String?
    @Option(
        name: .customShort("H"),
        help: ArgumentHelp("Header for the introspection request only (not written).", valueName: "Name: value"))
    var headers: [String] = []
    @Option(help: ArgumentHelp("Give up on the introspection after SECONDS.", valueName: "SECONDS"))
    var timeout: Double?
    @OptionGroup var write: ImportWriteOptions
    @OptionGroup var profileOptions: ProfileOptions

    func validate() throws {
        if let timeout, !CLISeconds.isValid(timeout) { throw ValidationError(CLISeconds.problem("--timeout")) }
    }

    func run() async throws {
        guard !(write.force && write.merge) else { throw CLIFailure(.usage, "--force and --merge: choose one") }
        let isURL = source.hasPrefix("http://") || source.hasPrefix("https://")
        guard let target = URLComponents(string: isURL ? source : url ?? "http://localhost:4000/graphql"),
            let scheme = target.scheme, let host = target.host
        else {
            throw CLIFailure(.usage, "\(isURL ? source : url ?? ""): not a URL")
        }
        let origin = "\(scheme)://\(host.contains(":") ? "[\(host)]" : host)" + (target.port.map { ":\($0)" } ?? "")
        let path = target.percentEncodedPath.isEmpty ? "/" : target.percentEncodedPath
        let schema = isURL ? try await introspect(origin: origin, path: path) : try await readFile()
        let (endpoints, notes) = GraphQLEndpointGenerator.endpoints(schema, path: path)
        let id = name ?? Self.defaultID(isURL ? host : (source as NSString).lastPathComponent)
        let profile = Profile(
            id: id, name: id, defaultEnvironment: "default",
            environments: [ProfileEnvironment(name: "default", baseURL: Template(origin))], endpoints: endpoints)
        var imported = ProfileImport(profile: profile, auth: nil, secretVariables: [], notes: notes)
        let written: ProfileImportWriter.Written
        do {
            written = try ProfileImportWriter.write(
                &imported, source: isURL ? source : (source as NSString).lastPathComponent,
                directory: profileOptions.directory, force: write.force, merge: write.merge)
        } catch {
            throw CLIFailure(error.profileProblem ? .profile : .usage, error.message)
        }
        let report = ImportReport(imported, written: written)
        for message in report.messages { StandardError.writeLine("apix: " + SafeText.escape(message)) }
        print(report.result)
    }

    /// The schema a server answers the introspection query with.
    private func introspect(origin: String, path: String) async throws -> IntrospectedSchema {
        let fields = try headers.map { line -> Parameter in
            guard let colon = line.firstIndex(of: ":") else {
                throw CLIFailure(.usage, "-H \(line): write it as `Name: value`")
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            return Parameter(String(line[..<colon]), Template(value))
        }
        let endpoint = Endpoint(
            id: "introspection", method: .post, path: Template(path), headers: fields,
            body: .graphql(
                GraphQLBody(query: GraphQLIntrospection.query, operation: GraphQLIntrospection.operationName)))
        let profile = Profile(
            id: "graphql-import", environments: [ProfileEnvironment(name: "default", baseURL: Template(origin))],
            endpoints: [endpoint])
        var overrides = RequestOverrides()
        overrides.timeout = timeout.map(CLISeconds.duration)
        let sender = EndpointSender(profile: profile, environment: nil, overrides: overrides)
        let response: Response
        switch await sender.send(endpoint, captured: [:]) {
        case .success(let answer): response = answer
        case .failure(let error):
            StandardError.writeLine("apix: " + SafeText.escape(error.summary))
            throw ExitCode(error.exitCode)
        }
        do throws(IntrospectedSchema.ReadError) {
            return try IntrospectedSchema.read(answer: (try? response.body.data()) ?? Data())
        } catch {
            throw CLIFailure(.profile, SafeText.escape("\(response.statusLine) from \(source): \(error)"))
        }
    }

    private func readFile() async throws -> IntrospectedSchema {
        guard let data = FileManager.default.contents(atPath: source) else {
            throw CLIFailure(.usage, "cannot read \(source)")
        }
        do throws(IntrospectedSchema.ReadError) {
            return try await IntrospectedSchema.read(file: data)
        } catch {
            throw CLIFailure(.usage, SafeText.escape("\(source): \(error)"))
        }
    }

    /// `api.example.com` → `api-example-com`; `schema.graphql` → `schema`.
    static func defaultID(_ text: String) -> String {
        let base =
            text.hasSuffix(".json") || text.hasSuffix(".graphql") || text.hasSuffix(".graphqls")
            ? (text as NSString).deletingPathExtension : text
        let id = String(base.lowercased().map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        return id.isEmpty ? "graphql" : id
    }
}
