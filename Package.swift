// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "apix",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "apix", targets: ["apix"]),
        .library(name: "ExplorerCore", targets: ["ExplorerCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // The demo API's WebSocket route only (DemoAPI): apix itself links none of it.
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // OpenAPI import only; its ExternalLoading trait (slow to build, unused) is off.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
        // Exchange history (ExplorerHistory); on Linux it links the system SQLite (libsqlite3-dev).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The bench's latency percentiles (ExplorerBench): fixed memory whatever the number of requests.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // GraphQL queries parsed and validated against an introspected schema (ExplorerGraphQL only).
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
    ],
    targets: [
        // libcurl: typed shims over the variadic setopt/getinfo calls, through a table loaded with dlopen on first
        // use (starting apix does not pay for loading libcurl and its libraries).
        .target(name: "CCurl", path: "Sources/CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // The commit `apix --version` names: a weak "unknown" that `make release` overrides at link time.
        .target(name: "CBuildInfo", path: "Sources/CBuildInfo"),
        // ncursesw: the only consumer is the TUI's terminal backend.
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        // zlib: crc32 and gzip for the demo server and the history, permessage-deflate for WebSocket (deflateInit2 is a
        // macro, so it is wrapped).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // openpty for the benchmarks' terminal cases.
        .systemLibrary(name: "CPseudoTerminal", path: "Sources/CPseudoTerminal"),
        .target(
            name: "ExplorerCore",
            dependencies: ["CCurl", "CBuildInfo", "CZlib", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "DemoAPI",
            dependencies: [
                "CZlib", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ]
        ),
        // Imports of request collections (Postman, Insomnia, HAR, .http, Bruno) and what every import shares (the
        // result, its summary, the writer): no OpenAPIKit, so `apix` runs them itself.
        .target(
            name: "CollectionImport", dependencies: ["ExplorerCore", .product(name: "Yams", package: "Yams")]),
        // OpenAPI import: kept out of ExplorerCore so the core stays light.
        .target(
            name: "ExplorerImport",
            dependencies: [
                "ExplorerCore", "CollectionImport",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
            ]
        ),
        // Exchange history in SQLite: kept out of ExplorerCore so the core stays light.
        .target(
            name: "ExplorerHistory",
            dependencies: [
                "ExplorerCore", "CZlib", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Bench runs (`apix bench`): an exchange sent many times through the client, per-phase HdrHistograms.
        .target(
            name: "ExplorerBench",
            dependencies: ["ExplorerCore", .product(name: "Histogram", package: "hdrhistogram-swift")]),
        // GraphQL schemas (introspection to SDL, the cache) and query validation: kept out of ExplorerCore so the core
        // stays light; the body kind and its sending are ExplorerCore's (one send pipeline).
        .target(
            name: "ExplorerGraphQL",
            dependencies: ["ExplorerCore", .product(name: "GraphQL", package: "GraphQL")]),
        // The terminal UI: state, pure update, views, runtime over a terminal backend.
        .target(
            name: "TUI",
            dependencies: [
                "ExplorerCore", "ExplorerHistory", "ExplorerBench", "CNcurses", .product(name: "Yams", package: "Yams"),
            ]),
        // The CLI commands: argument parsing, the choices flags make, and output formatting; every decision about
        // what is sent and shown is ExplorerCore's.
        .target(
            name: "CLI",
            dependencies: [
                "ExplorerCore", "ExplorerHistory", "ExplorerBench", "TUI", "CollectionImport", "ExplorerGraphQL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `apix` links no server stack and no OpenAPIKit: `apix demo` and `apix import openapi` run the sibling
        // programs below, found beside it. (A dependency on them would link their libraries into `apix`, so
        // `make demo` and `swift build` build them as products of their own.)
        .executableTarget(name: "apix", dependencies: ["CLI"]),
        // The demo API as a program: `apix demo --serve` becomes it, `apix demo` runs it as a child.
        .executableTarget(name: "apix-demo", dependencies: ["DemoAPI"], path: "Sources/ApixDemo"),
        // The OpenAPI importer as a program: `apix import openapi` becomes it.
        .executableTarget(
            name: "apix-openapi", dependencies: ["ExplorerCore", "ExplorerImport", "CollectionImport"],
            path: "Sources/ApixOpenAPI"),
        // Both programs above in one binary, for the packages only (`make dist`: one copy of the Swift runtime and
        // Foundation for the two; the installed names link to it and argv[0] chooses).
        .executableTarget(
            name: "apix-helpers", dependencies: ["DemoAPI", "ExplorerImport"], path: "Sources/ApixHelpers"),
        // Measures apix against curl on loopback: `swift run -c release apix-bench` (writes docs/BENCHMARKS.md).
        .executableTarget(
            name: "apix-bench",
            dependencies: ["ExplorerCore", "ExplorerHistory", "ExplorerBench", "TUI", "CPseudoTerminal"],
            path: "Sources/Benchmarks"),
        // Test support: a raw-socket HTTP server of broken and malicious answers, for the hostile suites.
        // (ExplorerCore: `WebSocketHandshake.accept` for the WebSocket routes' 101.)
        .target(name: "HostileServer", dependencies: ["CZlib", "ExplorerCore"], path: "Tests/HostileServer"),
        // Test support every test target shares: the demo API fixture, scratch directories.
        .target(name: "TestSupport", dependencies: ["DemoAPI"], path: "Tests/TestSupport"),
        // The crash-safety tests' child program (saves and records in a loop until killed), not shipped in `apix`.
        .executableTarget(
            name: "apix-test-loops", dependencies: ["ExplorerCore", "ExplorerHistory"], path: "Tests/TestLoops"),
        .testTarget(
            name: "ExplorerCoreTests", dependencies: ["ExplorerCore", "DemoAPI", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "DemoAPITests", dependencies: ["DemoAPI", "CZlib", "TestSupport"]),
        .testTarget(
            name: "ExplorerHistoryTests", dependencies: ["ExplorerHistory", "ExplorerCore", "DemoAPI", "TestSupport"]),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "CLI", "apix", "apix-demo", "apix-openapi", "apix-helpers", "apix-bench", "apix-test-loops",
                "ExplorerCore", "ExplorerHistory", "DemoAPI", "TUI", "HostileServer", "CPseudoTerminal", "TestSupport",
                "ExplorerGraphQL",
            ]),
        .testTarget(
            name: "ExplorerImportTests", dependencies: ["ExplorerImport", "CollectionImport", "ExplorerCore"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "TUITests",
            dependencies: [
                "TUI", "ExplorerCore", "ExplorerHistory", "DemoAPI", "apix", "apix-demo", "HostileServer",
                "TestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
