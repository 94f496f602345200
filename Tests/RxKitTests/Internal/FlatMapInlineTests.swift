import RxKit
import RxKitTest
import Testing

/// The flattening sinks (flatMap, merge, concatMap, flatMapLatest) subscribe each inner sequence inside
/// their drain and handle what an inner sends during its own `subscribe` directly (see
/// `Sources/RxKit/Internal/InnerSubscriptions.swift`). These tests pin what that path must keep: order,
/// completion, disposal of each inner, no nesting of re-entrant events, no stack growth, no leaks.
@Suite struct FlatMapInlineTests {
    /// An inner that sends `values` (and completes, if `completes`) while being subscribed, and logs
    /// subscription and disposal.
    final class Log {
        var entries: [String] = []
    }

    static func synchronousInner(_ values: [Int], completes: Bool, name: String, log: Log) -> Observable<Int> {
        Observable.create { observer in
            log.entries.append("subscribe \(name)")
            for value in values { observer.onNext(value) }
            if completes { observer.onCompleted() }
            return Disposables.create { log.entries.append("dispose \(name)") }
        }
    }

    // MARK: flatMap

    @Test func synchronousInnersAreDeliveredInOrderAndDisposedOnce() {
        let log = Log()
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var completed = false
        let subscription = subject
            .flatMap { value in Self.synchronousInner([value, value * 10], completes: true, name: "\(value)", log: log) }
            .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        subject.onNext(1)
        subject.onNext(2)
        #expect(received == [1, 10, 2, 20])
        // Each inner's subscription is disposed once it completes, before the next outer element.
        #expect(log.entries == ["subscribe 1", "dispose 1", "subscribe 2", "dispose 2"])
        #expect(!completed)
        subject.onCompleted()
        #expect(completed)
        subscription.dispose()
        #expect(log.entries.count == 4)
    }

    @Test func justInnersFromAnOuterThatCompletesSynchronously() {
        let delta = resourceDelta {
            var received: [Int] = []
            var completions = 0
            _ = Observable.from([1, 2, 3]).flatMap { Observable.just($0 * 2) }
                .subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })
            #expect(received == [2, 4, 6])
            #expect(completions == 1)
        }
        #expect(delta == 0)
    }

    @Test func synchronousInnerThatStaysOpenIsDisposedWithTheSubscription() {
        let log = Log()
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject
            .flatMap { value in Self.synchronousInner([value], completes: false, name: "\(value)", log: log) }
            .subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        #expect(received == [1, 2])
        #expect(log.entries == ["subscribe 1", "subscribe 2"])
        subscription.dispose()
        #expect(log.entries == ["subscribe 1", "subscribe 2", "dispose 1", "dispose 2"])
        #expect(!subject.hasObservers)
    }

    @Test func synchronousInnerErrorEndsEverythingAndDisposesTheOtherInners() {
        let log = Log()
        let subject = PublishSubject<Int>()
        let open = PublishSubject<Int>()
        var events: [String] = []
        _ = subject
            .flatMap { value -> Observable<Int> in
                if value == 0 { return open.asObservable() }
                return Observable.create { observer in
                    log.entries.append("subscribe failing")
                    observer.onNext(value)
                    observer.onError(testError)
                    observer.onNext(-1)  // after the terminal event: ignored
                    return Disposables.create { log.entries.append("dispose failing") }
                }
            }
            .subscribe(onNext: { events.append("next \($0)") }, onError: { events.append("error \($0)") },
                       onCompleted: { events.append("completed") })
        subject.onNext(0)
        #expect(open.hasObservers)
        subject.onNext(5)
        #expect(events == ["next 5", "error \(testError)"])
        #expect(!open.hasObservers)
        #expect(!subject.hasObservers)
        #expect(log.entries == ["subscribe failing", "dispose failing"])
        open.onNext(9)
        subject.onNext(6)
        #expect(events.count == 2)
    }

    /// A downstream observer that sends to the outer subject while receiving an inner's element does not
    /// receive the resulting element nested inside the current call: it is queued and delivered after it
    /// returns (events to one observer are serialised; RxKit trampolines instead of nesting).
    @Test func reentrantOuterElementIsDeliveredAfterTheCurrentOneNotNested() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var depth = 0
        var maxDepth = 0
        let subscription = subject.flatMap { Observable.just($0) }
            .subscribe(onNext: { value in
                depth += 1
                maxDepth = max(maxDepth, depth)
                received.append(value)
                if value < 5 { subject.onNext(value + 1) }
                depth -= 1
            })
        subject.onNext(0)
        #expect(received == [0, 1, 2, 3, 4, 5])
        #expect(maxDepth == 1)
        subscription.dispose()
    }

    @Test func selectorErrorDuringAnotherInnersDeliveryEndsOnce() {
        let subject = PublishSubject<Int>()
        var events: [String] = []
        _ = subject
            .flatMap { value -> Observable<Int> in
                if value == 2 { throw testError }
                return Observable.just(value)
            }
            .subscribe(onNext: { value in
                events.append("next \(value)")
                subject.onNext(value + 1)  // 2 throws, once this call returns
            }, onError: { events.append("error \($0)") })
        subject.onNext(1)
        #expect(events == ["next 1", "error \(testError)"])
    }

    // MARK: merge(maxConcurrent:) / concatMap

    /// Many synchronous inners waiting behind an asynchronous one are started one after another once it
    /// completes: a loop, not a recursion (100,000 nested subscriptions would overflow the stack).
    @Test func waitingSynchronousInnersStartInALoop() {
        let gate = PublishSubject<Int>()
        let count = 100_000
        var received = 0
        var last = -1
        var completed = false
        let subscription = Observable.from(Array(0...count))
            .concatMap { value -> Observable<Int> in value == 0 ? gate.asObservable() : Observable.just(value) }
            .subscribe(onNext: { value in
                received += 1
                last = value
            }, onCompleted: { completed = true })
        #expect(received == 0)
        gate.onNext(0)
        gate.onCompleted()
        #expect(received == count + 1)
        #expect(last == count)
        #expect(completed)
        subscription.dispose()
    }

    @Test func concatMapOfSynchronousInnersKeepsOrderAndReleasesEverything() {
        let delta = resourceDelta {
            var received: [Int] = []
            var completed = false
            _ = Observable.from(Array(1...5))
                .concatMap { Observable.from([$0, $0 * 10]) }
                .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
            #expect(received == [1, 10, 2, 20, 3, 30, 4, 40, 5, 50])
            #expect(completed)
        }
        #expect(delta == 0)
    }

    @Test func mergeMaxConcurrentStartsTheNextWaitingInnerWhenASynchronousOneCompletesWhileWaitingOnesExist() {
        let subject = PublishSubject<Observable<Int>>()
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        var received: [Int] = []
        var completed = false
        let subscription = subject.merge(maxConcurrent: 2)
            .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        subject.onNext(first.asObservable())
        subject.onNext(Observable.just(1))           // runs at once (2 slots), completes synchronously
        subject.onNext(second.asObservable())        // takes the freed slot
        subject.onNext(Observable.from([2, 3]))      // waits
        #expect(received == [1])
        #expect(second.hasObservers)
        first.onNext(7)
        first.onCompleted()                          // frees a slot: [2, 3] runs
        #expect(received == [1, 7, 2, 3])
        subject.onCompleted()
        #expect(!completed)
        second.onCompleted()
        #expect(completed)
        subscription.dispose()
    }

    // MARK: flatMapLatest

    /// RxSwift disposes the previous inner before subscribing the next (`_innerSubscription.disposable = d`
    /// precedes `observable.subscribe(observer)` in SwitchSink.on, RxSwift/Observables/Switch.swift).
    @Test func flatMapLatestDisposesThePreviousSynchronousInnerBeforeSubscribingTheNext() {
        let log = Log()
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject
            .flatMapLatest { value in Self.synchronousInner([value], completes: false, name: "\(value)", log: log) }
            .subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        #expect(received == [1, 2, 3])
        #expect(log.entries == ["subscribe 1", "dispose 1", "subscribe 2", "dispose 2", "subscribe 3"])
        subscription.dispose()
        #expect(log.entries.last == "dispose 3")
    }

    @Test func flatMapLatestOfJustCompletesWhenTheOuterCompletesAndReleasesEverything() {
        let delta = resourceDelta {
            let subject = PublishSubject<Int>()
            var received: [Int] = []
            var completed = false
            _ = subject.flatMapLatest { Observable.just($0 + 1) }
                .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
            for value in 0..<5 { subject.onNext(value) }
            #expect(received == [1, 2, 3, 4, 5])
            #expect(!completed)
            subject.onCompleted()
            #expect(completed)
        }
        #expect(delta == 0)
    }

    @Test func flatMapLatestIgnoresAReplacedInnerThatSendsLater() {
        let subject = PublishSubject<Int>()
        let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
        var received: [Int] = []
        let subscription = subject.flatMapLatest { inners[$0].asObservable() }.subscribe(onNext: { received.append($0) })
        subject.onNext(0)
        inners[0].onNext(1)
        subject.onNext(1)
        #expect(!inners[0].hasObservers)
        inners[0].onNext(2)
        inners[1].onNext(3)
        #expect(received == [1, 3])
        subscription.dispose()
        #expect(!inners[1].hasObservers)
    }

    @Test func disposingMidFlightReleasesEveryResource() {
        let delta = resourceDelta {
            let subject = PublishSubject<Int>()
            let open = PublishSubject<Int>()
            let merged = subject.flatMap { $0 == 0 ? open.asObservable() : Observable.just($0) }
                .subscribe(onNext: { _ in })
            let latest = subject.flatMapLatest { $0 == 0 ? open.asObservable() : Observable.just($0) }
                .subscribe(onNext: { _ in })
            let concatenated = subject.concatMap { $0 == 0 ? open.asObservable() : Observable.just($0) }
                .subscribe(onNext: { _ in })
            subject.onNext(0)
            subject.onNext(1)
            subject.onNext(2)  // concatMap: waiting behind `open`
            merged.dispose()
            latest.dispose()
            concatenated.dispose()
            #expect(!open.hasObservers)
            #expect(!subject.hasObservers)
        }
        #expect(delta == 0)
    }

    // MARK: `just` inners (handed on without being subscribed)

    /// RxSwift's concatMap is merge with one inner at a time: a `just` that arrives while another inner
    /// runs waits its turn, and is delivered, in arrival order, once that inner completes.
    @Test func concatMapJustWaitsBehindARunningInnerAndFollowsItInOrder() {
        let subject = PublishSubject<Int>()
        let open = PublishSubject<Int>()
        var events: [String] = []
        let subscription = subject.concatMap { $0 == 0 ? open.asObservable() : Observable.just($0) }
            .subscribe(onNext: { events.append("next \($0)") }, onCompleted: { events.append("completed") })
        subject.onNext(0)
        subject.onNext(1)
        subject.onNext(2)
        open.onNext(10)
        #expect(events == ["next 10"])
        subject.onCompleted()
        open.onCompleted()
        #expect(events == ["next 10", "next 1", "next 2", "completed"])
        #expect(!open.hasObservers)
        subscription.dispose()
    }

    /// RxSwift's flatMapFirst ignores elements while an inner runs; a `just` ends at once, so the next
    /// element is taken again.
    @Test func flatMapFirstTakesTheNextElementAfterAJustAndIgnoresElementsWhileAnInnerRuns() {
        let subject = PublishSubject<Int>()
        let open = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.flatMapFirst { $0 == 0 ? open.asObservable() : Observable.just($0) }
            .subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(0)
        subject.onNext(3)  // ignored: `open` runs
        open.onCompleted()
        subject.onNext(4)
        #expect(received == [1, 2, 4])
        subscription.dispose()
    }

    /// Disposing from the observer while it receives a `just`'s element ends everything: the `just`'s
    /// completion, later elements and the outer completion are not delivered (RxSwift: nothing is sent
    /// after disposal).
    @Test(arguments: [false, true])
    func disposingWhileReceivingAJustsElementStopsEverything(latest: Bool) {
        let subject = PublishSubject<Int>()
        var events: [String] = []
        var subscription: Disposable?
        let flattened = latest ? subject.flatMapLatest { Observable.just($0) } : subject.flatMap { Observable.just($0) }
        subscription = flattened
            .subscribe(onNext: { events.append("next \($0)"); subscription?.dispose() },
                       onCompleted: { events.append("completed") })
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        #expect(events == ["next 1"])
        #expect(!subject.hasObservers)
    }

    /// RxSwift's switch disposes the running inner when the next element arrives, also when the next inner
    /// is a `just`; an element the replaced inner sends afterwards, from another thread, is not delivered.
    @Test func flatMapLatestJustReplacesAnInnerThatSendsLaterFromAnotherThread() async {
        let subject = PublishSubject<Int>()
        let open = PublishSubject<Int>()
        let received = LockedValues()
        let subscription = subject.flatMapLatest { $0 == 0 ? open.asObservable() : Observable.just($0) }
            .subscribe(onNext: { received.append($0) })
        subject.onNext(0)
        open.onNext(10)
        subject.onNext(1)
        #expect(!open.hasObservers)
        await Task.detached { open.onNext(11) }.value
        subject.onNext(2)
        #expect(received.values == [10, 1, 2])
        subscription.dispose()
    }

    /// The outer sequence's completion ends flatMapLatest only once the current inner has completed; a
    /// `just` has completed by the time the next outer event is handled.
    @Test func flatMapLatestCompletesAtOnceWhenTheOuterCompletesAfterAJustReplacedARunningInner() {
        let subject = PublishSubject<Int>()
        let open = PublishSubject<Int>()
        var events: [String] = []
        _ = subject.flatMapLatest { $0 == 0 ? open.asObservable() : Observable.just($0) }
            .subscribe(onNext: { events.append("next \($0)") }, onCompleted: { events.append("completed") })
        subject.onNext(0)
        subject.onNext(1)
        subject.onCompleted()
        #expect(events == ["next 1", "completed"])
        #expect(!open.hasObservers)
    }

    /// `merge` of `just`s and `Single.just` inners: elements in order, one completion, nothing left alive.
    @Test func mergeOfJustsAndSingleJustInnersReleaseEverything() {
        let delta = resourceDelta {
            var events: [String] = []
            _ = Observable.merge(Observable.just(1), Observable.just(2))
                .flatMap { Single.just($0 * 10) }
                .subscribe(onNext: { events.append("next \($0)") }, onCompleted: { events.append("completed") })
            #expect(events == ["next 10", "next 20", "completed"])
        }
        #expect(delta == 0)
    }
}
