// The live query's model: plain Swift, no reactive framework. A message database with a token-based
// change notification API shaped like a mobile database's `results.observe { changes } -> token`:
// the first notification (the initial results) arrives after a latency, then one per write, until
// the token is invalidated. The database can fail (an observation then gets `.error`) and close
// (observations get `.closed`). Latency runs through an injected `LiveQueryDelaying`.

/// One message in the inbox.
public struct Message: Identifiable, Hashable, Sendable {
    /// Stable identity.
    public let id: Int
    /// Who sent it.
    public var sender: String
    /// What it says.
    public var subject: String
    /// Whether it has been read.
    public var isRead: Bool

    /// A message.
    public init(id: Int, sender: String, subject: String, isRead: Bool = false) {
        self.id = id
        self.sender = sender
        self.subject = subject
        self.isRead = isRead
    }
}

/// Which messages a query selects.
public enum MessageFilter: String, Hashable, Sendable, CaseIterable {
    /// Every message.
    case all = "All"
    /// Messages not read yet.
    case unread = "Unread"

    /// Whether `message` is in the results.
    public func includes(_ message: Message) -> Bool {
        self == .all || !message.isRead
    }
}

/// A notification of an observed query (a mobile database's collection change).
public enum LiveQueryChange: Hashable, Sendable {
    /// The first results.
    case initial([Message])
    /// The results after a write, with the offsets that changed (deletions in the old results,
    /// insertions and modifications in the new ones).
    case update([Message], deletions: [Int], insertions: [Int], modifications: [Int])

    /// The results this change leaves.
    public var results: [Message] {
        switch self {
        case .initial(let results), .update(let results, _, _, _): return results
        }
    }
}

/// Why an observation failed.
public enum LiveQueryError: Error, Hashable, Sendable {
    /// The sync session lost its permission.
    case permissionRevoked

    /// What the screen says about it (short: the demo prints screens side by side).
    public var message: String { "sync lost" }
}

/// What an observation's callback gets.
public enum LiveQueryEvent: Hashable, Sendable {
    /// The results changed (or arrived).
    case change(LiveQueryChange)
    /// The observation failed; no more events follow.
    case error(LiveQueryError)
    /// The database closed; no more events follow.
    case closed
}

/// Runs work later; the database uses it for the latency of first results. Each style passes an
/// adapter over its own scheduler, so the database stays framework-free and tests run in virtual time.
public protocol LiveQueryDelaying: AnyObject {
    /// Runs `work` after `seconds`.
    func run(after seconds: Double, _ work: @escaping () -> Void)
}

/// The handle of one observation; `invalidate()` stops its notifications and releases its callback.
/// Keep it for as long as you want notifications (as with a mobile database's token).
public final class NotificationToken {
    /// The filter observed.
    public let filter: MessageFilter
    /// Whether `invalidate()` has been called.
    public private(set) var isInvalidated = false
    fileprivate var callback: ((LiveQueryEvent) -> Void)?
    fileprivate var results: [Message] = []
    fileprivate var hasDeliveredInitial = false

    fileprivate init(filter: MessageFilter, callback: @escaping (LiveQueryEvent) -> Void) {
        self.filter = filter
        self.callback = callback
    }

    /// Stops the notifications (idempotent).
    public func invalidate() {
        isInvalidated = true
        callback = nil
    }
}

/// An in-memory message database with live queries, latency and injectable failures. Not
/// thread-safe: use it from one thread, as the samples do.
public final class MessageDatabase {
    /// The messages, in arrival order.
    public private(set) var messages: [Message]
    /// Every token handed out, in order (the tests check each one ends invalidated).
    public private(set) var tokens: [NotificationToken] = []
    /// Observations whose token has not been invalidated yet.
    public var liveObservations: Int { tokens.filter { !$0.isInvalidated }.count }

    private let latency: Double
    private let delaying: LiveQueryDelaying
    private var nextID: Int

    /// A database holding `messages`; first results arrive `latency` seconds after `observe`.
    public init(messages: [Message] = [], latency: Double = 0.3, delaying: LiveQueryDelaying) {
        self.messages = messages
        self.latency = latency
        self.delaying = delaying
        nextID = (messages.map(\.id).max() ?? 0) + 1
    }

    /// Observes the messages `filter` selects: `.change(.initial)` after the latency, then
    /// `.change(.update)` after each write that touches the results, until the token is invalidated,
    /// the database fails or it closes.
    public func observe(_ filter: MessageFilter, _ callback: @escaping (LiveQueryEvent) -> Void) -> NotificationToken {
        let token = NotificationToken(filter: filter, callback: callback)
        tokens.append(token)
        delaying.run(after: latency) { [weak self, weak token] in
            guard let self, let token, let callback = token.callback, !token.hasDeliveredInitial else { return }
            token.hasDeliveredInitial = true
            token.results = self.messages.filter(filter.includes)
            callback(.change(.initial(token.results)))
        }
        return token
    }

    /// A new message arrives.
    public func receive(sender: String, subject: String) {
        messages.append(Message(id: nextID, sender: sender, subject: subject))
        nextID += 1
        notify()
    }

    /// Marks message `id` read.
    public func markRead(id: Int) {
        guard let index = messages.firstIndex(where: { $0.id == id }) else { return }
        messages[index].isRead = true
        notify()
    }

    /// Fails every live observation with `error` (as a lost sync permission does).
    public func fail(with error: LiveQueryError) {
        for token in tokens { token.callback?(.error(error)) }
    }

    /// Closes the database: every live observation gets `.closed`.
    public func close() {
        for token in tokens { token.callback?(.closed) }
    }

    private func notify() {
        for token in tokens where token.hasDeliveredInitial {
            guard let callback = token.callback else { continue }
            let old = token.results
            let new = messages.filter(token.filter.includes)
            guard old != new else { continue }
            let oldIDs = old.map(\.id)
            let newIDs = new.map(\.id)
            let deletions = old.indices.filter { !newIDs.contains(old[$0].id) }
            let insertions = new.indices.filter { !oldIDs.contains(new[$0].id) }
            let modifications = new.indices.filter { index in
                old.first { $0.id == new[index].id }.map { $0 != new[index] } ?? false
            }
            token.results = new
            callback(.change(.update(new, deletions: deletions, insertions: insertions, modifications: modifications)))
        }
    }
}
