/// One observer of a `SubjectHub`, stored in its `entries` as `AnyObject`. Not generic: a generic class's
/// metadata is looked up at run time on every subscription in unspecialised code (about 360
/// instructions per build on R2). An RxKit node that takes elements and terminal events through its lanes (every RxKit sink and
/// `subscribe(onNext:…)`'s observer) is kept as itself; any other observer's `on(_:)` is kept as a closure
/// taking the event by address (one more allocation). The typed side is `deliver(_:)`, which only the hub
/// of the observer's own element type calls. Its key stays with the hub (`SubjectHub.soleKey`, the list's
/// slots): without it an entry takes one malloc size class less (64 bytes, not 80).
final class SubjectEntry {
    /// The observer, when it is an RxKit node with both lanes; otherwise `nil` and `deliverEvent` is set.
    private let node: ObserverNode?
    /// `observer.on(event)` for an `Event<Observer.Element>` at the given address (observers that are not
    /// such a node).
    private let deliverEvent: ((UnsafeRawPointer) -> Void)?
    /// The observer's element lane, if it has one: `.next` elements go there without an `Event`.
    /// Not retained: it is the observer object, which `node` or `deliverEvent` keeps alive.
    let lane: LaneHandle
    /// Set while a replay of a share's latest element to this entry waits for the delivering thread
    /// (`SubjectHub.replayLatestLocked`); deliveries nested in the one in progress skip it meanwhile.
    /// Written under the hub's lock before the entry is listed, then only by delivering threads.
    var awaitingReplay = false

    init<Observer: ObserverType>(observer: Observer) {
        lane = LaneHandle(of: observer)
        if let node = lane.nodeWithTerminalLane {
            self.node = node
            deliverEvent = nil
        } else {
            node = nil
            deliverEvent = { event in observer.on(event.assumingMemoryBound(to: Event<Observer.Element>.self).pointee) }
        }
    }

    /// An entry for `node`, an RxKit node observer of the hub's element type that takes elements and
    /// terminal events through its lanes (a share's connection observing another share): no generic
    /// observer to inspect.
    init(node: ObserverNode) {
        precondition(node.hasElementLane && node.hasTerminalLane,
                     "SubjectEntry(node:) takes a node with both lanes; subscribe other observers through init(observer:)")
        lane = LaneHandle(node: node)
        self.node = node
        deliverEvent = nil
    }

    /// Delivers `event`, which must be of the observer's element type (the hub that made this entry
    /// guarantees it). Slow paths only: switching on or copying the event looks up `Event` metadata.
    func deliver<Element>(_ event: Event<Element>) {
        if let node {
            switch event {
            case .next(let element):
                _ = lane.send(element)
            case .error(let error):
                node.onTerminal(error)
            case .completed:
                node.onTerminal(nil)
            }
            return
        }
        var copy = event
        deliver(typed: &copy)
    }

    /// `deliver(.next(element))`, through the lane when the observer has one.
    @inline(__always)
    func sendNext<Element>(_ element: UnsafeMutablePointer<Element>) {
        if !lane.send(typed: element) {
            deliverNext(element.pointee)
        }
    }

    /// `deliver(.next(element))` for an observer without an element lane, out of line so the lane path
    /// needs no `Event` metadata.
    @inline(never)
    func deliverNext<Element>(_ element: Element) {
        if node != nil {
            _ = lane.send(element)
            return
        }
        var event = Event.next(element)
        deliver(typed: &event)
    }

    @inline(__always)
    private func deliver<Element>(typed event: UnsafePointer<Event<Element>>) {
        deliverEvent?(UnsafeRawPointer(event))
    }
}
