import CombineKit
import CombineKitTest
import RxCombineBridge
import RxKit
import RxKitTest
import Testing

@Suite struct TraitBridgingTests {
    @Test func infallibleBecomesANeverFailingPublisherWithinDemand() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        Infallible.of(1, 2, 3).asPublisher().subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        guard case .finished? = subscriber.completion else {
            Issue.record("expected finished")
            return
        }
    }

    // Driver's guarantees survive the bridge: main-scheduler delivery (mocked here) and replay of the latest.
    @Test func driverBecomesAPublisherThatReplaysTheLatestElement() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        SharingScheduler.mock(scheduler: scheduler) {
            let relay = BehaviorRelay(value: "a")
            let driver = relay.asDriver()
            let first = TestSubscriber<String, Never>()
            driver.asPublisher().subscribe(first)
            scheduler.advanceTo(1)
            relay.accept("b")
            scheduler.advanceTo(2)
            let late = TestSubscriber<String, Never>()
            driver.asPublisher().subscribe(late)
            scheduler.advanceTo(3)
            #expect(first.values == ["a", "b"])
            #expect(late.values == ["b"])
        }
    }

    @Test func signalBecomesAPublisherWithoutReplay() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        SharingScheduler.mock(scheduler: scheduler) {
            let relay = PublishRelay<Int>()
            let signal = relay.asSignal()
            let first = TestSubscriber<Int, Never>()
            signal.asPublisher().subscribe(first)
            relay.accept(1)
            scheduler.advanceTo(1)
            let late = TestSubscriber<Int, Never>()
            signal.asPublisher().subscribe(late)
            scheduler.advanceTo(2)
            #expect(first.values == [1])
            #expect(late.values.isEmpty)
        }
    }

    @Test func relaysBecomeNeverFailingPublishers() {
        let behavior = BehaviorRelay(value: 1)
        let subscriber = TestSubscriber<Int, Never>()
        behavior.asPublisher().subscribe(subscriber)
        behavior.accept(2)
        #expect(subscriber.values == [1, 2])
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        replay.accept(7)
        let replayed = TestSubscriber<Int, Never>()
        replay.asPublisher().subscribe(replayed)
        #expect(replayed.values == [7])
        let publish = PublishRelay<Int>()
        let published = TestSubscriber<Int, Never>()
        publish.asPublisher().subscribe(published)
        publish.accept(3)
        #expect(published.values == [3])
    }

    @Test func singleMaybeAndCompletableShapes() {
        let single = TestSubscriber<Int, Error>()
        Single.just(4).asPublisher().subscribe(single)
        #expect(single.values == [4])
        let maybe = TestSubscriber<Int, Error>()
        Maybe<Int>.empty().asPublisher().subscribe(maybe)
        #expect(maybe.values.isEmpty)
        guard case .finished? = maybe.completion else {
            Issue.record("expected an empty Maybe to finish")
            return
        }
        let completable = TestSubscriber<Never, Error>()
        let published: AnyPublisher<Never, Error> = Completable.error(BridgeTestError(id: 6)).asPublisher()
        published.subscribe(completable)
        guard case .failure(let error)? = completable.completion else {
            Issue.record("expected failure")
            return
        }
        #expect(error as? BridgeTestError == BridgeTestError(id: 6))
    }

    @Test func neverFailingPublisherAsInfallible() {
        var values: [Int] = []
        var completed = false
        _ = [1, 2].publisher.asInfallible().subscribe(onNext: { values.append($0) }, onCompleted: { completed = true })
        #expect(values == [1, 2] && completed)
    }

    @Test func failingPublisherAsInfallibleRecovers() {
        var values: [Int] = []
        _ = Fail<Int, BridgeTestError>(error: BridgeTestError(id: 1)).asInfallible(onErrorJustReturn: -1)
            .subscribe(onNext: { values.append($0) })
        _ = Fail<Int, BridgeTestError>(error: BridgeTestError(id: 1)).asInfallible(onErrorFallbackTo: .just(-2))
            .subscribe(onNext: { values.append($0) })
        _ = Fail<Int, BridgeTestError>(error: BridgeTestError(id: 3)).asInfallible(onErrorRecover: { error in
            .just((error as? BridgeTestError)?.id ?? 0)
        }).subscribe(onNext: { values.append($0) })
        #expect(values == [-1, -2, 3])
    }

    @Test func publishersAsDriverAndSignalInVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        SharingScheduler.mock(scheduler: scheduler) {
            let subject = PassthroughSubject<Int, BridgeTestError>()
            let driverObserver = scheduler.createObserver(Int.self)
            let signalObserver = scheduler.createObserver(Int.self)
            _ = subject.asDriver(onErrorJustReturn: 0).drive(driverObserver)
            _ = subject.asSignal(onErrorJustReturn: -1).emit(to: signalObserver)
            scheduler.scheduleAt(10) { subject.send(5) }
            scheduler.scheduleAt(20) { subject.send(completion: .failure(BridgeTestError(id: 1))) }
            scheduler.start()
            #expect(driverObserver.events == [.next(10, 5), .next(20, 0), .completed(20)])
            #expect(signalObserver.events == [.next(10, 5), .next(20, -1), .completed(20)])
            let never = PassthroughSubject<String, Never>()
            let viaDriver = scheduler.createObserver(String.self)
            _ = never.asDriver().drive(viaDriver)
            never.send("x")
            scheduler.start()
            #expect(viaDriver.events.map(\.value) == [.next("x")])
        }
    }

    @Test func boundedFailPolicyIsRejectedForNeverFailingSources() async {
        await #expect(processExitsWith: .failure) {
            _ = Infallible.just(1).asPublisher(bufferPolicy: .bounded(1, whenFull: .fail))
        }
    }
}
