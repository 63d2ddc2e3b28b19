import ExplorerCore

/// The runtime's work on captured values, off the main actor: reading them, concluding an answer (captures kept,
/// checks run: `ChainRunner.conclude`) and forgetting them. Values are never written to the log.
extension Runtime {
    static func performCaptures(_ effect: Effect, store: CaptureStore?, inbox: Inbox) {
        switch effect {
        case .loadCaptures(let key):
            Task.detached {
                let values = (try? store?.load(profile: key.profile, environment: key.environment) ?? [:]) ?? [:]
                inbox.post(.capturesLoaded(key, values))
            }
        case .concludeChain(let id, let profile, let environment, let endpoint, let response, let values):
            var runner = ChainRunner(profile: profile, environment: environment, store: store)
            // `expect:` values are filled from the session's variables and the values held when it was asked.
            runner.variables = values.variables
            runner.processEnvironment = values.processEnvironment
            let key = ProfileEnvironmentKey(profile: profile.id, environment: environment)
            Task.detached { [runner] in
                var held = values.held
                let step = runner.conclude(endpoint, result: .success(response), held: &held)
                inbox.post(.chainConcluded(exchange: id, key, step))
            }
        case .forgetCaptures(let key, let reference):
            Task.detached {
                do {
                    if let reference {
                        try store?.forget(reference, profile: key.profile, environment: key.environment)
                    } else {
                        try store?.clear(profile: key.profile, environment: key.environment)
                    }
                } catch {
                    inbox.post(.warned(["\(error)"]))
                }
            }
        default:
            break
        }
    }
}
