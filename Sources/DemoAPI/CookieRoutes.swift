import Foundation
import HTTPTypes
import Hummingbird

/// Cookies for the cookie jar: `/cookies` shows what was sent, `/cookies/set?NAME=VALUE…` sets session cookies
/// (`&max_age=S` gives them a lifetime), `/cookies/delete?NAME…` expires them.
struct CookieRoutes {
    func register(on router: Router<BasicRequestContext>) {
        router.get("/cookies") { request, _ in
            Response.json(["cookies": .object(Self.sent(request).map { (key: $0.name, value: .string($0.value)) })])
        }
        router.get("/cookies/set") { request, _ in
            var headers = HTTPFields()
            var set: [(key: String, value: JSONValue)] = []
            let maxAge = request.uri.queryParameters.get("max_age", as: Int.self)
            for (name, value) in request.uri.queryParameters where name != "max_age" {
                let lifetime = maxAge.map { "; Max-Age=\($0)" } ?? ""
                headers.append(HTTPField(name: .setCookie, value: "\(name)=\(value); Path=/; HttpOnly\(lifetime)"))
                set.append((key: String(name), value: .string(String(value))))
            }
            return Response.json(["set": .object(set)], headers: headers)
        }
        router.get("/cookies/delete") { request, _ in
            var headers = HTTPFields()
            var deleted: [JSONValue] = []
            for (name, _) in request.uri.queryParameters {
                headers.append(HTTPField(name: .setCookie, value: "\(name)=; Path=/; Max-Age=0"))
                deleted.append(.string(String(name)))
            }
            return Response.json(["deleted": .array(deleted)], headers: headers)
        }
    }

    /// The cookies of the request's `Cookie` header, in order.
    static func sent(_ request: Request) -> [(name: String, value: String)] {
        request.headers[values: .cookie].flatMap { $0.split(separator: ";") }.compactMap { pair in
            let trimmed = pair.trimmingCharacters(in: .whitespaces)
            guard let equals = trimmed.firstIndex(of: "=") else { return nil }
            return (String(trimmed[..<equals]), String(trimmed[trimmed.index(after: equals)...]))
        }
    }
}
