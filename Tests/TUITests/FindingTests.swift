import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// Finding endpoints in a big profile (issue 25): the list filter as a fuzzy, ranked query; the method filter;
/// folding everything at once.
@Suite("Finding endpoints")
struct FindingTests {
    /// Endpoints shaped like Stripe's import: ids from the operation, folders per resource, prose descriptions.
    static func paymentsState(width: Int = 120, height: Int = 40) -> AppState {
        func endpoint(
            _ id: String, _ method: HTTPMethod, _ path: String, _ name: String, folder: String,
            description: String? = nil
        ) -> Endpoint {
            Endpoint(
                id: id, name: name, folder: folder, description: description, method: method,
                path: Template(path))
        }
        let profile = Profile(
            id: "stripe", name: "Stripe", file: "/tmp/stripe.yaml", defaultEnvironment: "live",
            environments: [ProfileEnvironment(name: "live", baseURL: "https://api.stripe.com")],
            endpoints: [
                endpoint("GetAccount", .get, "/v1/account", "Retrieve account", folder: "Accounts"),
                endpoint(
                    "PostAccountsAccountReject", .post, "/v1/accounts/{account}/reject", "Reject an account",
                    folder: "Accounts", description: "Post the rejection."),
                endpoint("GetRefunds", .get, "/v1/refunds", "List all refunds", folder: "Refunds"),
                endpoint(
                    "PostRefundsRefundCancel", .post, "/v1/refunds/{refund}/cancel", "Cancel a refund",
                    folder: "Refunds"),
                endpoint("GetRefundsRefund", .get, "/v1/refunds/{refund}", "Retrieve a refund", folder: "Refunds"),
                endpoint("PostRefunds", .post, "/v1/refunds", "Create customer balance refund", folder: "Refunds"),
                endpoint(
                    "PostPaymentMethodDomainsPaymentMethodDomainValidate", .post,
                    "/v1/payment_method_domains/{payment_method_domain}/validate", "Validate a payment method domain",
                    folder: "PaymentMethodDomains",
                    description: "Some payment methods such as Apple Pay require additional steps to verify a domain."),
                endpoint(
                    "GetPaymentMethodDomains", .get, "/v1/payment_method_domains", "List payment method domains",
                    folder: "PaymentMethodDomains"),
                endpoint(
                    "PostCustomersCustomerSourcesIdVerify", .post, "/v1/customers/{customer}/sources/{id}/verify",
                    "Verify a bank account", folder: "Customers"),
                endpoint(
                    "GetCustomersCustomerBalanceTransactions", .get,
                    "/v1/customers/{customer}/balance_transactions", "List customer balance transactions",
                    folder: "Customers"),
                endpoint(
                    "DeleteCustomersCustomer", .delete, "/v1/customers/{customer}", "Delete a customer",
                    folder: "Customers"),
            ])
        return AppState(
            catalog: ProfileCatalog(profiles: [profile]), profileDirectory: "/tmp", processEnvironment: [:],
            width: width, height: height, now: Fixtures.start)
    }

    /// The endpoint ids listed, in order.
    static func listed(_ state: AppState) -> [String] {
        state.rows.compactMap { row in
            if case .endpoint(let p, let index) = row { return state.profiles[p].endpoints[index].id }
            return nil
        }
    }

    static func find(_ query: String, in state: inout AppState) {
        _ = state.press(.escape)  // a filter left from before goes
        _ = state.press(.character("/"))
        state.type(query)
    }

    @Test(
        "the issue's queries each select theirs: words in any order, each matching somewhere",
        arguments: [
            ("refunds post", "PostRefunds"),
            ("POST /v1/refunds", "PostRefunds"),
            ("post refunds", "PostRefunds"),
            ("verify domain", "PostPaymentMethodDomainsPaymentMethodDomainValidate"),
            ("pmd get", "GetPaymentMethodDomains"),
            ("balance get", "GetCustomersCustomerBalanceTransactions"),
            ("refund cancel", "PostRefundsRefundCancel"),
        ])
    func queriesFindTheirs(query: String, expected: String) {
        var state = Self.paymentsState()
        Self.find(query, in: &state)
        #expect(state.selectedEndpoint?.id == expected, "\(query) → \(Self.listed(state))")
        #expect(Self.listed(state).first == expected)
    }

    @Test("every token must match somewhere; a method word matches only the method, not a scattered p-o-s-t")
    func everyTokenMustMatch() {
        var state = Self.paymentsState()
        Self.find("refunds post", in: &state)
        // GETs of refunds match `refunds` but not `post` (no POST method, no `post` in them).
        #expect(Set(Self.listed(state)) == ["PostRefunds", "PostRefundsRefundCancel"])
        Self.find("refunds zebra", in: &state)
        #expect(Self.listed(state).isEmpty)
        #expect(Screen.render(state, theme: .monochrome).text.contains("no endpoint matches"))
        // A description counts: `post` in "Post the rejection." lists that endpoint, below nothing better.
        Self.find("reject post", in: &state)
        #expect(Self.listed(state) == ["PostAccountsAccountReject"])
    }

    @Test("ranked: the closest path first, folders ordered by their best match, the tree kept")
    func ranking() {
        var state = Self.paymentsState()
        Self.find("POST /v1/refunds", in: &state)
        #expect(Self.listed(state) == ["PostRefunds", "PostRefundsRefundCancel"])
        Self.find("refunds", in: &state)
        let listed = Self.listed(state)
        #expect(listed.first == "GetRefunds")  // `/v1/refunds` whole, first in the file of the equals
        #expect(listed.prefix(4).allSatisfy { $0.contains("Refund") })
        // The folder's row leads its endpoints.
        let frame = Screen.render(state, theme: .monochrome).lines
        let folder = frame.firstIndex { $0.contains("▾ Refunds") }
        let first = frame.firstIndex { $0.contains("GET    GetRefunds ") }
        #expect(folder != nil && first != nil && folder! < first!)
        #expect(frame.contains { $0.contains("Endpoints (4)") }, "\(frame.joined(separator: "\n"))")
    }

    @Test("the selection follows the best match as you type, and stays put when Esc clears the query")
    func selectionFollowsBest() {
        var state = Self.paymentsState()
        state.select("DeleteCustomersCustomer")
        _ = state.press(.character("/"))
        state.type("ref")
        #expect(state.selectedEndpoint?.id == "GetRefunds")
        state.type("unds post")
        #expect(state.selectedEndpoint?.id == "PostRefunds")
        _ = state.press(.enter)  // keeps the filter, gives the keys back to the list
        #expect(state.selectedEndpoint?.id == "PostRefunds")
        _ = state.press(.escape)
        #expect(state.filter.text.isEmpty)
        #expect(state.selectedEndpoint?.id == "PostRefunds")
    }

    @Test("M lists one method's endpoints, the next method on each press, then all; the filter line says which")
    func methodFilter() {
        var state = Self.paymentsState()
        _ = state.press(.character("M"))
        #expect(state.methodFilter == "GET")
        #expect(Self.listed(state).allSatisfy { $0.hasPrefix("Get") })
        #expect(Screen.render(state, theme: .monochrome).lines.contains { $0.contains("│/GET ") })
        _ = state.press(.character("M"))
        #expect(state.methodFilter == "POST")
        // With a query too: both narrow.
        _ = state.press(.character("/"))
        state.type("refunds")
        #expect(Self.listed(state) == ["PostRefunds", "PostRefundsRefundCancel"])
        _ = state.press(.enter)
        _ = state.press(.character("M"), .character("M"))
        #expect(state.methodFilter == nil)
        #expect(Self.listed(state).count == 4)  // the query alone
        _ = state.press(.character("M"))
        _ = state.press(.escape)  // Esc in the list clears both
        #expect(state.methodFilter == nil && state.filter.text.isEmpty)
        #expect(Self.listed(state).count == 11)
    }

    @Test("- folds every profile and folder, + unfolds them all")
    func foldEverything() {
        var state = Self.paymentsState()
        state.select("GetRefunds")
        _ = state.press(.character("-"))
        #expect(state.rows == [.profile(0)])
        #expect(state.selectedListRow == .profile(0))
        _ = state.press(.character("+"))
        #expect(Self.listed(state).count == 11)
        _ = state.press(.character("l"))  // the profile's row: unfolded already, folders too
        #expect(state.rows.count == 1 + 4 + 11)
    }

    @Test("a token is matched as a substring or an abbreviation of word starts, never as scattered letters")
    func fuzzyFields() {
        #expect(FuzzyQuery("pmd").score([FuzzyField("/v1/payment_method_domains")]) != nil)
        #expect(FuzzyQuery("custbal").score([FuzzyField("GetCustomersCustomerBalanceTransactions")]) != nil)
        #expect(FuzzyQuery("post").score([FuzzyField("/v1/payment_methods/{id}/attach")]) == nil)
        #expect(FuzzyQuery("post").score([FuzzyField("GET", exactOnly: true)]) == nil)
        #expect(FuzzyQuery("POST").score([FuzzyField("POST", exactOnly: true)]) == 100)
        let whole = FuzzyQuery("/v1/refunds").score([FuzzyField("/v1/refunds")]) ?? 0
        let longer = FuzzyQuery("/v1/refunds").score([FuzzyField("/v1/refunds/{refund}")]) ?? 0
        #expect(whole > longer && longer > 0)
        #expect(FuzzyQuery("  ").isEmpty)
    }
}
