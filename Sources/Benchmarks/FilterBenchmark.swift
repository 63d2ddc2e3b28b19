import ExplorerCore
import Foundation
import TUI

/// Finding endpoints in a big profile (issue 25): the list filter (`/`, a `FuzzyQuery` over method, path, id, name,
/// folder and description, ranked) typed key by key over 1,997 endpoints, each key timed from the press to the
/// redrawn frame, headless.
extension TUIBenchmarks {
    /// As many endpoints as the commercetools import has.
    static let filterEndpointCount = 1997
    /// Queries typed one key at a time (then cleared with Backspace, key by key too): words in any order, a path,
    /// a word only a description holds.
    static let filterQueries = ["refunds post", "POST /v1/refunds", "verify domain", "pmd", "customer balance get"]

    func runFilter() throws -> [BenchmarkRow] {
        let directory = scratch + "/tui-filter"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try BenchmarkProfiles.findable(endpoints: Self.filterEndpointCount, port: port)
            .write(toFile: directory + "/findable.yaml", atomically: true, encoding: .utf8)
        let catalog = ProfileLoader.load(directory: directory)
        guard catalog.problems.isEmpty, catalog.profiles.first?.endpoints.count == Self.filterEndpointCount else {
            throw BenchmarkError("filter benchmark profile: \(catalog.problems)")
        }
        let screen = try Self.terminal(on: nil)
        defer { screen.stop() }
        let harness = TUIHarness(
            state: AppState(
                catalog: catalog, profileDirectory: directory, width: Self.width, height: Self.height, now: .now),
            terminal: screen)
        harness.apply(.resized(width: Self.width, height: Self.height))
        harness.render()
        var keys: [Double] = []
        for run in 0...max(1, options.runs / 3) {
            for query in Self.filterQueries {
                harness.press(.character("/"))
                for character in query {
                    let start = Subprocess.now()
                    harness.press(.character(character))
                    harness.render()
                    if run > 0 { keys.append(Subprocess.now() - start) }
                }
                guard harness.state.selectedEndpoint != nil else {
                    throw BenchmarkError("the filter `\(query)` selected no endpoint")
                }
                for _ in query {
                    let start = Subprocess.now()
                    harness.press(.backspace)
                    harness.render()
                    if run > 0 { keys.append(Subprocess.now() - start) }
                }
                harness.press(.escape)
            }
        }
        let count = Self.filterEndpointCount.formatted()
        return [
            latencyRow(
                "key press → redrawn frame typing a list filter over \(count) endpoints (fuzzy, ranked), headless",
                Stats(samples: keys))
        ]
    }
}

extension BenchmarkProfiles {
    /// A profile shaped like a big payments API (Stripe's, commercetools'): resources under `/v1`, their items and
    /// actions, a folder per resource, names and descriptions in words, ids from the method and path.
    static func findable(endpoints: Int, port: Int) -> String {
        let resources = [
            "accounts", "application_fees", "balance_transactions", "charges", "checkout_sessions", "coupons",
            "credit_notes", "customers", "disputes", "events", "files", "invoices", "invoice_items", "payment_intents",
            "payment_links", "payment_methods", "payment_method_domains", "payouts", "plans", "prices", "products",
            "promotion_codes", "quotes", "refunds", "setup_intents", "shipping_rates", "sources", "subscriptions",
            "subscription_items", "tax_rates", "tokens", "topups", "transfers", "webhook_endpoints",
        ]
        let actions = ["cancel", "capture", "confirm", "finalize", "pay", "void", "verify", "validate", "expire"]
        let subresources = ["balance_transactions", "line_items", "sources", "tax_ids", "discounts", "usage_records"]
        var text = """
            name: Findable API
            description: \(endpoints) endpoints shaped like a big payments API, for the filter benchmark.
            default_environment: local
            environments:
              local: { base_url: "http://127.0.0.1:\(port)" }
            endpoints:

            """
        var index = 0
        var round = 0
        func camel(_ words: [String]) -> String {
            words.flatMap { $0.split(separator: "_") }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
        while index < endpoints {
            for resource in resources where index < endpoints {
                let single = String(resource.dropLast())
                let version = round == 0 ? "v1" : "v\(round + 1)"
                var shapes: [(method: String, path: String, words: [String], name: String)] = [
                    ("GET", "/\(version)/\(resource)", [resource], "List all \(resource)"),
                    ("POST", "/\(version)/\(resource)", [resource], "Create a \(single)"),
                    ("GET", "/\(version)/\(resource)/{\(single)}", [resource, single], "Retrieve a \(single)"),
                    ("POST", "/\(version)/\(resource)/{\(single)}", [resource, single], "Update a \(single)"),
                    ("DELETE", "/\(version)/\(resource)/{\(single)}", [resource, single], "Delete a \(single)"),
                ]
                for action in actions where (resource.count + action.count + round) % 3 == 0 {
                    shapes.append(
                        (
                            "POST", "/\(version)/\(resource)/{\(single)}/\(action)", [resource, single, action],
                            "\(action.prefix(1).uppercased() + action.dropFirst()) a \(single)"
                        ))
                }
                for sub in subresources where (resource.count + sub.count + round) % 4 == 0 {
                    shapes.append(
                        (
                            "GET", "/\(version)/\(resource)/{\(single)}/\(sub)", [resource, single, sub],
                            "List a \(single)'s \(sub)"
                        ))
                }
                for shape in shapes where index < endpoints {
                    let id = camel([shape.method.lowercased()] + shape.words) + (round == 0 ? "" : "V\(round + 1)")
                    let description =
                        shape.name
                        + (shape.words.count > 2 ? ". Some resources need steps to verify a domain first." : ".")
                    text += """
                          - id: \(id)
                            name: "\(shape.name)"
                            folder: \(camel([resource]))
                            description: "\(description)"
                            method: \(shape.method)
                            path: "\(shape.path)"

                        """
                    if shape.path.contains("{") {
                        let parameter = shape.path.split(separator: "{")[1].split(separator: "}")[0]
                        text += "    params: { \(parameter): x }\n"
                    }
                    index += 1
                }
            }
            round += 1
        }
        return text
    }
}
