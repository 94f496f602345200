import ReactiveBridgePrimitives

extension Subscribers {
    /// A simple subscriber that requests an unlimited number of values upon subscription.
    ///
    /// As Combine's, it lets go of its closures (and whatever they capture) once it has completed, or once
    /// its subscription is cancelled.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
        // The lock lives in the sink (one heap block per subscription rather than two): it must stay the
        // first stored property (see `InlineLockStorage`). Its word tells the per-value path, without the
        // lock, whether values may still go to `valueHandler` (see `SinkWord`).
        private var lockStorage = InlineLockStorage()

        // Set to nil once released (see `SinkWord`); otherwise never written. (Nil rather than an empty
        // closure: a closure literal here captures the generic context, one allocation each.) A delivery calls
        // the handler in place (through an `inout` access), without a retain and release of its context.
        @exclusivity(unchecked) private var valueHandler: ((Input) -> Void)?
        @exclusivity(unchecked) private var completionHandler: ((Subscribers.Completion<Failure>) -> Void)?

        @exclusivity(unchecked) private var status = SubscriptionStatus.awaitingSubscription

        /// The closure to execute on receipt of a value.
        public var receiveValue: (Input) -> Void {
            lock.lock()
            defer { lock.unlock() }
            return valueHandler ?? { _ in }
        }

        /// The closure to execute on completion.
        public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
            lock.lock()
            defer { lock.unlock() }
            return completionHandler ?? { _ in }
        }

        /// Initializes a sink with the provided closures.
        public init(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                    receiveValue: @escaping (Input) -> Void) {
            completionHandler = receiveCompletion
            valueHandler = receiveValue
            lock.initialize()
            assert(lock.isAt(&lockStorage), "Sink: the inline lock must be the first stored property")
            // The word starts at 0, open: as Combine's sink, values and a completion that arrive before a
            // subscription are delivered; after a completion or `cancel()` nothing is.
        }

        deinit { lock.destroy() }

        private var lock: InlineLock { InlineLock(in: self) }

        public var description: String { "Sink" }
        public var customMirror: Mirror { Mirror(self, children: [:]) }
        public var playgroundDescription: Any { description }

        public func receive(subscription: Subscription) {
            lock.lock()
            guard status.storeIfAwaiting(subscription) else {
                lock.unlock()
                subscription.cancel()
                return
            }
            lock.unlock()
            subscription.request(.unlimited)
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            if lock.fetchAddWord(SinkWord.delivering) & SinkWord.closed == 0 {
                Self.call(&valueHandler, with: value)
            }
            if lock.fetchAddWord(-SinkWord.delivering) == SinkWord.closed + SinkWord.delivering {
                releaseHandlers()
            }
            return .none
        }

        @inline(__always)
        private static func call(_ handler: inout ((Input) -> Void)?, with value: Input) { handler?(value) }

        public func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard !status.isTerminal else {
                lock.unlock()
                return
            }
            let previous = status.take()
            let handler = completionHandler
            closeAndUnlock()
            _ = consume previous
            handler?(completion)
        }

        public func cancel() {
            lock.lock()
            // Moved out, not copied (see `SubscriptionStatus.take()`).
            let previous = status.take()
            switch consume previous {
            case .subscribed(let subscription):
                closeAndUnlock()
                subscription.cancel()
            case .awaitingSubscription:
                // Combine ignores this cancel: the handlers stay and values sent without a subscription still
                // reach them. CombineKit only cancels the subscription if one arrives later (no leak).
                lock.unlock()
            case .terminal:
                lock.unlock()
            }
        }

        /// After the last delivery in progress when the sink closed: lets go of the handlers unless
        /// that was done already; they go after the lock is released (their captures' deinits
        /// may run arbitrary code).
        @inline(never)
        private func releaseHandlers() {
            guard lock.exchangeWord(ifEqualTo: SinkWord.closed, with: SinkWord.closed | SinkWord.released) else { return }
            lock.lock()
            releaseHandlersAndUnlock()
        }

        /// With the lock held: closes the sink and unlocks. When no delivery is in progress, the handlers
        /// go at once (the last delivery in progress lets them go otherwise, see `releaseHandlers()`).
        @inline(__always)
        private func closeAndUnlock() {
            if lock.exchangeWord(ifEqualTo: 0, with: SinkWord.closed | SinkWord.released) {
                releaseHandlersAndUnlock()
            } else {
                _ = lock.fetchOrWord(SinkWord.closed)
                lock.unlock()
            }
        }

        /// With the lock held: sets the handlers to nil, unlocks, then lets the old ones go.
        @inline(__always)
        private func releaseHandlersAndUnlock() {
            let value = valueHandler
            let completion = completionHandler
            valueHandler = nil
            completionHandler = nil
            lock.unlock()
            Self.release(value, completion)
        }

        /// Takes the old handlers and lets them go here, after the lock is released. A plain call: no
        /// generic wrapper that would look up the closures' type metadata on every release.
        @inline(never)
        private static func release(_ value: __owned ((Input) -> Void)?,
                                    _ completion: __owned ((Subscribers.Completion<Failure>) -> Void)?) {}
    }
}

// The two `sink` methods are inlinable: specialised in the caller, the sink's class metadata
// (`Sink<Output, Failure>` for concrete types) comes from a cache in the caller instead of a runtime
// look-up on every call.
extension Publisher {
    /// Attaches a subscriber with closure-based behavior; it requests an unlimited number of values.
    @inlinable
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Attaches a subscriber with closure-based behavior to a publisher that never fails.
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

// On an erased publisher, `sink` subscribes through the closure the erasure made in the caller's code
// (`PublisherBoxBase.subscribeSink(_:)`): the same subscription as `subscribe(sink)`, built by specialised
// code where the erased chain's types were concrete.
extension AnyPublisher {
    /// Attaches a subscriber with closure-based behavior; it requests an unlimited number of values.
    @inlinable
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        box.subscribeSink(sink)
        return AnyCancellable(sink)
    }
}

extension AnyPublisher where Failure == Never {
    /// Attaches a subscriber with closure-based behavior to a publisher that never fails.
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

/// `Subscribers.Sink`'s atomic word (its lock's): `closed` once completed or cancelled (no value goes to the handler any
/// more), `released` once the handlers are released (or, set with `closed` by a cancel before any
/// subscription, never to be released early), plus `delivering` for each `receive(_:)` in progress.
/// Whoever brings the word to exactly `closed` (the closer, or the last delivery to leave) releases.
private enum SinkWord {
    static var closed: Int { 1 }
    static var released: Int { 2 }
    static var delivering: Int { 4 }
}
