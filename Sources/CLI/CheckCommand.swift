import ArgumentParser
import ExplorerCore
import ExplorerGraphQL

/// `apix check [PROFILE...]`: loads profiles and prints every problem as `file:line:col: message`, their schemas
/// included (the side file `ID.schemas.json` read, every schema compiled), and every `graphql:` query against the
/// schema kept for its URL in the profile's default environment (`apix graphql schema`; none kept: not checked).
///
/// Exit statuses: 0 when every profile loads, 3 when any has a problem, 2 for an unknown profile id.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check profiles; print every problem as file:line:col: message.")

    @Argument(help: "Profile ids (default: every profile on the search path).", completion: Completions.profile)
    var ids: [String] = []
    @OptionGroup var profileOptions: ProfileOptions
    @Option(
        name: .customLong("var"),
        help: ArgumentHelp(
            "A variable the runs give with --var: the profiles may use it without defining it (a value is ignored).",
            valueName: "name[=value]"))
    var vars: [String] = []

    func run() async throws {
        let given = Set(vars.map { String($0.prefix { $0 != "=" }) })
        let catalog = profileOptions.catalog(given: given)
        let known = Set(catalog.profiles.map(\.id)).union(catalog.problemsByProfile.keys)
        if let unknown = ids.first(where: { !known.contains($0) }) {
            throw CLIFailure(.usage, "no profile `\(unknown)` in \(profileOptions.directory)")
        }
        let wanted = ids.isEmpty ? known : Set(ids)
        let ofWanted = Set(wanted.flatMap { catalog.problemsByProfile[$0] ?? [] })
        var problems = catalog.problems.filter(ofWanted.contains)  // in the catalog's (file) order
        // Schemas are read and compiled here only: a load never reads the side file.
        var good = 0
        for profile in catalog.profiles where wanted.contains(profile.id) {
            let found = ProfileLoader.schemaProblems(in: profile) + Self.graphQLProblems(in: profile)
            problems += found
            if found.isEmpty { good += 1 }
        }
        for problem in problems { print(SafeText.escape(problem.description)) }
        let failed = wanted.count - good
        if problems.isEmpty {
            StandardError.writeLine("apix: \(Units.count(good, "profile")) OK")
            return
        }
        StandardError.writeLine(
            "apix: " + ProfileCatalog.problemSummary(problems: problems.count, broken: failed, good: good))
        throw ExitCode(CLIFailure.Status.profile.rawValue)
    }

    /// The `graphql:` queries' problems against the kept schemas (the default environment's).
    static func graphQLProblems(in profile: Profile) -> [ProfileProblem] {
        guard let builder = try? RequestBuilder(profile: profile) else { return [] }
        var problems: [ProfileProblem] = []
        for endpoint in profile.endpoints {
            if case .checked(let found) = GraphQLEndpointCheck.check(endpoint, builder: builder) { problems += found }
        }
        return problems
    }
}
