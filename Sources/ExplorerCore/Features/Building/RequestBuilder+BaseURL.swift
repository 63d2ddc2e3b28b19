extension RequestBuilder {
    /// The environment's base URL as a person should see it (the TUI's environment picker): `{{variables}}`
    /// filled in, secrets masked (`maskStyle`); as written when a variable cannot be filled (a request built in
    /// this environment then says which).
    package func shownBaseURL(variables overrides: [String: String] = [:]) -> String {
        guard let scope = try? scope(overrides: overrides, masking: true),
            let url = try? environment.baseURL.render(scope, masking: true)
        else { return environment.baseURL.raw }
        return url
    }
}
