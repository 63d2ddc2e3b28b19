import ExplorerCore
import Foundation
import TUI

/// The GraphQL query editor on a big schema (issue 29): 5,000 object types of 12 fields each, every field an
/// argument-taking reference to another type; a query three levels deep open in the body editor, the schema loaded.
/// Rows: Tab (the fields of the cursor's type offered in the box) then Esc, each timed from the press to the redrawn
/// frame; a letter typed in the query (the hint line scans the text again); and `Ctrl-T`, the schema browser opened
/// at the cursor's type. Headless, in process.
extension TUIBenchmarks {
    static let graphQLTypeCount = 5000

    /// The introspection answer, as a server would send it (`{"data": {"__schema": …}}`).
    static func bigSchemaAnswer(types: Int) -> Data {
        func ref(_ name: String) -> String { #"{"kind":"OBJECT","name":"\#(name)","ofType":null}"# }
        let string = #"{"kind":"SCALAR","name":"String","ofType":null}"#
        var parts: [String] = []
        for index in 0..<types {
            var fields: [String] = []
            for field in 0..<12 {
                let target = "Type\((index * 7 + field * 13 + 1) % types)"
                let args =
                    #"[{"name":"first","description":null,"type":{"kind":"SCALAR","name":"Int","ofType":null},"defaultValue":"10"}]"#
                fields.append(
                    #"{"name":"field\#(field)","description":"Field \#(field) of Type\#(index)","args":\#(args),"type":\#(field < 4 ? string : ref(target)),"isDeprecated":false,"deprecationReason":null}"#
                )
            }
            parts.append(
                #"{"kind":"OBJECT","name":"Type\#(index)","description":"Type number \#(index)","fields":[\#(fields.joined(separator: ","))],"interfaces":[]}"#
            )
        }
        let query =
            #"{"kind":"OBJECT","name":"Query","fields":[{"name":"root","args":[],"type":\#(ref("Type0")),"isDeprecated":false}],"interfaces":[]}"#
        parts.append(query)
        parts.append(#"{"kind":"SCALAR","name":"String"}"#)
        parts.append(#"{"kind":"SCALAR","name":"Int"}"#)
        let json = #"{"queryType":{"name":"Query"},"types":[\#(parts.joined(separator: ","))]}"#
        return Data(#"{"data":{"__schema":\#(json)}}"#.utf8)
    }

    func runGraphQL() throws -> [BenchmarkRow] {
        let yaml = """
            name: Big GraphQL
            environments: { local: { base_url: "http://127.0.0.1:\(port)" } }
            endpoints:
              - id: big
                path: /graphql
                body:
                  graphql:
                    query: "{ root { field4 { field5 { field0 } } } }"
            """
        let profile = try ProfileLoader.parse(yaml: yaml, file: scratch + "/big.yaml", id: "big").get()
        let screen = try Self.terminal(on: nil)
        defer { screen.stop() }
        let harness = TUIHarness(
            state: AppState(
                catalog: ProfileCatalog(profiles: [profile]), profileDirectory: scratch, width: Self.width,
                height: Self.height, now: .now),
            terminal: screen)
        harness.apply(.resized(width: Self.width, height: Self.height))
        let key = EndpointKey(profile: "big", endpoint: "big")
        let schemaKey = GraphQLSchemaKey(profile: "big", environment: "local", url: "http://127.0.0.1:\(port)/graphql")
        let answer = Self.bigSchemaAnswer(types: Self.graphQLTypeCount)
        let parseStart = Subprocess.now()
        let schema = try IntrospectedSchema.read(answer: answer)
        let index = GraphQLSchemaIndex(schema, url: schemaKey.url, fetchedAt: Date())
        let parsed = Subprocess.now() - parseStart
        let answerBytes = answer.count
        harness.apply(.builtInEditorRequested(key, text: "{ root { field4 { field5 { field0 } } } }"))
        harness.apply(.graphQLSchemaLoaded(schemaKey, index, error: nil, fetched: false))
        // The cursor after `field0`, in Type…'s selection set three levels down.
        for _ in 0..<33 { harness.press(.right) }
        harness.render()
        var completions: [Double] = []
        var typing: [Double] = []
        var browsing: [Double] = []
        for run in 0...max(1, options.runs) {
            var start = Subprocess.now()
            harness.press(.character(" "))
            harness.render()
            if run > 0 { typing.append(Subprocess.now() - start) }
            start = Subprocess.now()
            harness.press(.tab)
            let frame = harness.render()
            if run > 0 { completions.append(Subprocess.now() - start) }
            guard frame.text.contains("Fields of Type") else {
                throw BenchmarkError("Tab offered no fields:\n\(frame.text)")
            }
            harness.press(.escape)
            harness.press(.backspace)
            start = Subprocess.now()
            harness.press(.control("t"))
            let browser = harness.render()
            if run > 0 { browsing.append(Subprocess.now() - start) }
            guard browser.text.contains("types › Type") else {
                throw BenchmarkError("the browser did not open:\n\(browser.text)")
            }
            harness.press(.escape)
            harness.press(.escape)
            harness.render()
        }
        let count = Self.graphQLTypeCount.formatted()
        let browserStats = Stats(samples: browsing)
        return [
            latencyRow(
                "Tab → completion box drawn in a GraphQL query on a \(count)-type schema, headless",
                Stats(samples: completions)),
            latencyRow(
                "a key typed in a GraphQL query (hint line) on a \(count)-type schema, headless", Stats(samples: typing)
            ),
            BenchmarkRow(
                name: "Ctrl-T → schema browser drawn on a \(count)-type schema, headless",
                apix: BenchmarkFormat.latency(browserStats), reference: "—", ratio: "—", target: "≤ 100 ms median",
                met: browserStats.samples.isEmpty ? nil : browserStats.median <= 0.1),
            BenchmarkRow(
                name:
                    "\(count)-type introspection result read and indexed (once; the answer's "
                    + "\(BenchmarkFormat.mib(answerBytes)) decoded from its bytes)",
                apix: String(format: "%.1f ms", parsed * 1000), reference: "—", ratio: "—", target: "≤ 1 s",
                met: parsed <= 1),
        ]
    }
}
