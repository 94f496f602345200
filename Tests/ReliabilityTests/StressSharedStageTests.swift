import Foundation
import RxKit
import Testing

/// A Driver chain built in one expression shares only its last operator: the connection that operator's
/// share makes runs the operators below it itself, deciding at each connection which ones it may (those
/// nothing else references). These tests make and drop connections from several threads while another
/// thread sends (for TSan), and check what each subscriber gets against RxCocoa's share per operator: one
/// source subscription at a time, each element once, in order, the latest replayed to a late subscriber.
@Suite("Stress RxKit shared stages")
struct StressSharedStageTests {
    /// Subscribers come and go on two threads, as the only subscribers (each connection is made and dropped
    /// many times) while a third thread sends.
    @Test func connectionsMadeAndDroppedOnSeveralThreadsGiveEachElementOnceInOrder() {
        let subject = PublishSubject<Int>()
        // Delivering on a serial queue of its own (the conversion's share makes the hop), so that it can be
        // subscribed to from any thread; then three operators, whose connection runs the lower two.
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "stress.shared-stage")
        var built: Driver<Int>?
        SharingScheduler.mock(scheduler: scheduler) {
            built = subject.asDriver(onErrorJustReturn: -1).map { $0 * 2 }.filter { $0 >= 0 }.map { $0 + 1 }
        }
        let driver = built!
        let sends = 20_000
        let rounds = 400
        let observers = Locked<[CheckedObserver<Int>]>([])
        let churners = (0..<2).map { _ in
            onAnotherThread {
                for _ in 0..<rounds {
                    let observer = CheckedObserver<Int>()
                    let subscription = driver.asObservable().subscribe(observer)
                    observers.mutate { $0.append(observer) }
                    subscription.dispose()
                }
            }
        }
        let sender = onAnotherThread {
            for value in 0..<sends { subject.onNext(value) }
        }
        for done in churners + [sender] { done.wait() }
        drain(scheduler)
        for observer in observers.value {
            let values = observer.values
            #expect(observer.grammar.violations.isEmpty)
            #expect(values.allSatisfy { $0 % 2 == 1 && $0 >= 1 && $0 < 2 * sends + 1 }, "an element no stage made: \(values)")
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "out of order or twice: \(values)")
        }
        #expect(!subject.hasObservers)
        // Connected again afterwards, the chain works from scratch.
        let last = CheckedObserver<Int>()
        let subscription = driver.asObservable().subscribe(last)
        subject.onNext(5)
        drain(scheduler)
        #expect(last.values == [11])
        subscription.dispose()
        #expect(!subject.hasObservers)
    }
}

/// Returns once what was scheduled on `scheduler` before the call has run.
private func drain(_ scheduler: SerialDispatchQueueScheduler) {
    let drained = DispatchSemaphore(value: 0)
    _ = scheduler.schedule(()) { _ in
        drained.signal()
        return Disposables.create()
    }
    drained.wait()
}
