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
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // libcurl: typed shims over the variadic setopt/getinfo calls.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        // ncursesw: the only consumer is the TUI's terminal backend.
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        // zlib: crc32 and gzip for the demo server (deflateInit2 is a macro, so it is wrapped).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .target(
            name: "ExplorerCore",
            dependencies: ["CCurl", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "DemoAPI",
            dependencies: ["CZlib", .product(name: "Hummingbird", package: "hummingbird")]
        ),
        .target(
            name: "TUI",
            dependencies: [
                "ExplorerCore", "CNcurses", "DemoAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "apix", dependencies: ["TUI"]),
        .testTarget(name: "ExplorerCoreTests", dependencies: ["ExplorerCore", "DemoAPI"]),
        .testTarget(name: "DemoAPITests", dependencies: ["DemoAPI", "CZlib"]),
        .testTarget(name: "CLITests", dependencies: ["apix", "ExplorerCore", "DemoAPI"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "ExplorerCore", "DemoAPI", "apix"]),
    ],
    swiftLanguageModes: [.v6]
)
