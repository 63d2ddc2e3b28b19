import ExplorerCore
import Foundation
import Synchronization
import TUI

/// The app's state, `update` and views, driven the way `Runtime` drives them, with frames drawn through a terminal
/// backend: kept in memory (`HeadlessBackend`) or drawn by the real curses backend on a pseudo-terminal.
///
/// Effects the cases need (send, prepare a body) are performed by the cases themselves; the rest are ignored.
@MainActor
final class TUIHarness {
    private(set) var state: AppState
    /// Started by the caller.
    let terminal: any TerminalBackend
    let theme: Theme
    /// Actions posted from background work (progress, results), applied by `drain()` like the runtime's inbox.
    let inbox = Inbox()

    init(state: AppState, terminal: any TerminalBackend) {
        self.state = state
        self.terminal = terminal
        theme = terminal.usesColor ? .color : .monochrome
    }

    /// Applies an action as the runtime does (stamping the time first) and returns the effects.
    @discardableResult
    func apply(_ action: Action) -> [Effect] {
        if case .ticked = action {} else { state.now = .now }
        return state.update(action)
    }

    /// Presses `key` and returns the effects.
    @discardableResult
    func press(_ key: Key) -> [Effect] {
        apply(.keyPressed(key))
    }

    /// Renders a frame and draws it on the terminal (on curses: changed cells, then the refresh).
    @discardableResult
    func render() -> ScreenBuffer {
        let frame = Screen.render(state, theme: theme)
        terminal.draw(frame)
        return frame
    }

    /// Applies what background work posted; true when something other than progress changed.
    @discardableResult
    func drain() -> Bool {
        var changed = false
        for action in inbox.drain() {
            apply(action)
            if case .progressUpdated = action {} else { changed = true }
        }
        return changed
    }

    /// Selects the endpoint `id` of the first profile (the list shows no folders in the benchmark profiles).
    func select(endpoint id: String) throws {
        focus(.list)
        press(.home)
        for _ in 0..<state.rows.count {
            if state.selectedEndpoint?.id == id { return }
            press(.down)
        }
        throw BenchmarkError("endpoint \(id) is not in the list")
    }

    /// Sends the selected endpoint: returns the transfer id and the request `update` prepared.
    func send() throws -> (id: Int, request: PreparedRequest) {
        for effect in press(.enter) {
            if case .send(let id, let plan, _) = effect { return (id, plan.request.prepared()) }
        }
        throw BenchmarkError("Enter did not send \(state.selectedEndpoint?.id ?? "anything")")
    }

    /// Feeds a finished response through `update`, indexes the body off the main actor (drawing the "indexing…"
    /// frame meanwhile, as the runtime does), then applies the prepared document and draws the body.
    @discardableResult
    func showResponse(_ response: Response, transfer id: Int) async -> ScreenBuffer {
        let effects = apply(.exchangeFinished(exchange: id, .success(response), at: Moment.now.uptime))
        var indexing: [Task<(Int, BodyDocument), Never>] = []
        for effect in effects {
            if case .prepareBody(let transfer, let response) = effect {
                indexing.append(Task.detached { (transfer, BodyDocument.make(response)) })
            }
        }
        render()
        for task in indexing {
            let (transfer, document) = await task.value
            apply(.bodyPrepared(exchange: transfer, document))
        }
        return render()
    }

    /// Moves the focus to `pane` with Tab, as a user would.
    func focus(_ pane: Focus) {
        for _ in 0..<Focus.allCases.count where state.focus != pane { press(.tab) }
    }
}
