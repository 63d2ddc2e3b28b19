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
    /// endpoint is. `previous` is the selection's identity from before a catalog change. `selectingBest`: the query
    /// changed, so the best match (the first listed) is selected.
    ///
    /// Under a query (`FuzzyQuery`: tokens in any order, each matching the method, path, id, name, folder or
    /// description), endpoints are ranked: the best first in its folder, folders and profiles by their best match.
    mutating func rebuildRows(selecting previous: ListRow.Identity? = nil, selectingBest: Bool = false) {
        let previous = previous ?? selectedIdentity
        rows = []
        let query = FuzzyQuery(filter.text)
        let filtering = isListFiltered
        if !query.isEmpty, searchIndex.revision != catalogRevision || searchIndex.fields.count != profiles.count {
            searchIndex = EndpointSearchIndex(profiles: profiles, revision: catalogRevision)
        }
        var groups: [(best: Int, rows: [ListRow])] = []
        for (p, profile) in profiles.enumerated() {
            var matches: [(index: Int, score: Int)] = []
            if filtering {
                for index in profile.endpoints.indices {
                    if let method = methodFilter, profile.endpoints[index].method.rawValue != method { continue }
                    guard !query.isEmpty else {
                        matches.append((index, 0))
                        continue
                    }
                    if let score = query.score(searchIndex.fields[p][index]) { matches.append((index, score)) }
                }
                if matches.isEmpty { continue }
                if !query.isEmpty {
                    // Best first; among equals the shorter path (`/v1/refunds` before `/v1/refunds/{refund}/cancel`:
                    // the query says more of it), then the profile's order.
                    let fields = searchIndex.fields[p]
                    matches.sort {
                        if $0.score != $1.score { return $0.score > $1.score }
                        let lengths = (fields[$0.index][1].bytes.count, fields[$1.index][1].bytes.count)
                        return lengths.0 != lengths.1 ? lengths.0 < lengths.1 : $0.index < $1.index
                    }
                }
            } else {
                matches = profile.endpoints.indices.map { ($0, 0) }
            }
            var profileRows: [ListRow] = [.profile(p)]
            if filtering || !collapsed.contains(Self.profileKey(profile.id)) {
                appendGroups(of: profile, at: p, matches.map(\.index), ranked: !query.isEmpty, to: &profileRows)
            }
            groups.append((matches.first?.score ?? 0, profileRows))
        }
        // Profiles by their best match (a stable sort keeps the catalog's order among equals).
        if !query.isEmpty {
            groups = groups.enumerated().sorted {
                $0.element.best != $1.element.best ? $0.element.best > $1.element.best : $0.offset < $1.offset
            }.map(\.element)
        }
        rows = groups.flatMap(\.rows)
        let firstEndpoint = rows.firstIndex { if case .endpoint = $0 { true } else { false } }
        if selectingBest, !query.isEmpty, let firstEndpoint {
            selectedRow = firstEndpoint
        } else if let previous, previous.isEndpoint || !filtering,
            let index = rows.firstIndex(where: { identity(of: $0) == previous })
        {
            selectedRow = index
        } else if filtering {
            selectedRow = firstEndpoint ?? 0
        }
        selectedRow = min(max(0, selectedRow), max(0, rows.count - 1))
        scrollListToSelection()
    }

    /// Endpoints without a folder, then each folder in order of first appearance (ranked: of its best match), each
    /// folder's endpoints under it unless folded. Grouped in one pass: an imported profile has hundreds of folders
    /// over thousands of endpoints.
    private func appendGroups(
        of profile: Profile, at p: Int, _ indexes: [Int], ranked: Bool, to rows: inout [ListRow]
    ) {
        var folders: [String?] = []
        var members: [String?: [Int]] = [:]
        for index in indexes {
            let folder = profile.endpoints[index].folder
            if members[folder] == nil { folders.append(folder) }
            members[folder, default: []].append(index)
        }
        if !ranked, let loose = members[nil] {
            // Unranked, endpoints without a folder come first, as the file lists them.
            folders.removeAll { $0 == nil }
            folders.insert(nil, at: 0)
            members[nil] = loose
        }
        let filtering = isListFiltered
        for folder in folders {
            if let folder {
                rows.append(.folder(profile: p, name: folder))
                if !filtering && collapsed.contains(Self.folderKey(profile.id, folder)) { continue }
            }
            for index in members[folder] ?? [] { rows.append(.endpoint(profile: p, index: index)) }
        }
    }

    /// Whether a query or a method filter narrows the list (which then shows every match, unfolded).
    var isListFiltered: Bool { !filter.text.isEmpty || methodFilter != nil }

    /// Whether the endpoint matches `needle` (a `FuzzyQuery`) in its method, path, id, name, folder or description.
    static func matches(_ endpoint: Endpoint, _ needle: String) -> Bool {
        let query = FuzzyQuery(needle)
        return query.isEmpty || query.score(EndpointSearchIndex.fields(of: endpoint)) != nil
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
        case .collapseAll, .expandAll:
            foldEverything(command == .collapseAll)
        case .cycleMethodFilter:
            cycleMethodFilter()
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

    /// The list filtered by `text` as if typed after `/`, the best match selected, the list focused.
    mutating func findEndpoints(_ text: String) {
        focus = .list
        filter = LineEditor()
        filter.paste(text)
        isFiltering = false
        rebuildRows(selectingBest: true)
        syncResponseToSelection()
        scrollListToSelection()
    }

    mutating func handleFilterKey(_ key: Key) -> [Effect] {
        switch key {
        case .enter, .down:
            isFiltering = false
        case .escape:
            isFiltering = false
            filter = LineEditor()
            methodFilter = nil
            rebuildRows()
        case .up:
            isFiltering = false
        default:
            let before = filter.text
            filter.handle(key)
            if filter.text != before {
                rebuildRows(selectingBest: true)
                syncResponseToSelection()
            }
        }
        scrollListToSelection()  // the filter line may have appeared or gone, changing the list's height
        return []
    }
}

extension AppState {
    /// Folds (or unfolds) every profile and folder. Folding keeps the selection on its profile's row when its
    /// endpoint disappears into a fold.
    mutating func foldEverything(_ fold: Bool) {
        if fold {
            let selectedProfileID = selectedProfile?.id
            for profile in profiles {
                collapsed.insert(Self.profileKey(profile.id))
                for folder in Set(profile.endpoints.compactMap(\.folder)) {
                    collapsed.insert(Self.folderKey(profile.id, folder))
                }
            }
            rebuildRows(selecting: selectedProfileID.map { .profile($0) })
            message = StatusMessage(isListFiltered ? "folded (shown once the filter is cleared)" : "folded everything")
        } else {
            collapsed.removeAll()
            rebuildRows()
            message = StatusMessage("unfolded everything")
        }
    }

    /// The methods the loaded endpoints use, the usual ones first.
    var methodsInUse: [String] {
        var used = Set<String>()
        for profile in profiles { for endpoint in profile.endpoints { used.insert(endpoint.method.rawValue) } }
        let order = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
        return order.filter(used.contains) + used.subtracting(order).sorted()
    }

    /// Shows only one method's endpoints, the next method in use on each press, then all again.
    mutating func cycleMethodFilter() {
        let methods = methodsInUse
        if let current = methodFilter, let index = methods.firstIndex(of: current), index + 1 < methods.count {
            methodFilter = methods[index + 1]
        } else if methodFilter == nil {
            methodFilter = methods.first
        } else {
            methodFilter = nil
        }
        rebuildRows(selectingBest: true)
        syncResponseToSelection()
        message = StatusMessage(
            methodFilter.map { "showing \($0) endpoints only (again: the next method)" } ?? "showing every method")
    }
}
