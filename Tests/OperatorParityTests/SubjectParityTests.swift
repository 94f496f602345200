import CombineKit
import Foundation
import ParityTesting
import RxKit
import Testing

/// Subject and relay rows of the migration table. The pipeline feeds a subject from the input when it is
/// built (tick 100); the recording subscriber subscribes to the subject at 200.
@Suite struct SubjectParityTests {
    // ReactiveX PublishSubject / Apple PassthroughSubject: a subscriber sees only what is sent after it
    // subscribed; terminal events pass through.
    @Test func publishSubject() {
        let parity = Parity()
        for script in Scripts.standard where script.temperature == .hot {
            let feeds = SubjectFeeds()
            parity.expect(script,
                          rx: { input in
                              let subject = PublishSubject<Int>()
                              _ = input.subscribe(subject)
                              return subject.asObservable()
                          },
                          combine: { input in
                              let subject = PassthroughSubject<Int, ParityError>()
                              feeds.feed(subject, from: input)
                              return subject
                          })
            feeds.cancelAll()
        }
    }

    // Apple PassthroughSubject: "drops values if there are no subscribers, or its current demand is zero".
    // RxSwift has no demand: a PublishSubject delivers everything.
    @Test func publishSubjectWithoutDemand() {
        let parity = Parity(ParityOptions(combineDemand: .max(1, requests: [(time: 225, demand: 10)])))
        let feeds = SubjectFeeds()
        defer { feeds.cancelAll() }
        parity.expect(Scripts.plain,
                      rx: { input in
                          let subject = PublishSubject<Int>()
                          _ = input.subscribe(subject)
                          return subject.asObservable()
                      },
                      combine: { input in
                          let subject = PassthroughSubject<Int, ParityError>()
                          feeds.feed(subject, from: input)
                          return subject
                      },
                      .difference("Combine subjects drop values sent while the subscriber has no demand (value 2 at 220); Rx has no demand",
                                  rx: [.value(210, 1), .value(220, 2), .value(230, 3), .value(240, 2), .finished(300)],
                                  combine: [.value(210, 1), .value(230, 3), .value(240, 2), .finished(300)]))
    }

    // ReactiveX BehaviorSubject / Apple CurrentValueSubject: a new subscriber first gets the current value.
    @Test func behaviorSubject() {
        let parity = Parity()
        let feeds = SubjectFeeds()
        defer { feeds.cancelAll() }
        let rx: (Observable<Int>) -> Observable<Int> = { input in
            let subject = BehaviorSubject<Int>(value: 0)
            _ = input.subscribe(subject)
            return subject.asObservable()
        }
        let combine: (AnyPublisher<Int, ParityError>) -> CurrentValueSubject<Int, ParityError> = { input in
            let subject = CurrentValueSubject<Int, ParityError>(0)
            feeds.feed(subject, from: input)
            return subject
        }
        parity.expect(Scripts.lateSubscription, rx: rx, combine: combine,
                      .same(as: [.value(200, 8), .value(210, 1), .value(220, 2), .finished(300)]))
        for script in Scripts.standard where script.temperature == .hot {
            parity.expect(script, rx: rx, combine: combine)
        }
    }

    // RxRelay PublishRelay (never terminates, no errors) / Apple PassthroughSubject<_, Never>.
    @Test func publishRelay() {
        let parity = Parity()
        for script in [Scripts.plain, Scripts.lateSubscription, Scripts.endless, Scripts.bursts] {
            let feeds = SubjectFeeds()
            parity.expect(script,
                          rx: { input in
                              let relay = PublishRelay<Int>()
                              _ = input.subscribe(onNext: { relay.accept($0) })
                              return relay.asObservable()
                          },
                          combine: { input in
                              let subject = PassthroughSubject<Int, Never>()
                              feeds.keep(subject, input.sink(receiveCompletion: { _ in }, receiveValue: { subject.send($0) }))
                              return subject
                          })
            feeds.cancelAll()
        }
    }

    // RxRelay BehaviorRelay / Apple CurrentValueSubject<_, Never>.
    @Test func behaviorRelay() {
        let parity = Parity()
        for script in [Scripts.plain, Scripts.lateSubscription, Scripts.endless, Scripts.bursts] {
            let feeds = SubjectFeeds()
            parity.expect(script,
                          rx: { input in
                              let relay = BehaviorRelay<Int>(value: 0)
                              _ = input.subscribe(onNext: { relay.accept($0) })
                              return relay.asObservable()
                          },
                          combine: { input in
                              let subject = CurrentValueSubject<Int, Never>(0)
                              feeds.keep(subject, input.sink(receiveCompletion: { _ in }, receiveValue: { subject.send($0) }))
                              return subject
                          })
            feeds.cancelAll()
        }
    }

    // RxSwift `bind(to:)` an observer subscribes it to every event, errors and completion included;
    // Apple `subscribe(_:)` a Subject forwards values and the completion into the subject.
    @Test func bindToSubject() {
        let parity = Parity()
        for script in Scripts.standard where script.temperature == .hot {
            let feeds = SubjectFeeds()
            parity.expect(script,
                          rx: { input in
                              let subject = PublishSubject<Int>()
                              _ = input.bind(to: subject)
                              return subject.asObservable()
                          },
                          combine: { input in
                              let subject = PassthroughSubject<Int, ParityError>()
                              feeds.keep(subject, input.subscribe(subject))
                              return subject
                          })
            feeds.cancelAll()
        }
    }

    // `SubjectSubscriber.cancel()` must release its subject after releasing its own lock: when that is
    // the subject's last reference, the subject's deinit cancels the same subscriber, which takes the
    // non-recursive lock again, a self-deadlock were it still held. Run in a child process with a
    // watchdog, because a hang cannot be observed otherwise: exit 3 means it hung.
    @Test func cancellingTheLastReferenceToAFedSubjectDoesNotDeadlock() async {
        await #expect(processExitsWith: .success) {
            let finished = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                let upstream = PassthroughSubject<Int, Never>()
                var cancellable: AnyCancellable? = upstream.subscribe(PassthroughSubject<Int, Never>())
                cancellable = nil
                _ = cancellable
                finished.signal()
            }
            // A deadlock cannot be observed without a bound; 30 s is ample for a few allocations.
            exit(finished.wait(timeout: .now() + 30) == .success ? 0 : 3)
        }
    }
}

/// Keeps the subjects fed from a pipeline input, and their feeding subscriptions, alive until the run
/// is over, then cancels the subscriptions before releasing the subjects.
final class SubjectFeeds {
    private var subjects: [AnyObject] = []
    private var cancellables: [AnyCancellable] = []

    func feed<S: Subject>(_ subject: S, from input: AnyPublisher<S.Output, S.Failure>) {
        keep(subject, input.subscribe(subject))
    }

    func keep(_ subject: AnyObject, _ cancellable: AnyCancellable) {
        subjects.append(subject)
        cancellables.append(cancellable)
    }

    func cancelAll() {
        for cancellable in cancellables { cancellable.cancel() }
        cancellables = []
        subjects = []
    }
}
