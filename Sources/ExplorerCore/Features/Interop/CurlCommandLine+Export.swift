import Foundation

extension CurlCommandLine {
    /// A curl command line that sends what apix sends for `request`: the same method, URL, header fields and
    /// body bytes (multipart: the same parts; curl picks its own boundary). curl's own defaults are evened out:
    /// apix's `User-Agent`, no `Expect: 100-continue`, the body's own `Content-Type`, `-g` so brackets in URLs are
    /// not globbed.
    ///
    /// Secrets built in with `SecretMarker`s (`maskStyle = .marker`) come out as `"${NAME}"` references. The shell
    /// inserts the value as it is: exact in headers, and in URLs and bodies as long as the value needs no URL,
    /// form or JSON escaping (tokens and keys usually do not); `secretsInEscapedContext` tells when that matters.
    ///
    /// `basicAuth` becomes `-u user:password` (curl then writes the same `Authorization: Basic …` apix sends), so
    /// a masked password can stay a shell variable. `authOptions` say how curl uses it when it is not Basic
    /// (`--digest`, `--ntlm`, `--negotiate`, `--aws-sigv4 aws:amz:REGION:SERVICE`: `TransportCredential.Scheme`).
    package static func render(
        _ request: PreparedRequest, basicAuth: (username: String, password: String)? = nil, authOptions: [String] = []
    ) -> String {
        var words: [String] = ["curl"]
        let hasBody = !request.body.isEmpty
        if request.method == .head {
            words.append("--head")
        } else if hasBody ? request.method != .post : request.method != .get {
            words += ["-X", request.method.rawValue]
        }
        words.append(shellWord(request.url))

        var headers = request.headers
        if !headers.contains("User-Agent") { headers.add("User-Agent", "apix/\(Apix.version)") }
        if let basicAuth = usedBasicAuth(basicAuth, in: request) {
            words += authOptions.map(shellWord) + ["-u", shellWord("\(basicAuth.username):\(basicAuth.password)")]
        }
        if hasBody, !headers.contains("Content-Type") {
            if case .multipart = request.body {
                // curl writes its own boundary into the header it adds.
            } else {
                headers.add("Content-Type", request.body.contentType ?? "")
            }
        }
        if case .multipart = request.body { headers.remove("Content-Type") }
        for field in headers {
            let removes = ["Expect", "Content-Type", "Accept"].contains { field.name.caseInsensitiveEquals($0) }
            let empty = removes ? "\(field.name):" : "\(field.name);"
            let line = field.value.isEmpty ? empty : "\(field.name): \(field.value)"
            words += ["-H", shellWord(line)]
        }
        // Not with --aws-sigv4: curl 7.88 signs an `Expect:` line it is given and never sends it, so the server
        // would refuse the signature (apix leaves it out when it signs, too).
        if hasBody, !headers.contains("Expect"), !authOptions.contains("--aws-sigv4") {
            words += ["-H", "'Expect:'"]
        }
        // apix asks for compressed bodies unless told not to (`compressed: false`), and decodes an encoding it asked
        // for with its own header too: curl does both with --compressed.
        if request.options.compressed || headers.contains("Accept-Encoding") { words.append("--compressed") }

        var prefix = ""
        switch request.body {
        case .none: break
        case .bytes(let data, _):
            if let text = String(data: data, encoding: .utf8), !text.contains("\0") {
                words += ["--data-raw", shellWord(text)]  // unlike --data-binary, never reads `@file`
            } else {
                prefix = "printf '" + data.map { "\\" + String($0, radix: 8) }.joined() + "' | "
                words += ["--data-binary", "@-"]
            }
        case .file(let path, _):
            words += ["--data-binary", shellWord("@" + path)]
        case .multipart(let body):
            for part in body.parts {
                switch part.content {
                case .text(let value):
                    words += ["--form-string", shellWord("\(part.name)=\(value)")]
                case .file(let path, let filename, let type):
                    let name = filename ?? (path as NSString).lastPathComponent
                    let spec =
                        "\(part.name)=@\"\(formQuoted(path))\";filename=\"\(formQuoted(name))\""
                        + ";type=\(type ?? MediaType.guess(forPath: path))"
                    words += ["-F", shellWord(spec)]
                }
            }
        }

        let options = request.options
        if options.followRedirects { words += ["-L", "--max-redirs", String(options.maxRedirects)] }
        if options.insecure { words.append("-k") }
        if let caFile = options.caFile { words += ["--cacert", shellWord(caFile)] }
        words += networkWords(options)
        if let timeout = options.timeout { words += ["--max-time", ProfileEmitter.seconds(timeout)] }
        if let connect = options.connectTimeout { words += ["--connect-timeout", ProfileEmitter.seconds(connect)] }
        if let output = options.downloadTo { words += ["-o", shellWord(output)] }
        words.append("-g")
        return prefix + words.joined(separator: " ")
    }

    /// The flags for the HTTP version, proxy and client certificate (cookies stay apix's: its jar is not
    /// curl's to write).
    static func networkWords(_ options: TransferOptions) -> [String] {
        var words: [String] = []
        if let version = options.httpVersion { words.append(version.curlFlag) }
        if let proxy = options.proxy, !proxy.isEmpty {
            words += ["--proxy", shellWord(proxy)]
            if let noProxy = options.noProxy, !noProxy.isEmpty { words += ["--noproxy", shellWord(noProxy)] }
        }
        if let certFile = options.certFile { words += ["--cert", shellWord(certFile)] }
        if let keyFile = options.keyFile { words += ["--key", shellWord(keyFile)] }
        if let password = options.keyPassword { words += ["--pass", shellWord(password)] }
        return words
    }

    /// The `-u` credentials `render` writes: `basicAuth`, unless the request has an `Authorization` header of
    /// its own (which then wins, as it would in curl).
    static func usedBasicAuth(
        _ basicAuth: (username: String, password: String)?, in request: PreparedRequest
    ) -> (username: String, password: String)? {
        request.headers.contains("Authorization") ? nil : basicAuth
    }

    /// Secret names (`SecretMarker`) the command `render` writes for `request` and `basicAuth` refers to, as
    /// shell variables, each once, in order of appearance.
    package static func shellVariables(
        in request: PreparedRequest, basicAuth: (username: String, password: String)? = nil
    ) -> [String] {
        var names: [String] = []
        let basic = usedBasicAuth(basicAuth, in: request).map { [$0.username + $0.password] } ?? []
        let network = [request.options.proxy, request.options.keyPassword].compactMap { $0 }
        let texts = [request.url] + request.headers.map(\.value) + bodyTexts(request.body) + basic + network
        for case .secret(let name) in texts.flatMap(SecretMarker.split) {
            let shell = SecretMarker.shellName(for: name)
            if !names.contains(shell) { names.append(shell) }
        }
        return names
    }

    /// Whether a masked request has secrets in its URL or body, where apix escapes values (percent-encoding,
    /// form or JSON encoding) but the shell inserts them as they are.
    package static func secretsInEscapedContext(_ request: PreparedRequest) -> Bool {
        ([request.url] + bodyTexts(request.body)).contains { text in
            SecretMarker.split(text).contains { if case .secret = $0 { true } else { false } }
        }
    }

    private static func bodyTexts(_ body: RequestBody) -> [String] {
        switch body {
        case .none, .file: return []
        case .bytes(let data, _): return [String(decoding: data, as: UTF8.self)]
        case .multipart(let multipart):
            return multipart.parts.compactMap { if case .text(let value) = $0.content { value } else { nil } }
        }
    }

    /// One shell word: single-quoted, or double-quoted with `${NAME}` where it holds secret markers.
    static func shellWord(_ text: String) -> String {
        let pieces = SecretMarker.split(text)
        guard pieces.contains(where: { if case .secret = $0 { true } else { false } }) else {
            return ShellWords.quote(text)
        }
        var word = "\""
        for piece in pieces {
            switch piece {
            case .text(let literal): word += ShellWords.doubleQuotedLiteral(literal)
            case .secret(let name): word += "${\(SecretMarker.shellName(for: name))}"
            }
        }
        return word + "\""
    }

    /// curl's `-F` file names take `\"` and `\\` escapes inside double quotes.
    private static func formQuoted(_ text: String) -> String {
        text.replacingScalars(["\\": "\\\\", "\"": "\\\""])
    }
}
