import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import TUI

/// The environment view (`E`, `v` in the environment picker): every variable of the profile and environment with
/// where its value comes from, secrets masked until revealed (per value, gone when the view closes); edits apply
/// to sends at once, count as unsaved, and `s` saves them through the core (`CoreProfileSaver` → `VariableWriter`).
@Suite("Environment view")
struct VariablesViewTests {
    static let profile = """
        variables:
          user: alice      # who we are
        environments:
          local:
            base_url: http://127.0.0.1:9
            variables: { region: eu }
          staging:
            base_url: https://staging.example
        endpoints:
          - id: me
            path: /me
            headers: { Authorization: "Bearer {{token}}", X-User: "{{user}}" }

        """
    static let secrets = "variables:\n  token: tok-secret-9\n"

    static func state(_ directory: TemporaryDirectory) throws -> AppState {
        try directory.write("shop.yaml", Self.profile)
        let secrets = try directory.write("shop.secrets.yaml", Self.secrets)
        chmod(secrets, 0o600)
        var state = AppState(
            catalog: ProfileLoader.load(directory: directory.path), profileDirectory: directory.path,
            variables: ["port": "8080"], processEnvironment: [:], width: 120, height: 40, now: Fixtures.start)
        state.select("me")
        return state
    }

    static func screen(_ state: AppState) -> String { Screen.render(state, theme: .monochrome).text }

    @Test("E lists each variable, where it comes from and what it overrides; a secret is masked until r")
    func listsAndReveals() throws {
        let directory = try TemporaryDirectory()
        var state = try Self.state(directory)
        _ = state.press(.character("E"))
        guard case .variables? = state.overlay else {
            Issue.record("E did not open the environment view")
            return
        }
        var text = Self.screen(state)
        #expect(text.contains("Environment · shop · local"))
        #expect(text.contains("secrets: shop.secrets.yaml (f)"))
        #expect(text.contains("region") && text.contains("environment local"))
        #expect(text.contains("port") && text.contains("--var"))
        #expect(text.contains("secrets file"))
        #expect(text.contains("••••") && !text.contains("tok-secret-9"))
        // Rows by name: port, region, token, user. r on a plain value does nothing; on the token it reveals.
        _ = state.press(.character("r"))
        #expect(!Self.screen(state).contains("tok-secret-9"))
        _ = state.press(.character("j"), .character("j"), .character("r"))
        text = Self.screen(state)
        #expect(text.contains("tok-secret-9"))
        _ = state.press(.enter)
        #expect(!Self.screen(state).contains("tok-secret-9"))
        // Closing masks it again for next time.
        _ = state.press(.character("r"), .escape, .character("E"))
        #expect(!Self.screen(state).contains("tok-secret-9"))
    }

    @Test("the columns fit the width given, the last one whole, also when nothing overrides anything")
    func columnsFit() throws {
        let directory = try TemporaryDirectory()
        let profile = try #require(try Self.state(directory).selectedProfile)
        let rows = profile.variableLayers.rows(environment: "local", session: [:], secretNames: [])
        #expect(rows.contains { $0.overrides.isEmpty })
        for sample in [rows, rows.filter { $0.overrides.isEmpty }] {
            let width = 110
            let columns = VariablesView.columns(sample, width: width)
            #expect(columns.reduce(0, +) + 2 * (columns.count - 1) <= width, "\(columns)")
            #expect(columns[3] >= "overrides".count)
        }
    }

    @Test("v in the environment picker uses the highlighted environment and opens its variables")
    func fromPicker() throws {
        let directory = try TemporaryDirectory()
        var state = try Self.state(directory)
        _ = state.press(.character("e"), .character("j"), .character("v"))
        guard case .variables? = state.overlay else {
            Issue.record("v in the picker did not open the environment view")
            return
        }
        #expect(Self.screen(state).contains("Environment · shop · staging"))
        #expect(!Self.screen(state).contains("region"))
    }

    @Test("editing a value changes sends at once, counts as unsaved, and s saves it in place")
    func editAndSave() async throws {
        let directory = try TemporaryDirectory()
        var state = try Self.state(directory)
        _ = state.press(.character("E"), .character("j"), .character("j"), .character("j"), .character("e"))
        // A plain value is typed in view.
        _ = state.press(.control("u"))
        state.type("bob")
        #expect(Self.screen(state).contains("{{user}} in profile: bob"))
        _ = state.press(.enter)
        #expect(state.unsavedVariableNames == ["shop {{user}}"])
        #expect(Self.screen(state).contains("✎ 1 unsaved"))
        let key = EndpointKey(profile: "shop", endpoint: "me")
        let request = try state.prepare(key).get()
        #expect(request.request.headers["X-User"] == "bob")
        // Edit the secret too: typed unseen, saved in the secrets file.
        _ = state.press(.character("k"), .character("e"), .control("u"))
        state.type("new-token")
        #expect(!Self.screen(state).contains("new-token"))
        _ = state.press(.enter)
        #expect(!Self.screen(state).contains("new-token"))
        let effects = state.press(.character("s"))
        guard case .saveProfile(let profile)? = effects.first else {
            Issue.record("s did not save, got \(effects.names)")
            return
        }
        let saved = try await CoreProfileSaver().save(profile).profile
        _ = state.update(.profileSaved(profile: "shop", saved: saved, error: nil))
        #expect(state.unsavedVariableNames.isEmpty)
        let text = try String(contentsOfFile: directory.path + "/shop.yaml", encoding: .utf8)
        #expect(text == Self.profile.replacingOccurrences(of: "user: alice", with: "user: bob"))
        let secrets = directory.path + "/shop.secrets.yaml"
        #expect(try String(contentsOfFile: secrets, encoding: .utf8) == "variables:\n  token: new-token\n")
        let mode = try FileManager.default.attributesOfItem(atPath: secrets)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // No message ever held a value.
        let message = state.message?.text ?? ""
        #expect(message == "saved profile shop")
    }

    @Test("q with unsaved variable edits asks first and names them; s in the question saves them")
    func quitAsks() throws {
        let directory = try TemporaryDirectory()
        var state = try Self.state(directory)
        _ = state.press(.character("E"), .character("j"), .character("j"), .character("j"), .character("e"))
        state.type("x")
        _ = state.press(.enter, .escape)
        #expect(state.press(.character("q")).names == [])
        guard case .quitQuestion(let question)? = state.overlay else {
            Issue.record("q quit with unsaved variables")
            return
        }
        #expect(question.unsavedEndpoints == ["shop {{user}}"])
        #expect(state.press(.character("s")).names == ["saveProfile"])
    }

    @Test("S moves a value to the secrets file (masked from then on) and back; s saves both files")
    func moveToSecrets() async throws {
        let directory = try TemporaryDirectory()
        var state = try Self.state(directory)
        // Rows: port, region, token, user; region is the environment's, in the profile file.
        _ = state.press(.character("E"), .character("j"), .character("S"))
        #expect(state.message?.text == "{{region}} moved to secrets file · local, secret (s saves)")
        var region = try #require(state.variableRows.first { $0.name == "region" })
        #expect(region.source == "secrets file · local" && region.isSecret)
        #expect(!Self.screen(state).contains(" eu "))
        guard case .saveProfile(let profile)? = state.press(.character("s")).first else {
            Issue.record("s did not save")
            return
        }
        let saved = try await CoreProfileSaver().save(profile).profile
        _ = state.update(.profileSaved(profile: "shop", saved: saved, error: nil))
        let text = try String(contentsOfFile: directory.path + "/shop.yaml", encoding: .utf8)
        #expect(text == Self.profile.replacingOccurrences(of: "variables: { region: eu }", with: "variables: {}"))
        let secrets = try String(contentsOfFile: directory.path + "/shop.secrets.yaml", encoding: .utf8)
        #expect(secrets == Self.secrets + "environments:\n  local:\n    variables:\n      region: eu\n")
        // And back: plain again, in the profile file.
        _ = state.press(.character("S"))
        region = try #require(state.variableRows.first { $0.name == "region" })
        #expect(region.source == "environment local" && !region.isSecret)
    }

    @Test("+ adds where t says (the secrets file, this environment); d deletes what wins, the next one then wins")
    func addAndDelete() throws {
        let directory = try TemporaryDirectory()
        var state = try Self.state(directory)
        _ = state.press(.character("E"), .character("t"))
        #expect(state.message?.text == "added variables go to secrets file · local")
        _ = state.press(.character("+"))
        state.type("user")
        _ = state.press(.enter)
        state.type("carol")
        #expect(!Self.screen(state).contains("carol"))
        _ = state.press(.enter)
        var rows = state.variableRows
        let user = try #require(rows.first { $0.name == "user" })
        #expect(user.value == "carol" && user.source == "secrets file · local" && user.isSecret)
        #expect(user.overrides == "over profile")
        let index = try #require(rows.firstIndex { $0.name == "user" })
        guard case .variables(let view)? = state.overlay else { return }
        #expect(view.selected == index)
        _ = state.press(.character("d"))
        rows = state.variableRows
        #expect(rows.first { $0.name == "user" }?.value == "alice")
        #expect(state.unsavedVariableNames.isEmpty)  // back to what the files hold
    }

    @Test("f lists the dotenv files beside the profile; choosing one loads it over the secrets, kept by the runtime")
    func chooseSecretsFile() throws {
        let directory = try TemporaryDirectory()
        var state = try Self.state(directory)
        try directory.write("staging.env", "token=from-env-file\n")
        let list = state.press(.character("E"), .character("f"))
        guard case .listSecretsFiles(let id, let path)? = list.first else {
            Issue.record("f did not list the files, got \(list.names)")
            return
        }
        #expect(id == "shop" && path == directory.path)
        _ = state.update(.secretsFilesListed(profile: "shop", DotEnv.files(in: path)))
        #expect(Self.screen(state).contains("staging.env over shop.secrets.yaml"))
        let chosen = state.press(.character("j"), .enter)
        guard case .switchSecretsFile(_, let file, let envFile)? = chosen.first else {
            Issue.record("Enter did not switch, got \(chosen.names)")
            return
        }
        #expect(envFile == "staging.env")
        let loaded = try ProfileLoader.load(file: file, envFile: envFile).get()
        _ = state.update(.secretsFileSwitched(profile: "shop", envFile: envFile, loaded, error: nil))
        #expect(state.message?.text == "secrets: staging.env over shop.secrets.yaml")
        let token = try #require(state.variableRows.first { $0.name == "token" })
        #expect(token.source == "staging.env (chosen)")
        let request = try state.prepare(EndpointKey(profile: "shop", endpoint: "me")).get()
        #expect(request.request.headers["Authorization"] == "Bearer from-env-file")
        #expect(Self.screen(state).contains("secrets: shop.secrets.yaml + staging.env"))
    }

    @Test("the chosen secrets file is kept in tui.json beside the layout, and read back at start")
    func keptForRestart() throws {
        let state = try TemporaryDirectory()
        let store = LayoutStore(directory: state.path)
        var panes = PaneLayout()
        panes.listHidden = true
        #expect(store.write(panes) == nil)
        #expect(store.writeSecretsFile("staging.env", for: "/p/shop.yaml") == nil)
        #expect(store.read().listHidden)
        #expect(store.readSecretsFiles() == ["/p/shop.yaml": "staging.env"])
        let profiles = try TemporaryDirectory()
        _ = try Self.state(profiles)
        try profiles.write("staging.env", "token=kept\n")
        let catalog = ProfileLoader.load(directory: profiles.path)
        let (chosen, problem) = TUIApp.withChosenSecrets(
            catalog, choices: [profiles.path + "/shop.yaml": "staging.env"])
        #expect(problem == nil)
        #expect(chosen.profiles.first?.variableLayers.addedEnvFile == "staging.env")
        let (missing, why) = TUIApp.withChosenSecrets(catalog, choices: [profiles.path + "/shop.yaml": "gone.env"])
        #expect(missing.profiles.first?.variableLayers.addedEnvFile == nil)
        #expect(why?.contains("gone.env") == true)
    }
}
