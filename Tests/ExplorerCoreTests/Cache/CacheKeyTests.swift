import Foundation
import Testing

@testable import ExplorerCore

@Suite("Cache keys and digests")
struct CacheKeyTests {
    static let vectors: [(String, String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            String(repeating: "a", count: 1000),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"
        ),
    ]

    @Test("SHA-256 matches the standard test vectors", arguments: vectors)
    func sha256(input: String, digest: String) {
        #expect(SHA256.hex(input) == digest)
    }

    @Test("the identity separates tokens, ignores other headers, and never contains the token")
    func identity() {
        let names = CacheOptions.defaultCredentialHeaders
        let alice = CacheKey.identity(of: ["Authorization": "Bearer alice-token"], credentialHeaders: names, salt: "s")
        let bob = CacheKey.identity(of: ["Authorization": "Bearer bob-token"], credentialHeaders: names, salt: "s")
        let aliceAgain = CacheKey.identity(
            of: ["authorization": "Bearer alice-token", "Accept": "text/plain"], credentialHeaders: names, salt: "s")
        #expect(alice != bob)
        #expect(alice == aliceAgain)
        // A salted SHA-256: nothing that could be matched against a digest of the token computed elsewhere.
        #expect(alice.count == 64 && alice.allSatisfy(\.isHexDigit))
        #expect(alice != SHA256.hex("Bearer alice-token") && alice != SHA256.hex("authorization:Bearer alice-token"))
        #expect(CacheKey.identity(of: ["Accept": "x"], credentialHeaders: names, salt: "s") == "")
        #expect(CacheKey.identity(of: ["X-API-Key": "k1"], credentialHeaders: names, salt: "s") != "")
        let otherSalt = CacheKey.identity(
            of: ["Authorization": "Bearer alice-token"], credentialHeaders: names, salt: "t")
        #expect(alice != otherSalt, "salted per cache file")
    }

    @Test("a credential query item is masked in the key's URL and counted in its identity")
    func queryCredential() {
        var request = CacheFixtures.request("http://h/a?api_key=s%3Dcret&b=1#top")
        request.credentialNames = CredentialNames(queryItems: ["api_key"])
        let key = CacheKey(request, credentialHeaders: [], salt: "s")
        #expect(key.url == "http://h/a?api_key=\(CacheKey.maskedQueryValue)&b=1")
        #expect(!key.url.contains("cret"))
        request.url = "http://h/a?api_key=other&b=1"
        let other = CacheKey(request, credentialHeaders: [], salt: "s")
        #expect(other.url == key.url)
        #expect(other.identity != key.identity && !key.identity.isEmpty)
    }

    @Test("the key ignores a fragment")
    func fragment() {
        let key = CacheKey(CacheFixtures.request("http://h/a?b=1#top"), credentialHeaders: [], salt: "")
        #expect(key.url == "http://h/a?b=1")
    }
}
