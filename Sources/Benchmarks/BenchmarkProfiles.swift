/// The profiles the terminal cases open, pointing at the benchmark's demo server.
enum BenchmarkProfiles {
    /// A profile of `endpoints` endpoints in folders of 50, with parameters, queries and bodies like a real API's.
    static func large(endpoints: Int, port: Int) -> String {
        let methods = ["GET", "POST", "PUT", "DELETE", "PATCH"]
        var text = """
            name: Large API
            description: \(endpoints) endpoints, for the start-up benchmark.
            default_environment: local
            environments:
              local: { base_url: "http://127.0.0.1:\(port)" }
            headers: { Accept: application/json }
            endpoints:

            """
        for index in 0..<endpoints {
            let folder = index / 50
            let method = methods[index % methods.count]
            text += """
                  - id: resource\(folder).op\(index)
                    name: Operation \(index) on resource \(folder)
                    folder: Resource \(folder)
                    method: \(method)
                    path: /resources/\(folder)/items/{id}
                    params: { id: \(index) }
                    query: { limit: 20, expand: null }

                """
            if ["POST", "PUT", "PATCH"].contains(method) {
                text += """
                        body:
                          json: { name: "item \(index)", enabled: true, count: \(index) }

                    """
            }
        }
        return text
    }

    /// The endpoints the interactive cases use: `json.0`, `json.1`, … (one per body size) and `download`.
    static func terminal(port: Int, bodySizes: [Int], downloadSize: Int) -> String {
        var text = """
            name: Terminal benchmarks
            default_environment: local
            environments:
              local: { base_url: "http://127.0.0.1:\(port)" }
            endpoints:

            """
        for (index, size) in bodySizes.enumerated() {
            text += """
                  - id: json.\(index)
                    path: /json/large
                    query: { bytes: \(size) }

                """
        }
        text += """
              - id: bench.small
                path: /json/large
                query: { bytes: 512 }
              - id: download
                path: /bytes/{n}
                params: { n: \(downloadSize) }

            """
        return text
    }
}
