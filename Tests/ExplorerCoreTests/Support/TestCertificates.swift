import Foundation
import TestSupport

/// A private CA with a server certificate for 127.0.0.1 and two client certificates it signed, made with
/// `openssl` at test time: `client` (its key encrypted with `keyPassword`) and `stranger` (a key of its own, to
/// pair wrongly).
struct TestCertificates {
    let directory: TemporaryDirectory
    var caCertificate: String { directory.file("ca.pem") }
    var serverCertificate: String { directory.file("server.pem") }
    var serverKey: String { directory.file("server.key") }
    var clientCertificate: String { directory.file("client.pem") }
    /// The client key, encrypted with `keyPassword`.
    var clientKey: String { directory.file("client.key") }
    /// A key that is not the client certificate's.
    var strangerKey: String { directory.file("stranger.key") }
    let keyPassword = "s3cret-pass"

    init() throws {
        directory = try TemporaryDirectory()
        let path = directory.path
        func openssl(_ arguments: String) throws {
            try TLSServer.runToEnd("/bin/sh", ["-c", "cd '\(path)' && openssl " + arguments])
        }
        let ec = "-newkey ec -pkeyopt ec_paramgen_curve:prime256v1"
        try openssl("req -x509 \(ec) -nodes -keyout ca.key -out ca.pem -days 1 -subj /CN=apix-test-ca")
        try openssl("req \(ec) -nodes -keyout server.key -out server.csr -subj /CN=127.0.0.1")
        try directory.write("server.ext", "subjectAltName=IP:127.0.0.1,DNS:localhost\n")
        try openssl(
            "x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 1 "
                + "-extfile server.ext")
        try openssl("req \(ec) -keyout client.key -passout pass:\(keyPassword) -out client.csr -subj /CN=apix-client")
        try directory.write("client.ext", "extendedKeyUsage=clientAuth\n")
        try openssl(
            "x509 -req -in client.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out client.pem -days 1 "
                + "-extfile client.ext")
        try openssl("genpkey -algorithm ec -pkeyopt ec_paramgen_curve:prime256v1 -out stranger.key")
    }
}
