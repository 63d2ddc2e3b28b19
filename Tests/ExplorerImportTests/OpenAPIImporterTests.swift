import Foundation
import Testing

@testable import ExplorerCore
@testable import ExplorerImport

@Suite("OpenAPI import")
struct OpenAPIImporterTests {
    static func fixture(_ name: String) throws -> String {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        return try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    static func fields(_ endpoint: Endpoint?) -> [String: ProfileEmitter.Value] {
        guard let endpoint else { return [:] }
        return Dictionary(uniqueKeysWithValues: ProfileEmitter.endpointFields(endpoint).map { ($0.key, $0.value) })
    }

    /// Writes the import like `apix import openapi` does and loads it back.
    static func roundTrip(_ imported: OpenAPIImport) throws -> Profile {
        let directory = NSTemporaryDirectory() + "apix-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/\(imported.profile.id).yaml"
        try imported.yaml(source: "a test").write(toFile: file, atomically: true, encoding: .utf8)
        if let secrets = imported.secretsYAML {
            try secrets.write(
                toFile: directory + "/\(imported.profile.id).secrets.yaml", atomically: true, encoding: .utf8)
        }
        // The schemas `responses:` and `request_schema:` name, as `apix import` writes them beside the profile.
        if !imported.sideSchemas.isEmpty {
            try JSONValue.object(imported.sideSchemas).serialized(pretty: true).write(
                toFile: directory + "/\(imported.profile.id).schemas.json", atomically: true, encoding: .utf8)
        }
        return try ProfileLoader.load(file: file).get()
    }

    @Test("a 3.0 YAML document (Petstore shape): tags become folders, examples and defaults fill params and query")
    func petstore() throws {
        let imported = try OpenAPIImporter.makeProfile(
            text: Self.fixture("petstore-3.0.yaml"), id: nil, file: "/p/x.yaml")
        let profile = imported.profile
        #expect(profile.id == "swagger-petstore-openapi-3-0")
        #expect(profile.name == "Swagger Petstore - OpenAPI 3.0")
        #expect(profile.description == "This is a sample Pet Store Server based on the OpenAPI 3.0 specification.")
        #expect(profile.environments.map(\.baseURL.raw) == ["{{origin}}/api/v3"])
        #expect(profile.environments.first?.variables["origin"]?.raw == "http://localhost")
        #expect(
            profile.endpoints.map(\.id) == [
                "addPet", "updatePet", "findPetsByStatus", "findPetsByTags", "getPetById", "updatePetWithForm",
                "deletePet",
                "uploadFile", "getInventory", "placeOrder", "loginUser",
            ])
        #expect(Set(profile.endpoints.compactMap(\.folder)) == ["pet", "store", "user"])

        let byStatus = try #require(profile.endpoint("findPetsByStatus"))
        #expect(byStatus.name == "Finds Pets by status")
        #expect(byStatus.query.map { "\($0.name)=\($0.values?.map(\.raw) ?? [])" } == ["status=[\"available\"]"])
        #expect(profile.endpoint("findPetsByTags")?.query.first?.values?.map(\.raw) == ["dog", "cat"])
        #expect(profile.endpoint("getPetById")?.params.first?.value?.raw == "10")
        #expect(profile.endpoint("updatePetWithForm")?.params.first?.values == nil)
        #expect(
            profile.endpoint("uploadFile")?.body == .file("@./uploadFile.body", contentType: "application/octet-stream")
        )

        let order = try #require(profile.endpoint("placeOrder"))
        #expect(order.method == .post)
        #expect(
            order.body
                == .json(
                    .object([
                        .init(key: "petId", value: .number("198772")), .init(key: "quantity", value: .number("7")),
                        .init(key: "shipDate", value: .string("2024-01-01T00:00:00Z")),
                        .init(key: "status", value: .string("approved")), .init(key: "complete", value: .bool(false)),
                    ])))
        guard case .json(.object(let pet)) = profile.endpoint("updatePet")?.body else {
            Issue.record("expected a JSON body")
            return
        }
        #expect(pet.map(\.key) == ["id", "name", "category", "photoUrls", "tags", "status"])

        // The scheme the most operations accept (petstore_auth, an implicit OAuth2 flow) maps to the authorization
        // code grant with PKCE, its token URL to fill in; operations that do not accept it opt out.
        #expect(
            ProfileEmitter.flowText(try #require(imported.auth))
                == "{ type: oauth2, grant: authorization_code, token_url: \"{{token_url}}\", client_id: \"{{client_id}}\", "
                + "scope: write:pets read:pets, authorization_url: https://petstore3.swagger.io/oauth/authorize }")
        #expect(imported.secretVariables == ["client_id"])
        #expect(imported.profile.variables["token_url"]?.raw == "")
        #expect(
            profile.endpoints.filter { !$0.authDisabled }.map(\.id) == [
                "addPet", "updatePet", "findPetsByStatus", "getPetById",
            ])
        #expect(imported.notes.contains { $0.contains("petstore_auth") })
        #expect(imported.notes.contains { $0.contains("`api_key` is not the profile's auth") })

        let loaded = try Self.roundTrip(imported)
        #expect(loaded.endpoints.map(Self.fields) == profile.endpoints.map(Self.fields))
        #expect(loaded.environments.map(\.baseURL.raw) == ["{{origin}}/api/v3"])
    }

    @Test("a 3.1 JSON document (Train Travel shape): servers with variables, bearer auth, examples, oneOf, multipart")
    func trains() throws {
        let imported = try OpenAPIImporter.makeProfile(
            text: Self.fixture("trains-3.1.json"), id: "trains", file: "/p/t.yaml")
        let profile = imported.profile
        #expect(profile.id == "trains")
        #expect(profile.environments.map(\.name) == ["production", "mock-server"])
        #expect(
            profile.environments.map(\.baseURL.raw) == [
                "https://{{region}}.api.example.com/v1", "https://try.example.com/v1",
            ])
        #expect(profile.environments.first?.variables["region"]?.raw == "eu")
        #expect(profile.defaultEnvironment == "production")
        #expect(
            imported.auth == .mapping([.init("type", .scalar("bearer")), .init("token", .scalar("\"{{token}}\""))]))
        #expect(profile.endpoints.filter(\.authDisabled).map(\.id) == ["get-stations"])

        let stations = try #require(profile.endpoint("get-stations"))
        #expect(stations.folder == "Stations")
        #expect(stations.query.map(\.name) == ["page", "coordinates", "search"])
        #expect(stations.query.map { $0.values?.first?.raw } == ["1", "52.5200,13.4050", nil])
        #expect(
            profile.endpoint("get-trips")?.query.map { $0.values?.first?.raw } == [
                "efdbb9d1-02c2-4bc3-afb7-6788d8782b1e", "2024-02-01T09:00:00Z", "false",
            ])
        let booking = try #require(profile.endpoint("get-booking"))
        #expect(booking.path.raw == "/bookings/{bookingId}")
        #expect(booking.params.first?.value?.raw == "1725ff48-ab45-4bb5-9d02-88745177dedb")
        #expect(profile.endpoint("create-booking")?.description == "A booking is a temporary hold on a trip.")
        guard case .json(.object(let created)) = profile.endpoint("create-booking")?.body,
            case .json(.object(let payment)) = profile.endpoint("create-booking-payment")?.body
        else {
            Issue.record("expected JSON bodies")
            return
        }
        #expect(created.map(\.key) == ["has_bicycle", "has_dog", "passenger_name", "trip_id"])
        #expect(payment.map(\.key) == ["amount", "currency", "source"])
        #expect(payment.first?.value == .number("49.99"))
        #expect(
            profile.endpoint("upload-ticket-scan")?.body
                == .multipart([
                    Parameter("booking", "1725ff48"), Parameter("scan", "@./scan"),
                ]))

        let loaded = try Self.roundTrip(imported)
        #expect(loaded.endpoints.map(Self.fields) == profile.endpoints.map(Self.fields))
        #expect(loaded.environments.map(\.name) == ["production", "mock-server"])
    }

    @Test("documents that are not OpenAPI 3 are refused with a reason")
    func refusesOthers() {
        #expect(throws: InteropError(.invalid("not an OpenAPI 3 document: no `openapi` version"))) {
            try OpenAPIImporter.makeProfile(text: "title: x\n", id: nil, file: "/p/x.yaml")
        }
        // Swagger 2.0 is imported; one without its required parts is refused by name.
        #expect(throws: InteropError(.invalid("not a valid Swagger 2.0 document: no `info`"))) {
            try OpenAPIImporter.makeProfile(text: "swagger: '2.0'\n", id: nil, file: "/p/x.yaml")
        }
        #expect(throws: InteropError.self) {
            try OpenAPIImporter.makeProfile(text: "openapi: 3.0.0\ninfo: 3\n", id: nil, file: "/p/x.yaml")
        }
    }

    static let schemes: [(scheme: String, auth: String, secrets: [String])] = [
        (
            "{ type: http, scheme: basic }",
            "{ type: basic, username: \"{{username}}\", password: \"{{password}}\" }", ["username", "password"]
        ),
        (
            "{ type: apiKey, name: key, in: query }",
            "{ type: api_key, name: key, value: \"{{api_key}}\", in: query }", ["api_key"]
        ),
        (
            "{ type: oauth2, flows: { password: { tokenUrl: 'https://a.example/token', scopes: { read: r } } } }",
            "{ type: oauth2, grant: password, token_url: https://a.example/token, client_id: \"{{client_id}}\", "
                + "client_secret: \"{{client_secret}}\", username: \"{{username}}\", password: \"{{password}}\", "
                + "scope: read }",
            ["client_id", "client_secret", "username", "password"]
        ),
        (
            "{ type: oauth2, flows: { clientCredentials: { tokenUrl: /token, scopes: {} } } }",
            "{ type: oauth2, grant: client_credentials, token_url: /token, client_id: \"{{client_id}}\", "
                + "client_secret: \"{{client_secret}}\", scope: read }",
            ["client_id", "client_secret"]
        ),
        (
            "{ type: oauth2, flows: { authorizationCode: { authorizationUrl: 'https://a.example/authorize', "
                + "tokenUrl: 'https://a.example/token', scopes: { read: r } } } }",
            "{ type: oauth2, grant: authorization_code, token_url: https://a.example/token, "
                + "client_id: \"{{client_id}}\", scope: read, authorization_url: https://a.example/authorize }",
            ["client_id"]
        ),
        (
            "{ type: oauth2, flows: { deviceAuthorization: { deviceAuthorizationUrl: 'https://a.example/device', "
                + "tokenUrl: 'https://a.example/token', scopes: { read: r } } } }",
            "{ type: oauth2, grant: device_code, token_url: https://a.example/token, client_id: \"{{client_id}}\", "
                + "scope: read, device_authorization_url: https://a.example/device }",
            ["client_id"]
        ),
        (
            "{ type: oauth2, flows: { implicit: { authorizationUrl: /authorize, scopes: { read: r } } } }",
            "{ type: oauth2, grant: authorization_code, token_url: \"{{token_url}}\", client_id: \"{{client_id}}\", "
                + "scope: read, authorization_url: /authorize }",
            ["client_id"]
        ),
    ]

    @Test(
        "security schemes map to the auth kinds, written so the loader reads the same auth back",
        arguments: 0..<7)
    func securitySchemes(_ index: Int) throws {
        let (scheme, auth, secrets) = Self.schemes[index]
        let spec = """
            openapi: 3.1.0
            info: { title: Auth, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            security: [{ main: [read] }]
            paths:
              /things: { get: { operationId: things, responses: { "200": { description: ok } } } }
            components:
              securitySchemes:
                main: \(scheme)
            """
        let imported = try OpenAPIImporter.makeProfile(text: spec, id: "auth", file: "/p/auth.yaml")
        let value = try #require(imported.auth)
        #expect(ProfileEmitter.flowText(value) == auth)
        #expect(imported.secretVariables == secrets)
        let loaded = try Self.roundTrip(imported)
        // What the loader read, written again, is what the importer wrote: every key name is one the loader knows.
        #expect(loaded.auth.map { ProfileEmitter.flowText(ProfileEmitter.auth($0)) } == auth)
        #expect(loaded.endpoint("things")?.authDisabled == false)
    }

    @Test("Swagger 2.0's accessCode flow becomes the authorization code grant")
    func swaggerAccessCode() throws {
        let spec = """
            swagger: "2.0"
            info: { title: Auth, version: "1" }
            host: api.example.com
            securityDefinitions:
              code: { type: oauth2, flow: accessCode, authorizationUrl: "https://id.example/authorize", tokenUrl: "https://id.example/token", scopes: { read: r } }
            security: [{ code: [read] }]
            paths:
              /things: { get: { operationId: things, responses: { "200": { description: ok } } } }
            """
        let imported = try OpenAPIImporter.makeProfile(text: spec, id: "auth", file: "/p/auth.yaml")
        guard case .oauth2(let settings)? = try Self.roundTrip(imported).auth else {
            Issue.record("expected an oauth2 auth, got \(String(describing: imported.auth))")
            return
        }
        #expect(settings.grant == .authorizationCode)
        #expect(settings.authorizationURL?.raw == "https://id.example/authorize")
        #expect(settings.tokenURL?.raw == "https://id.example/token")
        #expect(settings.scope?.raw == "read")
    }

    static let openIDConnect = """
        openapi: 3.1.0
        info: { title: Auth, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        security: [{ oidc: [profile] }]
        paths:
          /things: { get: { operationId: things, responses: { "200": { description: ok } } } }
        components:
          securitySchemes:
            oidc: { type: openIdConnect, openIdConnectUrl: "https://id.example/realms/x/.well-known/openid-configuration" }
        """

    @Test("OpenID Connect becomes the authorization code grant with issuer: (the URL without its well-known path)")
    func openIDConnectIssuer() throws {
        let imported = try OpenAPIImporter.makeProfile(text: Self.openIDConnect, id: "auth", file: "/p/auth.yaml")
        #expect(
            imported.auth.map(ProfileEmitter.flowText)
                == "{ type: oauth2, grant: authorization_code, issuer: https://id.example/realms/x, "
                + "client_id: \"{{client_id}}\", scope: openid profile }")
        #expect(imported.secretVariables == ["client_id"])
        guard case .oauth2(let settings)? = try Self.roundTrip(imported).auth else {
            Issue.record("expected an oauth2 auth")
            return
        }
        #expect(settings.grant == .authorizationCode)
    }
}
