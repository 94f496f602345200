import Foundation
import RxKit
import Testing

/// `share(replay: 0 or 1, scope: .whileConnected)` (every Driver operator ends in one) delivers an element
/// without taking its lock: the delivering thread owns the connection's delivery state (the single
/// observer's lane, the latest element) through the hub's state word, and a subscriber that joins or
/// leaves while another thread delivers leaves that state to the delivering thread, which brings it up to
/// date before its delivery ends. These tests stop a delivery inside an observer (semaphores, no timing)
/// and join or leave from another thread meanwhile; the last one races it freely (for TSan).
@Suite("Stress RxKit share connection")
struct StressShareConnectionTests {
    /// How a test's subscribers reach the share: through a map sink, or through another share (a Driver's
    /// next operator), whose connection the share keeps as a node — without an entry object when it is
    /// the first observer and nobody is delivering.
    enum Attachment: CaseIterable, Sendable {
        case throughSink, throughShare

        func attach(_ shared: Observable<Int>) -> Observable<Int> {
            switch self {
            case .throughSink: shared.map { $0 }
            case .throughShare: shared.share(replay: 1)
            }
        }
    }

    /// A subscriber that joins while another thread is inside a delivery gets the latest element once,
    /// after that delivery (a replay never overlaps a live event), and then what follows.
    @Test(arguments: Attachment.allCases)
    func aSubscriberJoiningDuringAnotherThreadsDeliveryGetsTheLatestOnceAfterIt(_ attachment: Attachment) {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let inDelivery = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let first = Locked<[Int]>([])
        let firstSubscription = attachment.attach(shared).subscribe(onNext: { value in
            first.mutate { $0.append(value) }
            if value == 1 {
                inDelivery.signal()
                proceed.wait()
            }
        })
        let done = onAnotherThread { subject.onNext(1) }
        inDelivery.wait()
        let joiner = CheckedObserver<Int>()
        let joinerSubscription = attachment.attach(shared).subscribe(joiner)
        #expect(joiner.values == [], "the replay overlapped the delivery in progress")
        proceed.signal()
        done.wait()
        #expect(joiner.values == [1])
        subject.onNext(2)
        #expect(joiner.values == [1, 2])
        #expect(first.value == [1, 2])
        #expect(joiner.grammar.violations.isEmpty)
        firstSubscription.dispose()
        joinerSubscription.dispose()
        #expect(!subject.hasObservers)
    }

    /// The same, with the delivering observer sending again (re-entrantly, so delivered nested) after the
    /// subscriber joined: the nested element skips the joiner, whose pending replay then gives it that
    /// element as the latest — once, not twice.
    @Test(arguments: Attachment.allCases)
    func aJoinerWaitingForItsReplaySkipsElementsNestedInTheDeliveryInProgress(_ attachment: Attachment) {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let inDelivery = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let first = Locked<[Int]>([])
        let firstSubscription = attachment.attach(shared).subscribe(onNext: { value in
            first.mutate { $0.append(value) }
            if value == 1 {
                inDelivery.signal()
                proceed.wait()
                subject.onNext(2)  // nested
            }
        })
        let done = onAnotherThread { subject.onNext(1) }
        inDelivery.wait()
        let joiner = CheckedObserver<Int>()
        let joinerSubscription = attachment.attach(shared).subscribe(joiner)
        proceed.signal()
        done.wait()
        #expect(joiner.values == [2], "an element reached the joiner twice, or its replay was lost")
        #expect(first.value == [1, 2])
        subject.onNext(3)
        #expect(joiner.values == [2, 3])
        firstSubscription.dispose()
        joinerSubscription.dispose()
    }

    /// While another thread delivers to the only subscriber (through its lane, unretained), a second one
    /// joins and the first leaves: the first is released once that delivery ends, and the next element
    /// goes to the second only (the delivering thread replaced the lane it used before its delivery ended).
    @Test(arguments: Attachment.allCases)
    func subscribersChangingDuringAnotherThreadsDeliveryTakeEffectWhenItEnds(_ attachment: Attachment) {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let inDelivery = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let first = Locked<[Int]>([])
        let released = Locked(0)
        var firstSubscription: Disposable? = {
            let watch = DeinitProbe(released)
            return attachment.attach(shared).subscribe(onNext: { value in
                watch.touch()
                first.mutate { $0.append(value) }
                if value == 1 {
                    inDelivery.signal()
                    proceed.wait()
                }
            })
        }()
        let done = onAnotherThread { subject.onNext(1) }
        inDelivery.wait()
        let second = CheckedObserver<Int>()
        let secondSubscription = attachment.attach(shared).subscribe(second)
        firstSubscription?.dispose()
        firstSubscription = nil
        proceed.signal()
        done.wait()
        #expect(released.value == 1, "the subscriber that left was not released")
        #expect(second.values == [1])
        subject.onNext(2)
        #expect(first.value == [1], "an element reached a subscriber that had left")
        #expect(second.values == [1, 2], "the next element did not reach the remaining subscriber")
        secondSubscription.dispose()
        #expect(!subject.hasObservers)
    }

    /// The last subscriber leaving while another thread delivers disconnects the source, and the latest
    /// element goes with the connection: a new subscriber starts a new connection with no replay.
    @Test func theLastSubscriberLeavingDuringAnotherThreadsDeliveryDropsTheConnection() {
        let inDelivery = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let elementReleased = Locked(0)
        let elements = PublishSubject<DeinitProbe>()
        let sharedElements = elements.share(replay: 1)
        // Subscribed directly (an `AnyObserver` takes elements through a lane), so the disposable is the
        // share's own subscription, which holds the connection.
        let firstSubscription = sharedElements.subscribe(AnyObserver { event in
            guard case .next = event else { return }
            inDelivery.signal()
            proceed.wait()
        })
        let done = onAnotherThread { elements.onNext(DeinitProbe(elementReleased)) }
        inDelivery.wait()
        firstSubscription.dispose()
        #expect(!elements.hasObservers, "the last subscriber out did not disconnect")
        proceed.signal()
        done.wait()
        // The disposed subscription still holds the connection: the element must go all the same.
        withExtendedLifetime(firstSubscription) {
            #expect(elementReleased.value == 1, "the stopped connection kept its latest element")
        }
        let late = CheckedObserver<DeinitProbe>()
        let lateSubscription = sharedElements.subscribe(late)
        #expect(late.values.isEmpty, "a new connection replayed the old one's element")
        lateSubscription.dispose()
    }

    /// Subscribers join and leave on several threads while one thread sends, the first subscriber
    /// re-entrantly sending an element after each even one (delivered nested, so later subscribers get
    /// it before the even one, as in RxSwift). The first one gets every element once; every subscriber
    /// gets each element at most once, and each one still subscribed when the sends end has the element
    /// delivered last (as a replay or live).
    @Test func subscribersJoinAndLeaveWhileTheSoleSubscriberDeliversNestedSends() {
        let sends = Stress.valuesPerThread * 4
        for _ in 0..<Stress.rounds {
            let subject = PublishSubject<Int>()
            let shared = subject.share(replay: 1)
            let keeper = Locked<[Int]>([])
            let keeperSubscription = shared.map { $0 }.subscribe(onNext: { value in
                keeper.mutate { $0.append(value) }
                if value.isMultiple(of: 2) { subject.onNext(value + 1) }
            })
            let kept = Locked<[CheckedObserver<Int>]>([])
            let left = Locked<[CheckedObserver<Int>]>([])
            let keptSubscriptions = Locked<[UncheckedBox<Disposable>]>([])
            Stress.race(3) { thread in
                if thread == 0 {
                    for index in 0..<sends { subject.onNext(index * 2) }
                    return
                }
                for index in 0..<Stress.valuesPerThread / 5 {
                    let observer = CheckedObserver<Int>()
                    let subscription = shared.map { $0 }.subscribe(observer)
                    if index.isMultiple(of: 3) {
                        kept.mutate { $0.append(observer) }
                        keptSubscriptions.mutate { $0.append(UncheckedBox(subscription)) }
                    } else {
                        left.mutate { $0.append(observer) }
                        subscription.dispose()
                    }
                }
            }
            // Not necessarily in order: a joiner's thread may deliver queued elements to the keeper
            // (after its replay), and the keeper's send from there reaches the subject from that thread.
            #expect(keeper.value.sorted() == Array(0..<(sends * 2)))
            for observer in kept.value + left.value {
                let values = observer.values
                #expect(observer.grammar.violations.isEmpty)
                #expect(Set(values).count == values.count, "an element arrived twice: \(values)")
            }
            // The element delivered last (the keeper is the first observer, so it gets each element
            // first) is the latest: every subscriber still there got it, live or as its replay.
            // (Not necessarily the largest: an element the keeper sent from a joiner's thread, which was
            // delivering queued elements after its replay, may wait for the source's thread.)
            let last = keeper.value.last
            for observer in kept.value {
                #expect(observer.values.contains { $0 == last }, "a subscriber missed the latest element")
            }
            for subscription in keptSubscriptions.value { subscription.value.dispose() }
            keeperSubscription.dispose()
            #expect(!subject.hasObservers)
        }
    }
}

/// Counts its own deinit (a leak probe: captured only by what is under test).
final class DeinitProbe: @unchecked Sendable {
    private let released: Locked<Int>
    private let touches = Locked(0)
    init(_ released: Locked<Int>) { self.released = released }
    func touch() { touches.mutate { $0 += 1 } }
    deinit { released.mutate { $0 += 1 } }
}
