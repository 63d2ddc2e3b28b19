/// The sections that run alone without the demo API: in process (the list filter, the GraphQL editor, schema
/// validation) or against a server of their own (the load rows' nginx).
extension BenchmarkSuite {
    /// The report of a run of one such section; nil for every other run (it needs the demo server).
    func runWithoutDemoServer() async throws -> BenchmarkReport? {
        switch options.sections {
        case [.filter]:
            // In process, on a generated profile: no server to start (the port only fills its base URL).
            let rows = try await TUIBenchmarks(options: options, apix: apix, scratch: scratch, port: 9).runFilter()
            return BenchmarkReport(rows: rows, options: options, notes: Self.standingNotes)
        case [.graphql]:
            // In process, on a generated schema: no server.
            let rows = try await TUIBenchmarks(options: options, apix: apix, scratch: scratch, port: 9).runGraphQL()
            return BenchmarkReport(rows: rows, options: options, notes: [])
        case [.schema]:
            // In process, pure: no server.
            return BenchmarkReport(rows: [SchemaBenchmark.run(runs: options.runs)], options: options, notes: [])
        case [.load]:
            // Against nginx.
            let load = try LoadBenchmark(options: options, apix: apix, scratch: scratch).run()
            return BenchmarkReport(rows: load.rows, options: options, notes: load.notes)
        default:
            return nil
        }
    }
}
