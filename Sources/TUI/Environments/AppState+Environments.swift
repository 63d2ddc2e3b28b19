import ExplorerCore

/// Choosing the environment of the selected profile.
extension AppState {
    /// Opens the picker on the environment in use.
    mutating func chooseEnvironment() {
        guard let profile = selectedProfile else {
            // A window anyway, saying why: keys meant for the picker (`q`, Enter) must not run as commands.
            refuseWindow("no profile selected: environments belong to a profile (o sends a one-off request)")
            return
        }
        let current = profile.environments.firstIndex { $0.name == environmentName(for: profile) } ?? 0
        overlay = .environments(selected: current)
    }

    /// Each environment's base URL as the picker shows it: variables (the session's too) filled in, secrets
    /// masked.
    func shownBaseURLs(of profile: Profile) -> [String] {
        profile.environments.map { environment in
            guard
                let builder = try? RequestBuilder(
                    profile: profile, environment: environment.name, processEnvironment: processEnvironment)
            else { return environment.baseURL.raw }
            return builder.shownBaseURL(variables: variables)
        }
    }

    mutating func handleEnvironmentsKey(_ key: Key, selected: Int) -> [Effect] {
        guard let profile = selectedProfile else {
            overlay = nil
            return []
        }
        switch keyMap.command(for: key, in: .environments) {
        case .moveUp: overlay = .environments(selected: max(0, selected - 1))
        case .moveDown:
            overlay = .environments(selected: min(profile.environments.count - 1, selected + 1))
        case .choose:
            overlay = nil
            guard profile.environments.indices.contains(selected) else { return [] }
            chosenEnvironments[profile.id] = profile.environments[selected].name
            message = StatusMessage("environment: \(profile.environments[selected].name)")
            return watchCurrentToken()
        case .showVariables:
            // The highlighted environment becomes the one in use, and its variables open.
            guard profile.environments.indices.contains(selected) else { return [] }
            chosenEnvironments[profile.id] = profile.environments[selected].name
            overlay = .variables(VariablesViewState())
            return watchCurrentToken()
        case .close: overlay = nil
        default: break
        }
        return []
    }
}
