import ExplorerCore

/// The endpoint list: moving, collapsing, filtering.
extension AppState {
    static func profileKey(_ id: String) -> String { "p:" + id }
    static func folderKey(_ id: String, _ folder: String) -> String { "f:\(id)/\(folder)" }

    func identity(of row: ListRow) -> ListRow.Identity {
        switch row {
        case .profile(let p): .profile(profiles[p].id)
        case .folder(let p, let name): .folder(profile: profiles[p].id, name: name)
        case .endpoint(let p, let index):
            .endpoint(EndpointKey(profile: profiles[p].id, endpoint: profiles[p].endpoints[index].id))
        }
    }

    /// The selected row's identity.
    var selectedIdentity: ListRow.Identity? { selectedListRow.map(identity(of:)) }

    /// Recomputes the list rows after a filter, collapse or catalog change. The selected endpoint stays selected
    /// while it is listed; under a filter that hides it (or with a profile or folder selected), the first matching
    /// endpoint is. `previous` is the selection's identity from before a catalog change.
    mutating func rebuildRows(selecting previous: ListRow.Identity? = nil) {
        let previous = previous ?? selectedIdentity
        rows = []
        let needle = filter.text.lowercased()
        for (p, profile) in profiles.enumerated() {
            let matches = profile.endpoints.indices.filter { index in
                needle.isEmpty || Self.matches(profile.endpoints[index], needle)
            }
            if !needle.isEmpty && matches.isEmpty { continue }
            rows.append(.profile(p))
            if needle.isEmpty && collapsed.contains(Self.profileKey(profile.id)) { continue }
            // Endpoints without a folder first, then each folder in order of first appearance. Grouped in one
            // pass: an imported profile has hundreds of folders over thousands of endpoints.
            var folders: [String] = []
            var members: [String: [Int]] = [:]
            for index in matches {
                if let folder = profile.endpoints[index].folder {
                    if members[folder] == nil { folders.append(folder) }
                    members[folder, default: []].append(index)
                } else {
                    rows.append(.endpoint(profile: p, index: index))
                }
            }
            for folder in folders {
                rows.append(.folder(profile: p, name: folder))
                if needle.isEmpty && collapsed.contains(Self.folderKey(profile.id, folder)) { continue }
                for index in members[folder] ?? [] { rows.append(.endpoint(profile: p, index: index)) }
            }
        }
        if let previous, previous.isEndpoint || needle.isEmpty,
            let index = rows.firstIndex(where: { identity(of: $0) == previous })
        {
            selectedRow = index
        } else if !needle.isEmpty {
            selectedRow = rows.firstIndex { if case .endpoint = $0 { true } else { false } } ?? 0
        }
        selectedRow = min(max(0, selectedRow), max(0, rows.count - 1))
        scrollListToSelection()
    }

    static func matches(_ endpoint: Endpoint, _ needle: String) -> Bool {
        endpoint.id.lowercased().contains(needle) || endpoint.name.lowercased().contains(needle)
            || endpoint.path.raw.lowercased().contains(needle) || endpoint.method.rawValue.lowercased() == needle
            || (endpoint.folder?.lowercased().contains(needle) ?? false)
            || (endpoint.description?.lowercased().contains(needle) ?? false)
    }

    mutating func scrollListToSelection() {
        let height = max(1, listHeight)
        if selectedRow < listTop { listTop = selectedRow }
        if selectedRow >= listTop + height { listTop = selectedRow - height + 1 }
        listTop = max(0, min(listTop, max(0, rows.count - height)))
    }

    mutating func performList(_ command: KeyCommand) -> [Effect] {
        switch command {
        case .moveUp: moveSelection(to: selectedRow - 1)
        case .moveDown: moveSelection(to: selectedRow + 1)
        case .pageUp: moveSelection(to: selectedRow - max(1, listHeight - 1))
        case .pageDown: moveSelection(to: selectedRow + max(1, listHeight - 1))
        case .moveTop: moveSelection(to: 0)
        case .moveBottom: moveSelection(to: rows.count - 1)
        case .collapse, .expand, .activate:
            guard let row = selectedListRow else { return [] }
            let key: String
            switch row {
            case .profile(let p): key = Self.profileKey(profiles[p].id)
            case .folder(let p, let name): key = Self.folderKey(profiles[p].id, name)
            case .endpoint:
                // Space only folds: a key that also toggles folders must never send a request (a DELETE, say).
                if command == .expand { focus = .editor }
                return []
            }
            switch command {
            case .collapse: collapsed.insert(key)
            case .expand: collapsed.remove(key)
            default: if collapsed.contains(key) { collapsed.remove(key) } else { collapsed.insert(key) }
            }
            rebuildRows()
        case .startFilter:
            isFiltering = true
            scrollListToSelection()  // the filter line takes a row from the list
        default:
            break
        }
        return []
    }

    mutating func moveSelection(to row: Int) {
        guard !rows.isEmpty else { return }
        selectedRow = min(max(0, row), rows.count - 1)
        scrollListToSelection()
        syncResponseToSelection()
    }

    mutating func handleFilterKey(_ key: Key) -> [Effect] {
        switch key {
        case .enter, .down:
            isFiltering = false
        case .escape:
            isFiltering = false
            filter = LineEditor()
            rebuildRows()
        case .up:
            isFiltering = false
        default:
            let before = filter.text
            filter.handle(key)
            if filter.text != before {
                rebuildRows()
                syncResponseToSelection()
            }
        }
        scrollListToSelection()  // the filter line may have appeared or gone, changing the list's height
        return []
    }
}
