import ExplorerCore
import Foundation

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
            // A thread of its own, not the shared pool: a FIFO whose reader never reads holds the write for as long
            // as it likes, and one such write per core took every thread the explorer's tasks run on.
            Thread { inbox.post(BodyFileWriter.write(response, to: path)) }.start()
        default:
            break
        }
    }
}
