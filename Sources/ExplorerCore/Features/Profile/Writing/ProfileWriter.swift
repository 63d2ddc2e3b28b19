import Foundation

/// Saves an edited or new endpoint back into its profile without losing anything the user wrote.
///
/// The profile file is edited in place (`ProfileSplicer`: only the changed values of that endpoint are rewritten,
/// in the style they were written; comments, order and formatting elsewhere stay byte for byte). The result is read back and compared with what
/// was intended before it replaces the file atomically (`AtomicFile`). Where in-place editing is not safe (flow
/// style lists, anchors) or the check fails, the endpoint goes to the overlay file `ID.local.yaml` instead, which
/// is merged over the profile when it loads, and the outcome says so.
package enum ProfileWriter {
    package enum Outcome: Sendable, Equatable {
        /// The profile file itself was edited.
        case edited(file: String)
        /// The endpoint was written to the overlay file; `reason` says why the profile was not edited in place.
        case overlay(file: String, reason: String)

        package var file: String {
            switch self {
            case .edited(let file), .overlay(let file, _): file
            }
        }

        /// One line for a status bar.
        package var message: String {
            switch self {
            case .edited(let file): "saved to \(file)"
            case .overlay(let file, let reason): "saved to \(file) (\(reason))"
            }
        }
    }

    /// Saves `endpoint` into `profile`'s file, over the endpoint with id `replacing` (default: the endpoint's own
    /// id; give the old id when the user renamed it), or appended when there is none.
    @discardableResult
    package static func save(endpoint: Endpoint, in profile: Profile, replacing id: String? = nil)
        throws(ProfileWriteError) -> Outcome
    {
        let file = profile.file
        let current: Profile
        switch ProfileLoader.load(file: file) {
        case .success(let loaded): current = loaded
        case .failure(let failure): throw ProfileWriteError(.brokenProfile(failure.problems), file: file)
        }
        let target = id ?? endpoint.id
        if endpoint.id != target, current.endpoint(endpoint.id) != nil {
            throw ProfileWriteError(.duplicateID(endpoint.id), file: file)
        }
        let old = current.endpoint(target)
        var expected = current
        if let index = expected.endpoints.firstIndex(where: { $0.id == target }) {
            expected.endpoints[index] = endpoint
        } else {
            expected.endpoints.append(endpoint)
        }

        if let old, let location = old.location, location.file != file {
            return try saveToOverlay(
                endpoint, target: target, profile: current, expected: expected,
                reason: "`\(target)` was saved there before")
        }
        let reason: String
        switch ProfileLoader.readText(file) {
        case .failure(let problem): throw ProfileWriteError(.io(path: file, reason: problem.message), file: file)
        case .success(let text):
            do {
                guard let endings = LineEndings(text) else {
                    throw ProfileSplicer.Refusal(reason: "the file mixes LF and CR LF line endings")
                }
                // Value by value first; should that not read back as intended, the changed keys rewritten whole.
                var problem = ""
                for surgical in [true, false] {
                    let spliced = splice(endpoint, over: old, target: target, in: endings, surgical: surgical)
                    let candidate: String
                    switch spliced {
                    case .success(let text): candidate = text
                    case .failure(let refusal) where surgical:
                        problem = refusal.reason
                        continue
                    case .failure(let refusal): throw refusal
                    }
                    let loaded = ProfileLoader.load(file: file, text: candidate)
                    guard let found = readBackProblem(loaded, expected: expected) else {
                        try replace(file, with: candidate)
                        return .edited(file: file)
                    }
                    if surgical { problem = found }
                }
                reason = "the edited profile did not read back as intended: \(problem)"
            } catch let refusal as ProfileSplicer.Refusal {
                reason = refusal.reason
            } catch let error as ProfileWriteError {
                throw error
            } catch {
                reason = "\(error)"
            }
        }
        return try saveToOverlay(endpoint, target: target, profile: current, expected: expected, reason: reason)
    }

    /// The file's text with `endpoint` saved by `ProfileSplicer`, in the file's line endings.
    private static func splice(
        _ endpoint: Endpoint, over old: Endpoint?, target: String, in endings: LineEndings, surgical: Bool
    ) -> Result<String, ProfileSplicer.Refusal> {
        do throws(ProfileSplicer.Refusal) {
            var splicer = try ProfileSplicer(text: endings.lf, surgical: surgical)
            return .success(endings.restoring(try splicer.save(endpoint, over: old, target: target)))
        } catch {
            return .failure(error)
        }
    }

    /// The overlay file for a profile file (`ID.local.yaml` beside it), whether or not it exists yet.
    static func overlayFile(for file: String) -> String {
        if let existing = ProfileLoader.companion(of: file, kind: "local") { return existing }
        let directory = (file as NSString).deletingLastPathComponent
        return (directory as NSString).appendingPathComponent("\(ProfileLoader.id(forFile: file)).local.yaml")
    }

    static let overlayHeader = """
        # Written by apix: endpoints saved where the profile file could not be edited in place.
        # Merged over the profile when it loads (same id replaces, new ids are added). apix rewrites this file.

        """

    private static func saveToOverlay(
        _ endpoint: Endpoint, target: String, profile: Profile, expected: Profile, reason: String
    ) throws(ProfileWriteError) -> Outcome {
        let file = overlayFile(for: profile.file)
        var overlay = Profile(id: profile.id, file: file, environments: [])
        if FileManager.default.fileExists(atPath: file) {
            let problems = ProfileLoader.mergeOverlay(file: file, into: &overlay)
            if !problems.isEmpty { throw ProfileWriteError(.brokenProfile(problems), file: file) }
        }
        if endpoint.id != target, overlay.endpoint(target) == nil {
            throw ProfileWriteError(
                .unverifiable("renaming `\(target)` needs the profile file edited in place, and \(reason)"),
                file: profile.file)
        }
        if let index = overlay.endpoints.firstIndex(where: { $0.id == target }) {
            overlay.endpoints[index] = endpoint
        } else {
            overlay.endpoints.append(endpoint)
        }
        let text = overlayHeader + ProfileEmitter.endpoints(overlay.endpoints).dropFirst()
        let reloaded = ProfileLoader.load(file: profile.file, text: nil, overlay: (file, text))
        if let problem = readBackProblem(reloaded, expected: expected) {
            throw ProfileWriteError(.unverifiable("the overlay did not read back as intended: \(problem)"), file: file)
        }
        try replace(file, with: text)
        return .overlay(file: file, reason: reason)
    }

    /// Replaces a profile file (`AtomicFile`), failing as a profile write.
    private static func replace(_ file: String, with text: String) throws(ProfileWriteError) {
        do {
            try AtomicFile.write(text, to: file)
        } catch {
            throw ProfileWriteError(.io(path: error.path, reason: error.detail), file: file)
        }
    }

    /// Equal in everything a profile file says (locations aside).
    static func same(_ a: Profile, _ b: Profile) -> Bool {
        ProfileEmitter.profile(a) == ProfileEmitter.profile(b) && a.secretNames == b.secretNames
    }
}
