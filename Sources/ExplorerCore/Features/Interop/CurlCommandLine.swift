import Foundation

/// A curl command line, read into what it would send: method, URL, headers, body and transfer options.
///
/// `parse` understands the options people paste (`-X`, `-H`, `-d`/`--data*`, `--data-urlencode`, `--json`,
/// `-F`/`--form-string`, `-u`, `-G`, `-I`, `-A`, `-e`, `-b`, `-L`, `-k`, `-m`, `-o`, …) and says which option it
/// does not; output-only options (`-s`, `-v`, `-i`, …) are ignored. `endpoint(id:baseURL:)` turns it into a
/// profile endpoint.
package struct CurlCommandLine: Sendable, Equatable {
    package enum Body: Sendable, Equatable {
        case none
        /// `-d`/`--data*` pieces joined with `&`, as curl sends them.
        case data(String)
        /// `-d @file` / `--data-binary @file`.
        case file(String)
        case json(String)
        /// `-F` parts: a value starting with `@` names a file.
        case form([(name: String, value: String)])

        package static func == (lhs: Body, rhs: Body) -> Bool {
            switch (lhs, rhs) {
            case (.none, .none): true
            case (.data(let a), .data(let b)), (.file(let a), .file(let b)), (.json(let a), .json(let b)): a == b
            case (.form(let a), .form(let b)): a.elementsEqual(b) { $0 == $1 }
            default: false
            }
        }
    }

    package var method: HTTPMethod
    package var url: String
    package var headers: HTTPHeaders
    package var body: Body
    package var followRedirects: Bool?
    package var maxRedirects: Int?
    package var insecure: Bool?
    var caFile: String?
    package var timeout: Duration?
    var connectTimeout: Duration?
    package var output: String?
    /// `--compressed`: ask for a compressed body and decode it (apix's default; kept so the endpoint says so).
    package var compressed: Bool?

    package init(method: HTTPMethod = .get, url: String, headers: HTTPHeaders = [:], body: Body = .none) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    static let ignoredFlags: Set<String> = [
        "-s", "--silent", "-S", "--show-error", "-v", "--verbose", "-i", "--include", "-f", "--fail", "-g", "--globoff",
        "--http1.1", "--http2", "-N", "--no-buffer", "--path-as-is", "--location-trusted", "-#",
        "--progress-bar", "--fail-with-body", "-4", "-6",
    ]
    static let ignoredWithValue: Set<String> = ["-w", "--write-out", "--retry", "--retry-delay", "--retry-max-time"]
    static let shortWithValue: Set<Character> = ["X", "H", "d", "F", "u", "A", "e", "b", "o", "m", "w"]

    /// Reads a curl command line (POSIX shell quoting).
    package static func parse(_ commandLine: String) throws(InteropError) -> CurlCommandLine {
        var words = try ShellWords.split(commandLine)[...]
        guard let first = words.popFirst() else { throw InteropError(.notCurl("")) }
        guard first == "curl" || first.hasSuffix("/curl") else { throw InteropError(.notCurl(first)) }
        var options: [(name: String, value: String?)] = []
        while let word = words.popFirst() {
            if word.hasPrefix("--"), word.count > 2 {
                if takesValue(word) {
                    guard let value = words.popFirst() else { throw InteropError(.missingValue(option: word)) }
                    options.append((word, value))
                } else {
                    options.append((word, nil))
                }
            } else if word.hasPrefix("-"), word.count > 1 {
                var letters = word.dropFirst()[...]
                while let letter = letters.popFirst() {
                    let name = "-\(letter)"
                    guard shortWithValue.contains(letter) else {
                        options.append((name, nil))
                        continue
                    }
                    if !letters.isEmpty {
                        options.append((name, String(letters)))
                    } else {
                        guard let value = words.popFirst() else { throw InteropError(.missingValue(option: name)) }
                        options.append((name, value))
                    }
                    break
                }
            } else {
                options.append(("--url", word))
            }
        }
        return try build(options)
    }

    static func takesValue(_ option: String) -> Bool {
        [
            "--request", "--header", "--data", "--data-raw", "--data-binary", "--data-ascii", "--data-urlencode",
            "--json", "--form", "--form-string", "--user", "--user-agent", "--referer", "--cookie", "--url", "--output",
            "--max-time", "--connect-timeout", "--max-redirs", "--cacert", "--oauth2-bearer",
        ].contains(option) || ignoredWithValue.contains(option)
    }

    private static func build(_ options: [(name: String, value: String?)]) throws(InteropError) -> CurlCommandLine {
        var command = CurlCommandLine(url: "")
        var explicitMethod: String?
        var head = false
        var get = false
        var data: [String] = []
        var dataFile: String?
        var json: [String] = []
        var form: [(name: String, value: String)] = []
        var explicitAuthorization = false
        for (name, value) in options {
            let text = value ?? ""
            switch name {
            case "--url": command.url = text
            case "-X", "--request": explicitMethod = text
            case "-H", "--header":
                if text.lowercased().hasPrefix("authorization:"), !explicitAuthorization {
                    command.headers.remove("Authorization")  // made by an earlier -u, which this replaces
                    explicitAuthorization = true
                }
                try addHeader(text, to: &command.headers)
            case "-d", "--data", "--data-ascii":
                if text.hasPrefix("@") { dataFile = String(text.dropFirst()) } else { data.append(text) }
            case "--data-binary":
                if text.hasPrefix("@") { dataFile = String(text.dropFirst()) } else { data.append(text) }
            case "--data-raw": data.append(text)
            case "--data-urlencode": data.append(try urlencodeData(text))
            case "--json": json.append(text)
            case "-F", "--form":
                guard let equals = text.firstIndex(of: "=") else {
                    throw InteropError(.invalid("-F expects name=value"))
                }
                var part = String(text[text.index(after: equals)...])
                if part.hasPrefix("<") { throw InteropError(.unsupportedOption("-F name=<file (use name=@file)")) }
                if part.hasPrefix("@"), let semicolon = part.firstIndex(of: ";") { part = String(part[..<semicolon]) }
                if part.hasPrefix("@\""), part.hasSuffix("\""), part.count > 2 {
                    part = "@" + part.dropFirst(2).dropLast()
                }
                form.append((String(text[..<equals]), part))
            case "--form-string":
                guard let equals = text.firstIndex(of: "=") else {
                    throw InteropError(.invalid("--form-string expects name=value"))
                }
                let value = String(text[text.index(after: equals)...])
                form.append((String(text[..<equals]), BodyFileReference.literal(value)))
            // curl sends an explicit `-H 'Authorization: …'` instead of the one it would make, in any order.
            case "-u", "--user":
                guard !explicitAuthorization else { break }
                command.headers.set("Authorization", "Basic " + Data(text.utf8).base64EncodedString())
            case "--oauth2-bearer":
                guard !explicitAuthorization else { break }
                command.headers.set("Authorization", "Bearer \(text)")
            case "-A", "--user-agent": command.headers.set("User-Agent", text)
            case "-e", "--referer": command.headers.set("Referer", text)
            case "-b", "--cookie":
                guard text.contains("=") else { throw InteropError(.unsupportedOption("-b FILE (a cookie jar)")) }
                command.headers.set("Cookie", text)
            case "-G", "--get": get = true
            case "-I", "--head": head = true
            case "-L", "--location": command.followRedirects = true
            case "--max-redirs": command.maxRedirects = try number(text, name).map { Int($0) }
            case "-k", "--insecure": command.insecure = true
            case "--cacert": command.caFile = text
            case "-m", "--max-time": command.timeout = try number(text, name).map { .milliseconds(Int64($0 * 1000)) }
            case "--connect-timeout":
                command.connectTimeout = try number(text, name).map { .milliseconds(Int64($0 * 1000)) }
            case "-o", "--output": command.output = text
            case "--compressed": command.compressed = true
            default:
                guard ignoredFlags.contains(name) || ignoredWithValue.contains(name) else {
                    throw InteropError(.unsupportedOption(name))
                }
            }
        }
        guard !command.url.isEmpty else { throw InteropError(.missingURL) }
        if !command.url.contains("://") { command.url = "http://" + command.url }  // as curl does
        guard RequestBuilder.isHTTPURL(command.url) else { throw InteropError(.invalidURL(command.url)) }

        if !json.isEmpty {
            command.body = .json(json.joined())
            if !command.headers.contains("Content-Type") { command.headers.add("Content-Type", "application/json") }
            if !command.headers.contains("Accept") { command.headers.add("Accept", "application/json") }
        } else if !form.isEmpty {
            command.body = .form(form)
        } else if let dataFile {
            command.body = .file(dataFile)
        } else if !data.isEmpty {
            let joined = data.joined(separator: "&")
            if get {
                command.url += (command.url.contains("?") ? "&" : "?") + joined
            } else {
                command.body = .data(joined)
            }
        }
        if let explicitMethod {
            guard let method = HTTPMethod(rawValue: explicitMethod) else {
                throw InteropError(.invalid("invalid HTTP method \(explicitMethod)"))
            }
            command.method = method
        } else if head {
            command.method = .head
        } else if command.body != .none {
            command.method = .post
        }
        return command
    }

    private static func addHeader(_ line: String, to headers: inout HTTPHeaders) throws(InteropError) {
        if line.hasSuffix(";"), !line.contains(":") {
            headers.add(String(line.dropLast()), "")
            return
        }
        guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
            throw InteropError(.invalid("-H expects 'Name: value', got '\(line)'"))
        }
        let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if value.isEmpty {
            headers.remove(name)  // `-H 'Name:'` removes a header curl would send
        } else {
            headers.add(name, value)
        }
    }

    /// A count or a number of seconds: finite, 0 or more, at most `maximumNumber` (`-m 1e20` or `-m inf` would not
    /// fit the milliseconds of a `Duration`; converting them trapped, found by the CurlImport fuzz target).
    private static func number(_ text: String, _ option: String) throws(InteropError) -> Double? {
        guard let value = Double(text), value.isFinite, value >= 0, value <= maximumNumber else {
            throw InteropError(.invalid("\(option) expects a number from 0 to 1000000000, got \(text)"))
        }
        return value
    }

    static let maximumNumber = 1e9

    /// `--data-urlencode`: `content`, `=content`, `name=content` (files are not read).
    private static func urlencodeData(_ text: String) throws(InteropError) -> String {
        if text.hasPrefix("@") || (text.contains("@") && !text.contains("=")) {
            throw InteropError(.unsupportedOption("--data-urlencode with @file"))
        }
        // curl escapes everything but unreserved characters (a space becomes %20).
        guard let equals = text.firstIndex(of: "=") else {
            return PercentEncoding.encode(text, allowed: PercentEncoding.unreserved)
        }
        let name = text[..<equals]
        let value = PercentEncoding.encode(
            String(text[text.index(after: equals)...]), allowed: PercentEncoding.unreserved)
        return name.isEmpty ? value : "\(name)=\(value)"
    }
}
