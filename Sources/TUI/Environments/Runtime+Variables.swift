import ExplorerCore

/// The environment view's work: listing the dotenv files beside a profile, loading the profile again with the one
/// chosen over its secrets, and keeping that choice for the next start (`LayoutStore`).
extension Runtime {
    func performSecretsFiles(_ effect: Effect) {
        let inbox = self.inbox
        switch effect {
        case .listSecretsFiles(let profile, let directory):
            Task.detached {
                inbox.post(.secretsFilesListed(profile: profile, DotEnv.files(in: directory)))
            }
        case .switchSecretsFile(let id, let file, let envFile):
            let store = layoutStore
            Task.detached {
                switch ProfileLoader.load(file: file, envFile: envFile) {
                case .success(let profile):
                    inbox.post(.secretsFileSwitched(profile: id, envFile: envFile, profile, error: nil))
                    if let problem = store?.writeSecretsFile(envFile, for: file) { inbox.post(.warned([problem])) }
                case .failure(let failure):
                    let first = failure.problems.first.map { "\($0)" } ?? "it does not load"
                    inbox.post(.secretsFileSwitched(profile: id, envFile: envFile, nil, error: first))
                }
            }
        default:
            break
        }
    }
}
