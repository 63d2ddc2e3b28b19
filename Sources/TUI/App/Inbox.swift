import Synchronization

/// Actions posted from background work (progress, results, token states) for the main loop to apply in order.
/// Progress events for a transfer that is already waiting are replaced, so a slow frame never builds a backlog.
package final class Inbox: Sendable {
    private let pending = Mutex<[Action]>([])

    package init() {}

    package func post(_ action: Action) {
        pending.withLock { actions in
            if case .progressUpdated(let id, _, _) = action,
                let last = actions.lastIndex(where: {
                    if case .progressUpdated(let other, _, _) = $0 { other == id } else { false }
                })
            {
                actions[last] = action
                return
            }
            actions.append(action)
        }
    }

    package func drain() -> [Action] {
        pending.withLock { actions in
            defer { actions.removeAll(keepingCapacity: true) }
            return actions
        }
    }
}
