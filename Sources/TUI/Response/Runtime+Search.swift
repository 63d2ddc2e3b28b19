import ExplorerCore

/// The runtime's work on bodies, off the main actor: indexing a body for display, searching and counting matches,
/// and the JSONPath filter. A newer search, count or filter cancels the one before.
extension Runtime {
    func performSearch(_ effect: Effect) {
        let inbox = self.inbox
        switch effect {
        case .prepareBody(let id, let response):
            Task.detached {
                let document = BodyDocument.make(response)
                inbox.post(.bodyPrepared(exchange: id, document))
            }
        case .search(let id, let document, let query, let from, let forward, let raw):
            searchTask?.cancel()
            searchTask = Task.detached {
                let line = document.search(query, from: from, forward: forward, raw: raw)
                guard !Task.isCancelled else { return }
                inbox.post(.searchFinished(exchange: id, line: line))
            }
        case .countMatches(let id, let document, let query, let tab):
            countTask?.cancel()
            countTask = Task.detached {
                let matches = document.countMatches(query, exchange: id, tab: tab) { partial in
                    inbox.post(.matchesCounted(partial))
                }
                guard let matches, !Task.isCancelled else { return }
                inbox.post(.matchesCounted(matches))
            }
        case .filterBody(let id, let document, let query, let generation):
            filterTask?.cancel()
            filterTask = Task.detached {
                guard let result = await FilteredBody.make(query, on: document), !Task.isCancelled else { return }
                inbox.post(.bodyFiltered(exchange: id, generation: generation, result))
            }
        case .cancelBodyFilter:
            filterTask?.cancel()
            filterTask = nil
        default:
            break
        }
    }
}
