import RxKit
import RxKitTest
import Testing

@Suite struct GroupByTests {
    @Test func sendsAGroupPerNewKeyAndRoutesElementsToTheirGroup() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, "z0"), .next(210, "a1"), .next(220, "b1"), .next(230, "a2"), .next(240, "c1"), .next(250, "b2"), .completed(300),
        ])
        let log = recordGroups(scheduler) { xs.groupBy { $0.first! } }
        #expect(log == [
            .next(210, "open a"), .next(210, "a: a1"),
            .next(220, "open b"), .next(220, "b: b1"),
            .next(230, "a: a2"),
            .next(240, "open c"), .next(240, "c: c1"),
            .next(250, "b: b2"),
        ] + Array(log.suffix(4).prefix(3)) + [.completed(300)])
        // Groups are kept in a dictionary, so their order at termination is unspecified.
        #expect(Set(log.suffix(4).prefix(3).map { "\($0.time) \($0.value)" }) == ["300 next(a completed)", "300 next(b completed)", "300 next(c completed)"])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func groupKeyAndAsObservableExposeTheGroup() {
        var keys: [Int] = []
        var evens: [Int] = []
        _ = Observable.of(1, 2, 3, 4).groupBy { $0 % 2 }.subscribe(onNext: { group in
            keys.append(group.key)
            if group.key == 0 { _ = group.asObservable().subscribe(onNext: { evens.append($0) }) }
        })
        #expect(keys == [1, 0])
        #expect(evens == [2, 4])
    }

    @Test func aLateGroupSubscriberMissesEarlierElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 3), .completed(300)])
        let res = scheduler.createObserver(Int.self)
        var group: GroupedObservable<Int, Int>?
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(xs.groupBy { $0 % 2 }.subscribe(onNext: { group = $0 })) }
        scheduler.scheduleAt(215) { subscriptions.append(group!.subscribe(res)) }
        scheduler.start()
        #expect(res.events == [.next(220, 3), .completed(300)])
        subscriptions.forEach { $0.dispose() }
    }

    @Test func upstreamErrorGoesToEveryGroupThenDownstream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a1"), .next(220, "b1"), .error(250, testError)])
        let log = recordGroups(scheduler) { xs.groupBy { $0.first! } }
        #expect(Array(log.prefix(4)) == [.next(210, "open a"), .next(210, "a: a1"), .next(220, "open b"), .next(220, "b: b1")])
        // Groups are kept in a dictionary, so their order at termination is unspecified.
        #expect(Set(log.dropFirst(4).dropLast().map { "\($0.value)" }) == ["next(a TestError(1))", "next(b TestError(1))"])
        #expect(log.last == .error(250, testError))
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func thrownKeySelectorErrorFailsEveryGroupAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a1"), .next(220, "!"), .next(230, "a2"), .completed(300)])
        let log = recordGroups(scheduler) { xs.groupBy { value -> Character in
            if value == "!" { throw testError }
            return value.first!
        } }
        #expect(log == [.next(210, "open a"), .next(210, "a: a1"), .next(220, "a TestError(1)"), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func disposalWithNoGroupSubscribedUnsubscribesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.groupBy { $0 }.map { $0.key } }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func aSubscribedGroupKeepsTheSourceAliveUntilItIsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a1"), .next(260, "a2"), .next(270, "b1"), .next(290, "a3"), .completed(400)])
        let log = recordGroups(scheduler, disposed: 250, groupsDisposed: 280) { xs.groupBy { $0.first! } }
        // After 250 new groups are not sent; group a still receives its elements until 280.
        #expect(log == [.next(210, "open a"), .next(210, "a: a1"), .next(260, "a: a2")])
        #expect(xs.subscriptions == [Subscription(200, 280)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, "a1"), .next(20, "b1"), .next(30, "a2"), .completed(100)])
            _ = recordGroups(scheduler) { xs.groupBy { $0.first! } }
            _ = recordGroups(scheduler, disposed: 225, groupsDisposed: 240) { xs.groupBy { $0.first! } }
            _ = recordGroups(scheduler) { xs.groupBy { _ -> Int in throw testError } }
        }
        #expect(delta == 0)
    }
}

/// Subscribes at 200 and to each group as it arrives, disposes the outer subscription at `disposed`
/// and every group subscription at `groupsDisposed`, and logs it all as strings: "open key",
/// "key: element", "key completed", "key <error>"; the outer terminal event is logged as itself.
fileprivate func recordGroups<Key>(
    _ scheduler: TestScheduler, disposed: TestTime = 1000, groupsDisposed: TestTime = 1000,
    _ create: @escaping () -> Observable<GroupedObservable<Key, String>>
) -> [Recorded<Event<String>>] {
    let log = scheduler.createObserver(String.self)
    var outer: Disposable?
    var groups: [Disposable] = []
    let start = scheduler.clock
    scheduler.scheduleAt(start + 200) {
        outer = create().subscribe { event in
            switch event {
            case .next(let group):
                let key = group.key
                log.onNext("open \(key)")
                groups.append(group.subscribe { event in
                    switch event {
                    case .next(let value): log.onNext("\(key): \(value)")
                    case .completed: log.onNext("\(key) completed")
                    case .error(let error): log.onNext("\(key) \(error)")
                    }
                })
            case .completed: log.onCompleted()
            case .error(let error): log.onError(error)
            }
        }
    }
    scheduler.scheduleAt(start + disposed) { outer?.dispose() }
    scheduler.scheduleAt(start + groupsDisposed) { groups.forEach { $0.dispose() } }
    scheduler.start()
    return log.events.map { Recorded(time: $0.time - start, value: $0.value) }
}
