import RxKit
import RxKitTest
import Testing

@Suite(.serialized) struct BindingErrorTests {
    // RxRelay traps on a bound error in debug builds; RxKit reports it to Hooks.defaultErrorHandler instead.
    @Test func errorBoundIntoRelayGoesToTheDefaultErrorHandler() {
        let relay = PublishRelay<Int>()
        let reported = recordingUnhandledErrors {
            _ = Observable<Int>.error(testError).bind(to: relay)
            _ = Observable<Int>.error(otherError).bind(onNext: { _ in })
        }.map(\.error)
        #expect(reported.count == 2)
        let binding = reported.first as? BindingError
        #expect(binding?.underlying as? TestError == testError)
        #expect(binding?.description.contains("PublishRelay") == true)
    }

    // RxCocoa's bind(with:onNext:): the object is passed along and held weakly; an error is not an observer's
    // to handle (RxCocoa traps in debug builds; RxKit reports it).
    @Test func bindWithAnObjectPassesItAndHoldsItWeakly() {
        final class Owner { var got: [Int] = [] }
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        let subject = PublishSubject<Int>()
        let subscription = subject.bind(with: owner!, onNext: { $0.got.append($1) })
        subject.onNext(1)
        #expect(owner?.got == [1])
        owner = nil
        #expect(weakOwner == nil, "bind(with:) kept the object alive")
        subject.onNext(2)
        subscription.dispose()
        let reported = recordingUnhandledErrors {
            _ = Observable<Int>.error(testError).bind(with: Owner(), onNext: { _, _ in })
        }.map(\.error)
        #expect((reported.first as? BindingError)?.underlying as? TestError == testError)
    }

    @Test func unhandledSubscribeErrorGoesToTheDefaultErrorHandler() {
        let reported = recordingUnhandledErrors {
            _ = Observable<Int>.error(testError).subscribe(onNext: { _ in })
        }.map(\.error)
        #expect(reported.count == 1)
        #expect(reported.first as? TestError == testError)
    }

    // Over `just`, subscribe(onNext:) delivers without an observer (Observable.subscribeSynchronously); an
    // error a stage throws still goes to the handler, with the call stack captured at subscribe.
    @Test func unhandledErrorThrownOverJustGoesToTheDefaultErrorHandlerWithTheCallStack() {
        var completed = false
        let reported = recordingUnhandledErrorsWithCallStacks {
            #expect(Hooks.recordCallStackOnError)
            _ = Observable.just(1).map { _ -> Int in throw testError }.subscribe(onNext: { _ in }, onCompleted: { completed = true })
        }
        #expect(reported.count == 1)
        #expect(reported.first?.callStack == ["subscribed here"])
        #expect(reported.first?.error as? TestError == testError)
        #expect(!completed)
    }

    // RxSwift: an error reaching subscribe with no onError goes to Hooks.defaultErrorHandler with the call
    // stack captured at subscribe (when recordCallStackOnError is set), here through a subject's observer.
    @Test func unhandledErrorThroughAnObserverGoesToTheDefaultErrorHandlerWithTheCallStack() {
        let subject = PublishSubject<Int>()
        var values: [Int] = []
        var completed = false
        let reported = recordingUnhandledErrorsWithCallStacks {
            _ = subject.map { $0 * 2 }.subscribe(onNext: { values.append($0) }, onCompleted: { completed = true })
            subject.onNext(1)
            subject.onError(testError)
        }
        #expect(values == [2])
        #expect(reported.count == 1)
        #expect(reported.first?.callStack == ["subscribed here"])
        #expect(reported.first?.error as? TestError == testError)
        #expect(!completed)
    }

    // RxSwift: a given onError receives the error; nothing is reported to the default handler.
    @Test func errorWithOnErrorIsNotReportedEvenWhenCallStacksAreRecorded() {
        let subject = PublishSubject<Int>()
        var received: [TestError] = []
        let reported = recordingUnhandledErrorsWithCallStacks {
            _ = subject.subscribe(onError: { received.append($0 as! TestError) })
            subject.onError(testError)
        }
        #expect(received == [testError])
        #expect(reported.isEmpty)
    }

    /// `recordingUnhandledErrors` with call stacks recorded at subscribe, each `["subscribed here"]`. The
    /// call-stack hooks are process-wide: other tests subscribing meanwhile record a stack they ignore,
    /// which is harmless, and this suite is serialised so its tests do not swap the hooks under each other.
    private func recordingUnhandledErrorsWithCallStacks(_ body: () -> Void) -> [(callStack: [String], error: Error)] {
        let previous = (Hooks.customCaptureSubscriptionCallstack, Hooks.recordCallStackOnError)
        defer {
            Hooks.customCaptureSubscriptionCallstack = previous.0
            Hooks.recordCallStackOnError = previous.1
        }
        Hooks.customCaptureSubscriptionCallstack = { ["subscribed here"] }
        Hooks.recordCallStackOnError = true
        return recordingUnhandledErrors(body)
    }
}
