import ExplorerCore

/// The runtime's writes: a profile saved in place (`ProfileSaver`), a response body written to a file (`w`).
extension Runtime {
    func performSaving(_ effect: Effect) {
        let inbox = self.inbox
        switch effect {
        case .saveProfile(let profile):
            guard let saver else {
                inbox.post(
                    .profileSaved(
                        profile: profile.id, saved: nil,
                        error: "saving profiles is not available in this build; edits stay in memory and apply to sends"
                    ))
                return
            }
            Task.detached {
                do {
                    let (saved, note) = try await saver.save(profile)
                    inbox.post(.profileSaved(profile: profile.id, saved: saved, error: nil, note: note))
                } catch {
                    inbox.post(.profileSaved(profile: profile.id, saved: nil, error: "\(error)"))
                }
            }
        case .saveBody(let response, let path):
            Task.detached {
                inbox.post(BodyFileWriter.write(response, to: path))
            }
        default:
            break
        }
    }
}
