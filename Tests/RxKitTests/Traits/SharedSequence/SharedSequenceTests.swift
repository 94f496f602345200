import RxKit
import RxKitTest
import Testing

/// SharedSequence creation and SharingScheduler (RxCocoa's SharedSequence.swift, SharingScheduler).
@Suite struct SharedSequenceTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func creationHelpersDeliverOnTheSharingScheduler() {
        SharingScheduler.mock(scheduler: scheduler) {
            let just = scheduler.start(created: 100, subscribed: 200, disposed: 300) { Driver.just(1).asObservable() }
            let of = scheduler.start(created: 300, subscribed: 400, disposed: 500) { Driver.of(1, 2).asObservable() }
            let optional = scheduler.start(created: 500, subscribed: 600, disposed: 700) { Signal.from(optional: nil as Int?).asObservable() }
            let never = scheduler.start(created: 700, subscribed: 800, disposed: 900) { Driver<Int>.never().asObservable() }
            #expect(just.events == [.next(201, 1), .completed(201)])
            #expect(of.events == [.next(401, 1), .next(402, 2), .completed(403)])
            #expect(optional.events == [.completed(601)])
            #expect(never.events.isEmpty)
        }
    }

    /// A sharing strategy of the test's own (RxCocoa lets an app define one), sharing as a Driver does.
    struct CustomSharing: SharingStrategyProtocol {
        static var scheduler: SchedulerType { SharingScheduler.make() }
        static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
            source.share(replay: 1, scope: .whileConnected)
        }
    }

    // RxCocoa's `asSharedSequence(sharingStrategy:onErrorJustReturn:/onErrorDriveWith:/onErrorRecover:)`
    // (ObservableConvertibleType+SharedSequence.swift): observe on the strategy's scheduler, replace the
    // error, share with the strategy.
    @Test func asSharedSequenceOfAnyStrategyHopsToItsSchedulerReplacesTheErrorAndShares() {
        SharingScheduler.mock(scheduler: scheduler) {
            let forms: [(Observable<Int>) -> SharedSequence<CustomSharing, Int>] = [
                { $0.asSharedSequence(sharingStrategy: CustomSharing.self, onErrorJustReturn: -1) },
                { $0.asSharedSequence(onErrorDriveWith: SharedSequence<CustomSharing, Int>.just(-2)) },
                { $0.asSharedSequence(onErrorRecover: { error in .just(error as? TestError == testError ? -3 : 0) }) },
            ]
            for (index, form) in forms.enumerated() {
                let start = TestTime(1_000 * (index + 1))
                let xs = scheduler.createHotObservable([.next(start + 10, 1), .error(start + 20, testError)])
                let shared = form(xs.asObservable())
                let first = scheduler.createObserver(Int.self)
                let second = scheduler.createObserver(Int.self)
                scheduler.scheduleAt(start) { _ = shared.asObservable().subscribe(first) }
                scheduler.scheduleAt(start + 15) { _ = shared.asObservable().subscribe(second) }
                scheduler.start()
                let fallback = -(index + 1)
                // Each event one tick later (the strategy's scheduler); the fallback's `just` delivers on it
                // too, one more tick for the drive-with and recover forms.
                let fallbackTime = index == 0 ? start + 21 : start + 22
                #expect(first.events == [.next(start + 11, 1), .next(fallbackTime, fallback), .completed(fallbackTime)])
                // The second subscriber shares the connection: the replayed 1, then the same events.
                #expect(second.events == [.next(start + 15, 1), .next(fallbackTime, fallback), .completed(fallbackTime)])
                #expect(xs.subscriptions.count == 1)
            }
        }
    }

    /// Runs one script through `asSharedSequence(sharingStrategy:onErrorJustReturn:)` of `strategy`: two
    /// subscribers that both leave, then one more until the source fails.
    /// What `connections(_:)` recorded: each subscriber's events and the source's subscriptions.
    typealias Connections = (first: [Recorded<Event<Int>>], late: [Recorded<Event<Int>>], again: [Recorded<Event<Int>>],
                             subscriptions: [Subscription])

    /// `connections(_:)`, checking that it leaves no resource alive (every connection released).
    func connectionsReleasingEverything<Strategy: SharingStrategyProtocol>(_ strategy: Strategy.Type) throws -> Connections {
        var recorded: Connections?
        #expect(resourceDelta { recorded = connections(strategy) } == 0)
        return try #require(recorded)
    }

    func connections<Strategy: SharingStrategyProtocol>(_ strategy: Strategy.Type) -> Connections {
        var recorded: Connections = ([], [], [], [])
        SharingScheduler.mock(scheduler: scheduler) {
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(260, 9), .next(310, 3), .error(320, testError)])
            let shared = xs.asObservable().asSharedSequence(sharingStrategy: strategy, onErrorJustReturn: -1).asObservable()
            let first = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            let again = scheduler.createObserver(Int.self)
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
            scheduler.scheduleAt(220) { subscriptions.append(shared.subscribe(late)) }
            scheduler.scheduleAt(250) { subscriptions.forEach { $0.dispose() } }
            scheduler.scheduleAt(300) { _ = shared.subscribe(again) }
            scheduler.start()
            recorded = (first.events, late.events, again.events, xs.subscriptions)
        }
        return recorded
    }

    // RxCocoa's asSharedSequence(sharingStrategy:onErrorJustReturn:) with Driver's strategy is
    // asDriver(onErrorJustReturn:): observe on the sharing scheduler, the error becomes the fallback and
    // the completion, share(replay: 1, scope: .whileConnected) (a late subscriber gets the latest element;
    // after the last one leaves, the next subscriber subscribes to the source again, with nothing replayed).
    @Test func asSharedSequenceWithTheDriverStrategySharesAsADriver() throws {
        let driver = try connectionsReleasingEverything(DriverSharingStrategy.self)
        #expect(driver.first == [.next(211, 1), .next(231, 2)])
        #expect(driver.late == [.next(220, 1), .next(231, 2)])
        #expect(driver.again == [.next(311, 3), .next(321, -1), .completed(321)])
        #expect(driver.subscriptions.count == 2 && driver.subscriptions.first == Subscription(200, 250))
    }

    // RxCocoa: with Signal's strategy it is asSignal(onErrorJustReturn:), the same shared with no replay.
    @Test func asSharedSequenceWithTheSignalStrategySharesAsASignal() throws {
        let signal = try connectionsReleasingEverything(SignalSharingStrategy.self)
        #expect(signal.first == [.next(211, 1), .next(231, 2)])
        #expect(signal.late == [.next(231, 2)])
        #expect(signal.again == [.next(311, 3), .next(321, -1), .completed(321)])
        #expect(signal.subscriptions.count == 2 && signal.subscriptions.first == Subscription(200, 250))
    }

    @Test func deferredBuildsPerSubscriber() {
        var built = 0
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Driver<Int>.deferred { built += 1; return .just(built) }
            let a = scheduler.start(created: 100, subscribed: 200, disposed: 300) { driver.asObservable() }
            let b = scheduler.start(created: 300, subscribed: 400, disposed: 500) { driver.asObservable() }
            #expect(a.events == [.next(201, 1), .completed(201)])
            #expect(b.events == [.next(401, 2), .completed(401)])
        }
    }

    @Test func intervalTicksOnTheSharingScheduler() {
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start(disposed: 235) { Driver<Int>.interval(.seconds(10)).asObservable() }
            #expect(res.events == [.next(210, 0), .next(220, 1), .next(230, 2)])
        }
    }

    // The override is task-local: two tests mocking at the same time each see their own scheduler.
    @Test func mockIsScopedToTheCallingTask() async {
        let other = TestScheduler(initialClock: 0)
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                var ok = true
                SharingScheduler.mock(scheduler: other) { ok = SharingScheduler.make() as AnyObject === other }
                return ok
            }
            group.addTask { SharingScheduler.make() is MainScheduler }
            for await ok in group { #expect(ok) }
        }
        await SharingScheduler.mock(scheduler: scheduler) {
            await Task.yield()
            #expect(SharingScheduler.make() as AnyObject === scheduler)
        }
    }

    // The async mock keeps the factory in force across suspension points; each operator built reads it.
    @Test func asyncMockMakeSchedulerStaysInForceAcrossSuspensions() async {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        var made = 0
        await SharingScheduler.mock(makeScheduler: { made += 1; return scheduler }) {
            await Task.yield()
            #expect(SharingScheduler.make() as AnyObject === scheduler)
            let res = scheduler.start { xs.asDriver(onErrorJustReturn: 0).asObservable() }
            #expect(res.events == [.next(211, 1), .completed(221)])
        }
        #expect(made == 2)
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func asInfallibleKeepsTheElements() {
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start { Driver.just(1).asInfallible().asObservable() }
            #expect(res.events == [.next(201, 1), .completed(201)])
        }
    }

    @Test func infallibleAsDriverAndAsSignal() {
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start { Infallible.just(1).asDriver().asObservable() }
            #expect(res.events == [.next(201, 1), .completed(202)])
        }
        let s2 = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: s2) {
            let res = s2.start { Infallible.just(1).asSignal().asObservable() }
            #expect(res.events == [.next(201, 1), .completed(202)])
        }
    }
}
