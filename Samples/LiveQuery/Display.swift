import ParityHarness

/// What the inbox view model says the screen should show. Framework-free, shared by every style.
public struct InboxState: Hashable, Sendable {
    /// Where the query stands.
    public enum Status: Hashable, Sendable {
        /// Waiting for the first results.
        case loading
        /// Showing live results.
        case live
        /// The observation failed; Retry starts a new one.
        case failed(String)
        /// The database closed; nothing more will come.
        case closed
    }

    /// The filter tab selected.
    public var filter: MessageFilter
    /// The messages shown.
    public var messages: [Message]
    /// Where the query stands.
    public var status: Status

    /// A state.
    public init(filter: MessageFilter, messages: [Message] = [], status: Status) {
        self.filter = filter
        self.messages = messages
        self.status = status
    }

    /// The state on one short line: the filter, then each sender with `*` when unread
    /// (`Unread: Bob*, Dee*`), or `loading…`, `! sync lost [Retry]`, `closed`.
    public var description: String {
        let body: String
        switch status {
        case .loading: body = "loading…"
        case .failed(let message): body = "! \(message) [Retry]"
        case .closed: body = "closed"
        case .live:
            body = messages.isEmpty
                ? "(no messages)"
                : messages.map { $0.sender + ($0.isRead ? "" : "*") }.joined(separator: ", ")
        }
        return "\(filter.rawValue): \(body)"
    }
}

/// A headless inbox screen: what the user can do to it and what it displayed. The scripted session
/// drives any of the three styles through this.
public protocol InboxScreen: AnyObject {
    /// Taps a filter tab.
    func tapFilter(_ filter: MessageFilter)
    /// Taps Retry (shown after a failure).
    func tapRetry()
    /// What it displayed so far, and when.
    var recorder: DisplayRecorder<InboxState> { get }
}
