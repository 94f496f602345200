import CombineKit
import CombineKitExt
import CombineKitTest
import Foundation
import GrammarChecking
import Testing

/// Leak proofs for CombineKit (and CombineKitExt): every operator family, run to completion, to a
/// failure, and to cancellation. Probe sources record a weak reference to every subscription they hand
/// out (the operators' upstream links) and the test keeps weak references to the subscriber, to the
/// subscription it received (the last operator's inner object) and to the subjects; all must be nil
/// once the test lets go.
@Suite("Leaks CombineKit")
struct LeakCombineKitTests {
    enum Ending: CaseIterable { case finished, failed, cancelled }

    func expectNoLeaks<P: Publisher>(_ name: String, sourceLocation: SourceLocation = #_sourceLocation,
                                     _ make: @escaping (ProbeSource, ProbeSource, CombineTestScheduler) -> P) {
        for ending in Ending.allCases {
            let registry = WeakRegistry()
            do {
                let scheduler = CombineTestScheduler()
                let source = ProbeSource(registry: registry)
                let other = ProbeSource(registry: registry)
                let subscriber = ReleasingSubscriber<P.Output, P.Failure>(registry: registry)
                registry.add(subscriber, "subscriber")
                make(source, other, scheduler).subscribe(subscriber)
                for (time, value) in [(10, 1), (20, 2), (30, 3)] {
                    scheduler.schedule(after: scheduler.time(time)) {
                        source.subject.send(value)
                        other.subject.send(value)
                    }
                }
                scheduler.schedule(after: scheduler.time(40)) {
                    switch ending {
                    case .finished:
                        source.subject.send(completion: .finished)
                        other.subject.send(completion: .finished)
                    case .failed:
                        source.subject.send(completion: .failure(.boom))
                        other.subject.send(completion: .failure(.boom))
                    case .cancelled:
                        subscriber.cancel()
                    }
                }
                scheduler.run()
            }
            let alive = registry.alive
            #expect(alive.isEmpty, "\(name) kept \(alive) alive after \(ending)", sourceLocation: sourceLocation)
        }
    }

    @Test func theRegistrySeesAnInnerObjectThatIsKeptAlive() {
        let registry = WeakRegistry()
        let source = ProbeSource(registry: registry)
        let subscriber = ReleasingSubscriber<Int, LeakError>(registry: registry)
        source.map { $0 }.subscribe(subscriber)
        source.subject.send(1)
        #expect(registry.alive.count == 3, "the subject, the probe link and map's inner object are alive: \(registry.alive)")
        subscriber.cancel()
    }

    @Test func transforming() {
        expectNoLeaks("map/tryMap/compactMap/scan") { a, _, _ in a.map { $0 * 2 }.compactMap { $0 }.scan(0, +).tryMap { $0 } }
        expectNoLeaks("reduce/collect") { a, _, _ in a.reduce(0, +).merge(with: a.collect().map(\.count)) }
        expectNoLeaks("flatMap") { a, b, _ in a.flatMap { _ in b } }
        expectNoLeaks("switchToLatest") { a, b, _ in a.map { _ in b }.switchToLatest() }
        expectNoLeaks("mapError/setFailureType/replaceError") { a, _, _ in a.mapError { $0 }.replaceError(with: 0).setFailureType(to: LeakError.self) }
    }

    @Test func filtering() {
        expectNoLeaks("filter/removeDuplicates") { a, _, _ in a.filter { $0 > 1 }.removeDuplicates() }
        expectNoLeaks("dropFirst/prefix") { a, _, _ in a.dropFirst().prefix(1) }
        expectNoLeaks("drop(untilOutputFrom:)/prefix(untilOutputFrom:)") { a, b, _ in a.drop(untilOutputFrom: b).prefix(untilOutputFrom: b.dropFirst(2)) }
        expectNoLeaks("first/last/output") { a, _, _ in a.first().merge(with: a.last(), a.output(at: 1)) }
        expectNoLeaks("replaceEmpty") { a, _, _ in a.filter { _ in false }.replaceEmpty(with: 0) }
        expectNoLeaks("ignoreOutput") { a, _, _ in a.ignoreOutput() }
    }

    @Test func combining() {
        expectNoLeaks("merge") { a, b, _ in a.merge(with: b) }
        expectNoLeaks("combineLatest") { a, b, _ in a.combineLatest(b) { $0 + $1 } }
        expectNoLeaks("zip") { a, b, _ in a.zip(b) { $0 + $1 } }
        expectNoLeaks("append/prepend") { a, b, _ in a.prepend(0).append(b) }
    }

    @Test func errorHandling() {
        expectNoLeaks("catch") { a, b, _ in a.catch { _ in b } }
        expectNoLeaks("retry") { a, _, _ in a.retry(1) }
    }

    @Test func timing() {
        expectNoLeaks("debounce/throttle") { a, _, scheduler in a.debounce(for: .seconds(3), scheduler: scheduler).merge(with: a.throttle(for: .seconds(3), scheduler: scheduler, latest: true)) }
        expectNoLeaks("delay/timeout") { a, _, scheduler in a.delay(for: .seconds(2), scheduler: scheduler).timeout(.seconds(15), scheduler: scheduler) }
        expectNoLeaks("receive(on:)/subscribe(on:)") { a, _, scheduler in a.receive(on: scheduler).subscribe(on: scheduler) }
    }

    @Test func sharingAndSubjects() {
        expectNoLeaks("share") { a, _, _ in
            let shared = a.share()
            return shared.merge(with: shared)
        }
        expectNoLeaks("multicast/autoconnect") { a, _, _ in a.multicast { PassthroughSubject<Int, LeakError>() }.autoconnect() }
        expectNoLeaks("currentValueSubject") { a, _, _ in
            let subject = CurrentValueSubject<Int, LeakError>(0)
            return Deferred { () -> AnyPublisher<Int, LeakError> in
                let feed = a.subscribe(subject)
                return subject.handleEvents(receiveCancel: { feed.cancel() }).eraseToAnyPublisher()
            }
        }
    }

    @Test func extensions() {
        expectNoLeaks("withLatestFrom") { a, b, _ in a.withLatestFrom(b) }
        expectNoLeaks("flatMapLatest") { a, b, _ in a.flatMapLatest { _ in b } }
        expectNoLeaks("share(replay:)") { a, _, _ in
            let shared = a.share(replay: 1)
            return shared.merge(with: shared)
        }
        expectNoLeaks("startWith/pairwise") { a, _, _ in a.startWith(0).pairwise().map { $0.0 + $0.1 } }
        expectNoLeaks("materialize") { a, _, _ in a.materialize().map { _ in 0 } }
    }
}

enum LeakError: Error { case boom }

/// Behaves like `Subscribers.Sink`: requests `.unlimited`, and lets go of its subscription on completion
/// or cancellation (Combine's subscribers do; one that kept it would form a cycle with any inner object
/// that keeps its downstream, which is not a library leak). Checks the grammar too.
final class ReleasingSubscriber<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    private let lock = NSLock()
    private var subscription: Subscription?
    private let registry: WeakRegistry
    let grammar = GrammarChecker(recorder: "ReleasingSubscriber", checksSubscription: true)

    init(registry: WeakRegistry) { self.registry = registry }

    func receive(subscription: Subscription) {
        let entry = grammar.enter(.subscription, event: "subscription")
        defer { grammar.leave(entry) }
        registry.add(subscription as AnyObject, "the subscription the subscriber received")
        lock.withLock { self.subscription = subscription }
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let entry = grammar.enter(.value, event: "\(input)")
        grammar.leave(entry)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let entry = grammar.enter(.terminal, event: "\(completion)")
        defer { grammar.leave(entry) }
        lock.withLock { subscription = nil }
    }

    func cancel() {
        let subscription: Subscription? = lock.withLock {
            defer { self.subscription = nil }
            return self.subscription
        }
        subscription?.cancel()
    }
}

/// A subject-backed source that keeps a weak reference to each subscription it hands out.
final class ProbeSource: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = LeakError

    let subject = PassthroughSubject<Int, LeakError>()
    private let registry: WeakRegistry

    init(registry: WeakRegistry) {
        self.registry = registry
        registry.add(subject, "a source subject")
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == LeakError {
        let probe = ProbeLink(downstream: subscriber)
        registry.add(probe, "an operator's upstream link")
        subject.subscribe(probe)
    }
}

/// Passes everything through; exists to be weakly referenced (it lives exactly as long as the operator
/// inner object downstream of it holds its subscription).
final class ProbeLink<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable where Downstream.Input == Int, Downstream.Failure == LeakError {
    private var downstream: Downstream?
    private var upstream: Subscription?
    private let lock = NSLock()

    init(downstream: Downstream) { self.downstream = downstream }

    func receive(subscription: Subscription) {
        lock.withLock { upstream = subscription }
        downstream?.receive(subscription: self)
    }
    func receive(_ input: Int) -> Subscribers.Demand { lock.withLock { downstream }?.receive(input) ?? .none }
    func receive(completion: Subscribers.Completion<LeakError>) {
        let downstream: Downstream? = lock.withLock {
            defer { self.downstream = nil; upstream = nil }
            return self.downstream
        }
        downstream?.receive(completion: completion)
    }
    func request(_ demand: Subscribers.Demand) { lock.withLock { upstream }?.request(demand) }
    func cancel() {
        let upstream: Subscription? = lock.withLock {
            defer { self.upstream = nil; downstream = nil }
            return self.upstream
        }
        upstream?.cancel()
    }
}

/// Weak references with a label each.
final class WeakRegistry: @unchecked Sendable {
    private struct Entry {
        weak var object: AnyObject?
        let label: String
    }
    private let lock = NSLock()
    private var entries: [Entry] = []

    func add(_ object: AnyObject, _ label: String) { lock.withLock { entries.append(Entry(object: object, label: label)) } }

    /// Labels of the objects still alive, with their type.
    var alive: [String] {
        lock.withLock { entries.compactMap { entry in entry.object.map { "\(entry.label) (\(type(of: $0)))" } } }
    }
}
