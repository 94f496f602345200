import CombineKit
import CombineKitTest
import Foundation
import GrammarChecking
import RxKit
import RxKitTest
import Testing

/// The recording helpers catch grammar violations. Each test breaks the grammar on purpose, so it
/// relaxes the reporting (`allowGrammarViolation`) and checks the recorded list instead.
@Suite("Grammar checker")
struct GrammarCheckerTests {
    @Test func testableObserverFlagsValueAfterTerminalAndSecondTerminal() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        observer.allowGrammarViolation(.valueAfterTerminal, reason: "this test breaks the grammar on purpose")
        observer.allowGrammarViolation(.secondTerminal, reason: "this test breaks the grammar on purpose")
        observer.on(.next(1))
        observer.on(.completed)
        observer.on(.next(2))
        observer.on(.error(RxError.unknown))
        #expect(observer.grammarViolations.map(\.kind) == [.valueAfterTerminal, .secondTerminal])
        #expect(observer.events.count == 4, "the observer still records everything, as RxTest's does")
    }

    @Test func testableObserverAcceptsAWellFormedStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.start { xs.map { $0 * 2 } }
        #expect(observer.events == [.next(210, 2), .next(220, 4), .completed(230)])
        #expect(observer.grammarViolations.isEmpty)
    }

    @Test func reentrantNestedDeliveryIsNotAnOverlap() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        let subject = PublishSubject<Int>()
        let bag = DisposeBag()
        subject.subscribe(onNext: { if $0 == 1 { subject.onNext(2) } }).disposed(by: bag)
        subject.subscribe(observer).disposed(by: bag)
        subject.onNext(1)
        #expect(observer.grammarViolations.isEmpty)
        #expect(observer.events.map(\.value.element) == [2, 1], "RxSwift delivers a re-entrant send nested")
    }

    @Test func overlappingCallsFromTwoThreadsAreFlagged() {
        let checker = GrammarChecker(recorder: "probe", checksSubscription: false)
        checker.allow(.overlappingDelivery, reason: "this test calls in from two threads at once on purpose")
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        // Thread 1 is inside a call (and nests a re-entrant one, which is fine) while thread 2 calls in.
        Thread {
            let outer = checker.enter(.value, event: "1")
            let nested = checker.enter(.value, event: "2")
            checker.leave(nested)
            entered.signal()
            _ = release.wait(timeout: .now() + 60)
            checker.leave(outer)
            done.signal()
        }.start()
        _ = entered.wait(timeout: .now() + 60)
        let overlapping = checker.enter(.value, event: "3")
        checker.leave(overlapping)
        release.signal()
        _ = done.wait(timeout: .now() + 60)
        let after = checker.enter(.terminal, event: "completed")
        checker.leave(after)
        #expect(checker.violations.map(\.kind) == [.overlappingDelivery])
        #expect(checker.violations.first?.event == "3, while another thread was inside its value call")
    }

    @Test func testSubscriberFlagsValuesBeyondDemandAndEventsOutOfGrammar() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        for kind in [GrammarViolation.Kind.valueBeyondDemand, .valueAfterTerminal, .secondTerminal, .eventBeforeSubscription, .secondSubscription] {
            subscriber.allowGrammarViolation(kind, reason: "this test breaks the grammar on purpose")
        }
        _ = subscriber.receive(0)
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(subscription: Subscriptions.empty)
        _ = subscriber.receive(1)  // each subscription requested .max(1): two values are within demand
        _ = subscriber.receive(2)
        subscriber.receive(completion: .finished)
        _ = subscriber.receive(3)
        subscriber.receive(completion: .finished)
        #expect(subscriber.grammarViolations.map(\.kind) == [
            .eventBeforeSubscription, .valueBeyondDemand, .secondSubscription,
            .valueAfterTerminal, .valueBeyondDemand, .secondTerminal,
        ])
        #expect(subscriber.demandViolations == 2, "0 arrived before any demand; 3 after both subscriptions' demand was used")
    }

    @Test func violationMessagesNameTheRule() {
        let violation = GrammarViolation(kind: .valueBeyondDemand, recorder: "TestSubscriber", event: "value 3 at 0")
        #expect(violation.description == "Grammar violation in TestSubscriber: a value arrived without outstanding demand (value 3 at 0)")
    }
}

