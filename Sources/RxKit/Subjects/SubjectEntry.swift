/// One observer of a `SubjectHub`, stored in its `entries` as `AnyObject`. Not generic: a generic class's
/// metadata is looked up at run time on every subscription in unspecialised code (about 360
/// instructions per build on R2). An RxKit node that takes elements and terminal events through its lanes (every RxKit sink and
/// `subscribe(onNext:…)`'s observer) is kept as itself, in an entry of this class; any other observer's
/// `on(_:)` is kept as a closure taking the event by address, in a `SubjectEventEntry` (and the closure is
/// one more allocation). The typed side is `deliver(_:)`, which only the hub of the observer's own element
/// type calls. Its key stays with the hub (`SubjectHub.soleKey`, the list's slots), and the closure only
/// in the subclass that needs it: a node's entry takes 49 bytes, one malloc size class (56 bytes usable)
/// less than with either (72).
class SubjectEntry {
    /// The observer's element lane, if it has one: `.next` elements go there without an `Event`.
    /// Not retained: it is the observer object, which `node` or the subclass's `deliverEvent` keeps alive.
    final let lane: LaneHandle
    /// The observer, when it is an RxKit node with both lanes; otherwise `nil`, and the entry is a
    /// `SubjectEventEntry`.
    final let node: ObserverNode?
    /// Set while a replay of a share's latest element to this entry waits for the delivering thread
    /// (`SubjectHub.replayLatestLocked`); deliveries nested in the one in progress skip it meanwhile.
    /// Written under the hub's lock before the entry is listed, then only by delivering threads.
    final var awaitingReplay = false

    /// The entry for `observer`: of this class when it is an RxKit node with both lanes, otherwise a
    /// `SubjectEventEntry`.
    static func forObserver<Observer: ObserverType>(_ observer: Observer) -> SubjectEntry {
        let lane = LaneHandle(of: observer)
        if let node = lane.nodeWithTerminalLane {
            return SubjectEntry(lane: lane, node: node)
        }
        return SubjectEventEntry(lane: lane, observer: observer)
    }

    /// An entry for `node`, an RxKit node observer of the hub's element type that takes elements and
    /// terminal events through its lanes (a share's connection observing another share): no generic
    /// observer to inspect.
    convenience init(node: ObserverNode) {
        precondition(node.hasElementLane && node.hasTerminalLane,
                     "SubjectEntry(node:) takes a node with both lanes; subscribe other observers through forObserver(_:)")
        self.init(lane: LaneHandle(node: node), node: node)
    }

    init(lane: LaneHandle, node: ObserverNode?) {
        self.lane = lane
        self.node = node
    }

    /// Delivers `event`, which must be of the observer's element type (the hub that made this entry
    /// guarantees it). Slow paths only: switching on or copying the event looks up `Event` metadata.
    final func deliver<Element>(_ event: Event<Element>) {
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
    final func sendNext<Element>(_ element: UnsafeMutablePointer<Element>) {
        if !lane.send(typed: element) {
            deliverNext(element.pointee)
        }
    }

    /// `deliver(.next(element))` for an observer without an element lane, out of line so the lane path
    /// needs no `Event` metadata.
    @inline(never)
    final func deliverNext<Element>(_ element: Element) {
        if node != nil {
            _ = lane.send(element)
            return
        }
        var event = Event.next(element)
        deliver(typed: &event)
    }

    /// `observer.on(event)` for an entry without a node, which is a `SubjectEventEntry`.
    @inline(__always)
    private final func deliver<Element>(typed event: UnsafePointer<Event<Element>>) {
        unsafeDowncast(self, to: SubjectEventEntry.self).deliverEvent(UnsafeRawPointer(event))
    }
}

/// The entry of an observer that is not an RxKit node with both lanes (see `SubjectEntry`).
final class SubjectEventEntry: SubjectEntry {
    /// `observer.on(event)` for an `Event<Observer.Element>` at the given address.
    let deliverEvent: (UnsafeRawPointer) -> Void

    init<Observer: ObserverType>(lane: LaneHandle, observer: Observer) {
        deliverEvent = { event in observer.on(event.assumingMemoryBound(to: Event<Observer.Element>.self).pointee) }
        super.init(lane: lane, node: nil)
    }
}
