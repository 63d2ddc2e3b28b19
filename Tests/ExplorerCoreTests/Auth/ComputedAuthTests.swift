import Foundation
import Testing

@testable import ExplorerCore

/// Digest, NTLM, Negotiate and AWS SigV4: credentials libcurl works out (`TransportCredential`), read from profiles,
/// shown masked, exported as curl's own options, and handed to the transport by the interceptor.
@Suite("Digest, NTLM, Negotiate and AWS SigV4 credentials")
struct ComputedAuthTests {
    static let yaml = """
        variables: { user: ann, pass: s3cret-pw, key: AKIDEXAMPLE, secret: wJalr-secret, session: tok-session-1 }
        environments:
          digest: { base_url: "http://h/api", auth: { type: digest, username: "{{user}}", password: "{{pass}}" } }
          ntlm: { base_url: "http://h/api", auth: { type: ntlm, username: "DOM\\\\{{user}}", password: "{{pass}}" } }
          kerberos: { base_url: "http://h/api", auth: { type: negotiate } }
          aws:
            base_url: "http://h/api"
            auth:
              type: aws_sigv4
              access_key_id: "{{key}}"
              secret_access_key: "{{secret}}"
              session_token: "{{session}}"
              region: eu-west-1
              service: execute-api
          aws-host: { base_url: "http://h/api", auth: { type: aws_sigv4, access_key_id: K, secret_access_key: S } }
        endpoints:
          - id: items
            path: /items
            query: { b: "2", a: "x y" }
        """

    static func builder(_ environment: String) throws -> RequestBuilder {
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/p/demo.yaml", id: "demo").get()
        return try RequestBuilder(profile: profile, environment: environment, processEnvironment: [:])
    }

    static func problems(_ line: String) -> [ProfileProblem] {
        let yaml = "environments: { local: { base_url: \"http://127.0.0.1:1\" } }\n" + line + "\n"
        if case .failure(let failure) = ProfileLoader.parse(yaml: yaml, file: "/p/x.yaml", id: "x") {
            return failure.problems
        }
        return []
    }

    @Test("each type resolves to the credential libcurl is given")
    func resolves() throws {
        let digest = try #require(try Self.builder("digest").auth(for: nil))
        #expect(digest == .challenge(.digest, username: "ann", password: "s3cret-pw"))
        #expect(digest.transportCredential == TransportCredential(.digest, username: "ann", password: "s3cret-pw"))
        #expect(digest.placement == nil)
        #expect(digest.typeName == "digest")
        let ntlm = try #require(try Self.builder("ntlm").auth(for: nil))
        #expect(ntlm.transportCredential == TransportCredential(.ntlm, username: "DOM\\ann", password: "s3cret-pw"))
        let kerberos = try #require(try Self.builder("kerberos").auth(for: nil))
        #expect(kerberos.transportCredential == TransportCredential(.negotiate, username: "", password: ""))

        let aws = try #require(try Self.builder("aws").auth(for: nil))
        #expect(
            aws.transportCredential
                == TransportCredential(
                    .awsSigV4(parameter: "aws:amz:eu-west-1:execute-api"), username: "AKIDEXAMPLE",
                    password: "wJalr-secret"))
        #expect(aws.transportHeaders == [CredentialPlacement(.header("X-Amz-Security-Token"), "tok-session-1")])
        let fromHost = try #require(try Self.builder("aws-host").auth(for: nil))
        #expect(fromHost.transportCredential?.scheme == .awsSigV4(parameter: "aws:amz"))
        #expect(fromHost.transportHeaders.isEmpty)
    }

    @Test("passwords, secret keys and session tokens are secret variables; user names and key ids are not")
    func secretVariables() throws {
        #expect(try Self.builder("digest").secretVariableNames(for: nil) == ["pass"])
        #expect(try Self.builder("aws").secretVariableNames(for: nil) == ["secret", "session"])
    }

    @Test(
        "mistakes are located problems",
        arguments: [
            ("auth: { type: digest, username: u }", 2, 7, "`auth` (digest) is missing required key `password`"),
            ("auth: { type: ntlm, password: p }", 2, 7, "`auth` (ntlm) is missing required key `username`"),
            (
                "auth: { type: aws_sigv4, access_key_id: K }", 2, 7,
                "`auth` (aws_sigv4) is missing required key `secret_access_key`"
            ),
            (
                "auth: { type: aws_sigv4, secret_access_key: S }", 2, 7,
                "`auth` (aws_sigv4) is missing required key `access_key_id`"
            ),
            (
                "auth: { type: aws_sigv4, access_key_id: K, secret_access_key: S, service: s3 }", 2, 75,
                "`auth.service` needs `region` too"
            ),
            ("auth: { type: digest, username: u, password: p, realm: r }", 2, 49, "unknown key `realm`"),
            ("auth: { type: digets, username: u, password: p }", 2, 15, "did you mean `digest`?"),
        ])
    func locatedProblems(line: String, expectedLine: Int, column: Int, message: String) {
        let found = Self.problems(line)
        let problem = found.first { $0.message.contains(message) }
        #expect(problem != nil, "\(found)")
        #expect(problem?.location.line == expectedLine)
        #expect(problem?.location.column == column)
    }

    @Test("shown: the scheme and bullets for the Authorization libcurl writes; the session token masked")
    func shown() throws {
        let builder = try Self.builder("aws")
        let endpoint = try #require(builder.profile.endpoint("items"))
        let plan = try ExchangePlan(endpoint, builder: builder)
        let masked = plan.masked.request
        #expect(masked.headers["Authorization"] == "AWS4-HMAC-SHA256 ••••")
        #expect(masked.headers["X-Amz-Security-Token"] == "••••")
        let text = "\(masked.headers.map { "\($0.name): \($0.value)" })\(masked.url)"
        for secret in ["wJalr-secret", "tok-session-1"] { #expect(!text.contains(secret)) }
        let digest = try Self.builder("digest")
        let digestPlan = try ExchangePlan(try #require(digest.profile.endpoint("items")), builder: digest)
        #expect(digestPlan.masked.request.headers["Authorization"] == "Digest ••••")
        // Every secret is known to the records, which scrub them from what the server echoes.
        #expect(plan.secretValues().contains("wJalr-secret"))
        #expect(plan.secretValues().contains("tok-session-1"))
        #expect(digestPlan.secretValues().contains("s3cret-pw"))
    }

    @Test("exported as curl's options: --digest / --ntlm / --negotiate / --aws-sigv4 with -u, secrets as variables")
    func curlExport() throws {
        func export(_ environment: String, revealed: Bool = false) throws -> CurlExport {
            let builder = try Self.builder(environment)
            return try ExchangePlan(try #require(builder.profile.endpoint("items")), builder: builder)
                .curlCommand(revealed: revealed)
        }
        let digest = try export("digest")
        #expect(digest.command.contains(#"--digest -u "ann:${PASS}""#), "\(digest.command)")
        #expect(!digest.command.contains("Authorization"))
        #expect(digest.variables == ["PASS"])
        #expect(try export("ntlm").command.contains("--ntlm -u"))
        #expect(try export("kerberos").command.contains("--negotiate -u :"))
        #expect(try export("digest", revealed: true).command.contains("--digest -u ann:s3cret-pw"))

        let aws = try export("aws")
        #expect(aws.command.contains(#"--aws-sigv4 aws:amz:eu-west-1:execute-api -u "AKIDEXAMPLE:${SECRET}""#))
        #expect(aws.command.contains(#"-H "X-Amz-Security-Token: ${SESSION}""#), "\(aws.command)")
        // The query in SigV4's canonical order, as apix sends it.
        #expect(aws.command.contains("http://h/api/items?a=x%20y&b=2"), "\(aws.command)")
        #expect(Set(aws.variables) == ["SECRET", "SESSION"])
        #expect(!aws.command.contains("wJalr-secret") && !aws.command.contains("tok-session-1"))
    }

    @Test("a signed export with a body leaves out -H 'Expect:' (curl 7.88 signs that line and never sends it)")
    func sigV4ExportWithBody() {
        let request = PreparedRequest(
            method: .post, url: "http://h/api/items", body: .bytes(Data("{}".utf8), contentType: "application/json"))
        let signed = CurlCommandLine.render(
            request, basicAuth: ("K", "S"), authOptions: ["--aws-sigv4", "aws:amz:eu-west-1:execute-api"])
        #expect(signed.contains("--aws-sigv4") && !signed.contains("Expect:"), "\(signed)")
        // Any other body keeps it: apix sends no `Expect: 100-continue`, and neither does the exported command.
        #expect(CurlCommandLine.render(request, basicAuth: ("K", "S"), authOptions: ["--digest"]).contains("'Expect:'"))
    }

    @Test("the interceptor hands the credential to the transport and the session token to the headers")
    func interceptor() async throws {
        let builder = try Self.builder("aws")
        let auth = try #require(try builder.auth(for: nil))
        let sessions = AuthSessions(store: TokenStore(directory: "/nonexistent"))
        let interceptor = await sessions.interceptor(for: auth, key: builder.authSessionKey)
        let adapted = try await interceptor.adapt(PreparedRequest(url: "http://h/api/items"), attempt: 0)
        #expect(adapted.options.authentication == auth.transportCredential)
        #expect(adapted.headers["X-Amz-Security-Token"] == "tok-session-1")
        #expect(adapted.credentialNames.headers.contains("x-amz-security-token"))
        // An Authorization of the user's wins: libcurl is given nothing to replace it with.
        var written = PreparedRequest(url: "http://h/api/items")
        written.headers.set("Authorization", "AWS4-HMAC-SHA256 mine")
        #expect(try await interceptor.adapt(written, attempt: 0).options.authentication == nil)
        // The cache tells users apart by the credential libcurl is given.
        let other = TransportCredential(.digest, username: "bob", password: "x")
        var mine = PreparedRequest(url: "http://h/a")
        mine.options.authentication = TransportCredential(.digest, username: "ann", password: "x")
        var theirs = mine
        theirs.options.authentication = other
        #expect(CacheKey(mine, credentialHeaders: [], salt: "s") != CacheKey(theirs, credentialHeaders: [], salt: "s"))
    }

    @Test("SigV4's canonical query: items encoded with only unreserved characters bare, sorted by name then value")
    func canonicalQuery() {
        #expect(TransportCredential.canonicalQueryURL("http://h/p") == "http://h/p")
        #expect(TransportCredential.canonicalQueryURL("http://h/p?b=2&a=1") == "http://h/p?a=1&b=2")
        #expect(TransportCredential.canonicalQueryURL("http://h/p?x=a/b&x=a%20c&y") == "http://h/p?x=a%20c&x=a%2Fb&y=")
        #expect(TransportCredential.canonicalQueryURL("http://h/p?k=~v-._#frag") == "http://h/p?k=~v-._#frag")
    }
}
