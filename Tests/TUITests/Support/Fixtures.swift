import Foundation

@testable import ExplorerCore
@testable import TUI

/// Shared inputs for the TUI tests: the repository's profiles and states built on them.
enum Fixtures {
    /// The package root, found from this file's path.
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let profilesDirectory = root + "/profiles"

    static var demoCatalog: ProfileCatalog { ProfileLoader.load(directory: profilesDirectory) }

    static let start = Moment(uptime: 100, date: Date(timeIntervalSince1970: 1_700_000_000))

    /// A state on the demo profile at a fixed size and time, with `port` 8080.
    static func demoState(width: Int = 120, height: Int = 40) -> AppState {
        AppState(
            catalog: demoCatalog, profileDirectory: profilesDirectory, variables: ["port": "8080"],
            processEnvironment: [:], width: width, height: height, now: start, selecting: "demo")
    }

    /// A small catalog built in code, with one broken file's problem.
    static func smallCatalog(problems: Bool = false, auth: AuthSpec? = nil) -> ProfileCatalog {
        var profile = Profile(
            id: "shop", name: "Shop", file: "/tmp/shop.yaml", defaultEnvironment: "dev",
            environments: [
                ProfileEnvironment(name: "dev", baseURL: "http://127.0.0.1:9000"),
                ProfileEnvironment(name: "prod", baseURL: "https://shop.example"),
            ],
            endpoints: [
                Endpoint(id: "items.list", folder: "Items", path: "/items", query: [Parameter("page", "1")]),
                Endpoint(
                    id: "items.get", folder: "Items", path: "/items/{id}", params: [Parameter("id", "7")],
                    headers: [Parameter("X-Trace", "t1")]),
                Endpoint(
                    id: "items.create", folder: "Items", method: .post, path: "/items",
                    body: .json(.object([.init(key: "name", value: .string("pen"))]))),
                Endpoint(id: "health", path: "/health"),
            ])
        profile.auth = auth
        var catalog = ProfileCatalog(profiles: [profile])
        if problems {
            catalog.problems = [
                ProfileProblem(
                    "unknown key `edpoints` (did you mean `endpoints`?)",
                    at: SourceLocation(file: "/tmp/broken.yaml", line: 3, column: 1))
            ]
            catalog.failedFiles = ["/tmp/broken.yaml"]
        }
        return catalog
    }

    static func smallState(width: Int = 100, height: Int = 30, problems: Bool = false, auth: AuthSpec? = nil)
        -> AppState
    {
        AppState(
            catalog: smallCatalog(problems: problems, auth: auth), profileDirectory: "/tmp", processEnvironment: [:],
            width: width, height: height, now: start)
    }

    /// An OAuth2 password grant against the small profile's server.
    static let oauth2 = AuthSpec.oauth2(
        AuthSpec.OAuth2(grant: .password, tokenURL: "/auth/token", clientID: "cli", username: "u", password: "p"))

    /// A finished JSON response as the client would give it.
    static func jsonResponse(_ json: String, status: Int = 200, url: String = "http://127.0.0.1:9000/items/7")
        -> Response
    {
        Response(
            method: .get, url: url, statusCode: status, reason: HTTPStatus.reasonPhrase(for: status),
            headers: ["Content-Type": "application/json", "Content-Length": "\(json.utf8.count)"],
            body: ResponseBody(data: Data(json.utf8)),
            metrics: Metrics(
                dns: .microseconds(100), connect: .microseconds(200), preTransfer: .microseconds(50),
                firstByte: .milliseconds(3), transfer: .microseconds(500), total: .microseconds(3850),
                bytesSent: 0, bytesReceived: Int64(json.utf8.count)))
    }
}

extension AppState {
    /// Applies keys one after another, collecting every effect.
    mutating func press(_ keys: Key...) -> [Effect] {
        keys.flatMap { update(.keyPressed($0)) }
    }

    mutating func type(_ text: String) {
        for character in text { _ = update(.keyPressed(.character(character))) }
    }

    /// Selects the endpoint row with this id.
    mutating func select(_ endpoint: String) {
        guard
            let index = rows.firstIndex(where: { row in
                if case .endpoint(let p, let i) = row { return profiles[p].endpoints[i].id == endpoint }
                return false
            })
        else { return }
        moveSelection(to: index)
        refreshPreview()  // as `update` does after every key
    }
}

extension Array where Element == Effect {
    var names: [String] { map(\.name) }
}

extension Effect {
    /// A send's exchange id and plan; nil for other effects.
    var sent: (id: Int, exchange: ExchangePlan)? {
        if case .send(let id, let exchange, _) = self { return (id, exchange) }
        return nil
    }
}
