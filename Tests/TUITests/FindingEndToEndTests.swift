import Foundation
import Testing

extension EndToEndTerminal {
    /// Finding endpoints and actions in the real binary (tmux at 120×40, issue 25): the fuzzy list filter, the
    /// command palette (`Ctrl-P`), searching help, and `keys.yaml` rebinding keys (or failing, located).
    @Suite(
        "TUI end to end: palette, help search, keys.yaml, fuzzy filter", .serialized,
        .enabled(if: TmuxSession.isAvailable))
    struct FindingEndToEndTests {
        /// A profile shaped like Stripe's import, in the session's home; returns its directory.
        private func writeProfile(_ session: TmuxSession) throws -> String {
            let profiles = session.home + "/profiles"
            try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
            try """
            name: Stripe
            environments: { live: { base_url: "https://api.stripe.example" } }
            endpoints:
              - { id: GetAccount, name: Retrieve account, folder: Accounts, path: /v1/account }
              - { id: GetRefunds, name: List all refunds, folder: Refunds, path: /v1/refunds }
              - id: PostRefundsRefundCancel
                name: Cancel a refund
                folder: Refunds
                method: POST
                path: /v1/refunds/{refund}/cancel
                params: { refund: re_1 }
              - { id: PostRefunds, name: Create a refund, folder: Refunds, method: POST, path: /v1/refunds }
              - id: PostPaymentMethodDomainsPaymentMethodDomainValidate
                name: Validate a payment method domain
                folder: PaymentMethodDomains
                description: Some payment methods such as Apple Pay require additional steps to verify a domain.
                method: POST
                path: /v1/payment_method_domains/{payment_method_domain}/validate
                params: { payment_method_domain: pmd_1 }
            """.write(toFile: profiles + "/stripe.yaml", atomically: true, encoding: .utf8)
            return profiles
        }

        /// Lines of the screen holding `text`, top to bottom.
        private func lines(_ screen: String, containing text: String) -> [Int] {
            screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { $0.element.contains(text) }.map(\.offset)
        }

        @Test("/ then `refunds post`: only the POSTs of refunds, /v1/refunds first and selected; `verify domain` too")
        func fuzzyFilter() async throws {
            let session = try TmuxSession()
            defer { session.close() }
            try session.run("\(TmuxSession.apix) --profiles \(try writeProfile(session))")
            try await session.waiting(for: "GetAccount")
            try session.send("/")
            try session.send("refunds post", literal: true)
            let screen = try await session.waiting("the ranked rows") { $0.contains("Endpoints (2)") }
            let best = lines(screen, containing: "POST   PostRefunds ")
            let next = lines(screen, containing: "POST   PostRefundsRefundCancel")
            #expect(best.count == 1 && next.count == 1 && best[0] < next[0], "\(screen)")
            #expect(!screen.contains("GetRefunds"))
            // The selected endpoint is the editor's: its path.
            try session.send("Enter", "Tab")
            try await session.waiting(for: "https://api.stripe.example/v1/refunds ")
            try session.send("Escape", "Escape", "/", "C-u")
            try session.send("POST /v1/refunds", literal: true)
            try await session.waiting(for: "Endpoints (2)")
            try session.send("C-u")
            try session.send("verify domain", literal: true)
            let verify = try await session.waiting(for: "/verify domain ")
            #expect(verify.contains("Endpoints (1)"))
            #expect(verify.contains("Request — Validate a payment method domain"))
            try session.send("q")  // types into the filter: nothing quits
            try session.send("Escape", "q")
        }

        @Test("Ctrl-P opens the palette; typing finds `fold every`, Enter runs it on the list")
        func palette() async throws {
            let session = try TmuxSession()
            defer { session.close() }
            try session.run("\(TmuxSession.apix) --profiles \(try writeProfile(session))")
            try await session.waiting(for: "GetAccount")
            try session.send("C-p")
            try await session.waiting(for: "Commands — Enter runs, Esc closes")
            try session.send("fold every", literal: true)
            let found = try await session.waiting(for: "> fold every")
            #expect(found.contains("fold every profile and folder"))
            try session.send("Enter")
            let folded = try await session.waiting("the list folded") {
                !$0.contains("GetAccount") && $0.contains("▸ Stripe")
            }
            #expect(!folded.contains("Commands — "))
            try session.send("q")
        }

        @Test("? lists keys; typing searches them as you type; Esc clears the search, Esc again closes")
        func helpSearch() async throws {
            let session = try TmuxSession()
            defer { session.close() }
            try session.run("\(TmuxSession.apix) --profiles \(try writeProfile(session))")
            try await session.waiting(for: "GetAccount")
            try session.send("?")
            try await session.waiting(for: "Endpoint list (focused)")
            try session.send("curl", literal: true)
            let found = try await session.waiting(for: "search: curl")
            #expect(found.contains("copy the request as a curl command line"))
            #expect(!found.contains("previous row"))
            try session.send("Escape")
            try await session.waiting(for: "previous row")
            try session.send("Escape")
            try await session.waiting("help closed") { !$0.contains("Keys — type to search") }
            try session.send("q")
        }

        @Test("keys.yaml rebinds: z folds, F2 opens help and ? no longer does; a bad file says where, defaults kept")
        func keysFile() async throws {
            let session = try TmuxSession()
            defer { session.close() }
            let profiles = try writeProfile(session)
            let config = session.home + "/config/apix"
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try "list:\n  collapse-all: z\nglobal:\n  show-help: F2\n".write(
                toFile: config + "/keys.yaml", atomically: true, encoding: .utf8)
            try session.run("\(TmuxSession.apix) --profiles \(profiles)")
            try await session.waiting(for: "GetAccount")
            try session.send("?")
            try session.send("z")
            try await session.waiting("z folded the list") { !$0.contains("GetAccount") && $0.contains("▸ Stripe") }
            try session.send("F2")
            let help = try await session.waiting(for: "Keys — type to search")
            #expect(help.contains("fold every profile and folder"))
            try session.send("Escape", "q")
            try await session.waiting(for: "$ ")

            try "list:\n  colapse-all: z\n".write(toFile: config + "/keys.yaml", atomically: true, encoding: .utf8)
            try session.run("clear; \(TmuxSession.apix) --profiles \(profiles)")
            let broken = try await session.waiting(for: "keys.yaml: default keys in use (p lists why): 2:3: unknown")
            #expect(broken.contains("⚠ 1 problem (p)"))
            try session.send("-")  // the default key works
            try await session.waiting("- folded the list") { !$0.contains("GetAccount") && $0.contains("▸ Stripe") }
            try session.send("p")
            try await session.waiting(for: "did you mean `collapse-all`?")
            try session.send("Escape", "q")
        }
    }
}
