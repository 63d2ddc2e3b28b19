import ExplorerCore
import Foundation

/// Profiles that change on disk (`Action.profileFilesChanged`) and profiles replaced after a save: what is in memory
/// only (unsaved edits, one-off requests) stays, the selection stays where its endpoint still is, and the status bar
/// says what happened. A file that breaks keeps its last good version loaded, its problems located in the Problems
/// view; a deleted file keeps what is on screen.
extension AppState {
    /// Endpoints in memory only: one-off requests, and endpoints meant for the file that are not in it yet.
    var inMemoryEndpoints: Set<EndpointKey> { oneOffs.union(newEndpoints) }

    /// Asks the runtime to save `edited`, which writes the endpoints `keys`; their drafts go when it is done.
    mutating func save(_ edited: Profile, writing keys: Set<EndpointKey>) -> [Effect] {
        savesInFlight[edited.id, default: []].formUnion(keys)
        return [.saveProfile(edited)]
    }

    /// A save ended: the profile as saved replaces the one in memory, and a change on disk that came meanwhile is
    /// taken in unless it is what the save wrote.
    mutating func profileSaved(_ id: String, saved: Profile?, error: String?, note: String? = nil) {
        let keys = savesInFlight.removeValue(forKey: id)
        if let error {
            message = StatusMessage("not saved: \(error)", isError: true)
        } else {
            if let saved { replaceProfile(saved, saving: keys) }
            message = StatusMessage(note ?? "saved profile \(id)")
        }
        if let held = heldReloads.removeValue(forKey: id), let note = take(held) {
            message = note
        }
    }

    /// Replaces a profile after a save: the drafts of the endpoints it wrote (`keys`; nil: every endpoint of the
    /// profile) now match the file and go; other drafts and the endpoints in memory only stay.
    mutating func replaceProfile(_ profile: Profile, saving keys: Set<EndpointKey>? = nil) {
        guard let index = catalog.profiles.firstIndex(where: { $0.id == profile.id }) else { return }
        let written =
            keys
            ?? Set(drafts.keys.filter { $0.profile == profile.id }).union(
                newEndpoints.filter { $0.profile == profile.id })
        drafts = drafts.filter { !written.contains($0.key) }
        newEndpoints.subtract(written)
        variableBaselines[profile.id] = nil  // the saved files hold the variables now
        install(profile, at: index)
    }

    /// Takes in profiles read again after another program changed their files; the status bar says what changed.
    mutating func profileFilesChanged(_ changes: [ProfileFileChange]) {
        var notes: [StatusMessage] = []
        for change in changes {
            if savesInFlight[change.id] != nil {
                // Most likely our own save: judged once it is done.
                heldReloads[change.id] = change
                continue
            }
            if let note = take(change) { notes.append(note) }
        }
        guard !notes.isEmpty else { return }
        message = StatusMessage(
            notes.map(\.text).joined(separator: "; "), isError: notes.contains(where: \.isError))
    }

    /// Takes in one profile read again; returns what to tell the user (nothing when it reads as what is loaded).
    private mutating func take(_ change: ProfileFileChange) -> StatusMessage? {
        let name = change.fileName
        let index = catalog.profiles.firstIndex { $0.id == change.id }
        switch change.outcome {
        case .loaded(let profile):
            let wasBroken = forgetProblems(of: change.id, file: change.file)
            guard let index else {
                let selected = selectedIdentity
                let position = catalog.profiles.firstIndex { $0.id > profile.id } ?? catalog.profiles.endIndex
                catalog.profiles.insert(profile, at: position)
                catalogRevision += 1
                rebuildRows(selecting: selected)
                if selectedEndpoint == nil, let first = rows.firstIndex(where: \.isEndpoint) { selectedRow = first }
                scrollListToSelection()
                return StatusMessage("new profile \(name) listed")
            }
            if onDisk(catalog.profiles[index]) == profile {
                return wasBroken ? StatusMessage("profile \(name) loads again") : nil
            }
            install(profile, at: index)
            let kept = unsavedEndpoints.filter { $0.profile == change.id }.count
            var text = "profile \(name) changed on disk: reloaded"
            if kept > 0 {
                text += "; \(kept) unsaved edit\(kept == 1 ? "" : "s") kept as \(kept == 1 ? "a draft" : "drafts")"
            }
            return StatusMessage(text)
        case .failed(let problems):
            forgetProblems(of: change.id, file: change.file)
            catalog.problems += problems
            catalog.failedFiles.append(change.file)
            catalog.problemsByProfile[change.id] = problems
            let first = problems.first.map { ": \(Self.shortLocation($0))" } ?? ""
            let kept = index == nil ? "" : "; the last good version stays loaded"
            return StatusMessage("profile \(name) has a problem on disk\(first)\(kept) (p lists it)", isError: true)
        case .removed:
            forgetProblems(of: change.id, file: change.file)
            guard index != nil else { return StatusMessage("profile \(name) was deleted") }
            return StatusMessage("profile \(name) was deleted on disk: what is shown stays for this session")
        }
    }

    /// Puts `profile` in place of the one at `index`, keeping what is in memory only: one-off requests and new
    /// endpoints not in the file, and the endpoint of a draft the file no longer has (as a new endpoint, so `s`
    /// writes it back). The selection stays on its endpoint while it exists.
    private mutating func install(_ profile: Profile, at index: Int) {
        let old = catalog.profiles[index]
        var merged = profile
        // By id once: imported profiles hold thousands of endpoints.
        let onFile = Set(profile.endpoints.map(\.id))
        // Endpoints kept in memory stay where they were in the list: each goes before the endpoint of the file that
        // followed it (keeping one of three one-offs must not move it ahead of the other two).
        var waiting: [Endpoint] = []
        var placedBefore: [String: [Endpoint]] = [:]
        for endpoint in old.endpoints {
            if onFile.contains(endpoint.id) {
                if !waiting.isEmpty { placedBefore[endpoint.id] = waiting }
                waiting = []
                continue
            }
            let key = EndpointKey(profile: profile.id, endpoint: endpoint.id)
            if inMemoryEndpoints.contains(key) {
                waiting.append(endpoint)
            } else if drafts[key] != nil {
                waiting.append(endpoint)
                newEndpoints.insert(key)
            }
        }
        if !placedBefore.isEmpty {
            merged.endpoints = profile.endpoints.flatMap { (placedBefore[$0.id] ?? []) + [$0] }
        }
        merged.endpoints += waiting
        // A new endpoint the file now has under the same id is the file's; what was in memory becomes its draft.
        for key in inMemoryEndpoints where key.profile == profile.id {
            guard onFile.contains(key.endpoint), let endpoint = old.endpoint(key.endpoint) else { continue }
            if drafts[key] == nil { drafts[key] = RequestDraft(endpoint: endpoint) }
            oneOffs.remove(key)
            newEndpoints.remove(key)
        }
        let selected = selectedIdentity
        catalog.profiles[index] = merged
        catalogRevision += 1
        rebuildRows(selecting: selected)
        syncResponseToSelection()
    }

    /// A profile as its file holds it: without the endpoints in memory only.
    private func onDisk(_ profile: Profile) -> Profile {
        var profile = profile
        profile.endpoints.removeAll { inMemoryEndpoints.contains(EndpointKey(profile: profile.id, endpoint: $0.id)) }
        return profile
    }

    /// Removes a profile's problems from the catalog; returns whether it had any.
    @discardableResult
    private mutating func forgetProblems(of id: String, file: String) -> Bool {
        let old = catalog.problemsByProfile.removeValue(forKey: id) ?? []
        let hadFailed = catalog.failedFiles.contains(file)
        catalog.failedFiles.removeAll { $0 == file }
        if !old.isEmpty { catalog.problems.removeAll { old.contains($0) } }
        return !old.isEmpty || hadFailed
    }

    /// `shop.yaml:3:5: message`: a problem as the status bar says it.
    static func shortLocation(_ problem: ProfileProblem) -> String {
        let file = (problem.location.file as NSString).lastPathComponent
        return "\(file):\(problem.location.line):\(problem.location.column): \(problem.message)"
    }
}
