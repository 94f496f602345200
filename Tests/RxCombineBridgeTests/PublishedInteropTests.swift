import CombineKit
import CombineKitTest
import RxCombineBridge
import RxKit
import RxKitTest
import Testing

private final class Settings: ObservableObject {
    @Published var name = "initial"
    @Published var count = 0
}

@Suite struct PublishedInteropTests {
    // @Published emits the current value on subscribe and each new value on willSet (Combine's rule).
    @Test func publishedPropertyObservedAsAnObservable() {
        let settings = Settings()
        var seen: [String] = []
        let subscription = settings.$name.asObservable().subscribe(onNext: { seen.append($0) })
        settings.name = "changed"
        #expect(seen == ["initial", "changed"])
        subscription.dispose()
        settings.name = "ignored"
        #expect(seen == ["initial", "changed"])
    }

    @Test func observableAssignedIntoAPublishedProperty() {
        let settings = Settings()
        let relay = BehaviorRelay(value: 1)
        relay.asObservable().assign(to: &settings.$count)
        #expect(settings.count == 1)
        relay.accept(2)
        #expect(settings.count == 2)
    }

    @Test func publishedIntoABehaviorRelay() {
        let settings = Settings()
        let relay = BehaviorRelay(value: "")
        let binding = settings.$name.asObservable().bind(to: relay)
        settings.name = "next"
        #expect(relay.value == "next")
        binding.dispose()
    }

    @Test func assignmentEndsWithTheOwner() {
        weak var weakSettings: Settings?
        let subject = PublishSubject<Int>()
        do {
            let settings = Settings()
            weakSettings = settings
            subject.assign(to: &settings.$count)
            subject.onNext(5)
            #expect(settings.count == 5)
        }
        #expect(weakSettings == nil)  // the assignment did not keep the owner alive
        #expect(!subject.hasObservers)  // and it ended the Rx subscription
    }
}

@Suite(.serialized) struct PublishedInteropErrorTests {
    @Test func rxErrorIntoPublishedIsReportedAndStops() {
        let settings = Settings()
        let reported = recordingUnhandledErrors {
            let subject = PublishSubject<Int>()
            subject.assign(to: &settings.$count)
            subject.onNext(3)
            subject.onError(BridgeTestError(id: 5))
        }.map(\.error)
        #expect(settings.count == 3)
        #expect(reported.count == 1)
        #expect((reported.first as? BindingError)?.underlying as? BridgeTestError == BridgeTestError(id: 5))
    }
}

@Suite struct BridgedAsyncTests {
    // A bridged pipeline's `values` gives the same sequence as iterating the source itself.
    @Test func bridgedValuesMatchTheSource() async throws {
        var bridged: [Int] = []
        for try await value in Observable.create({ observer in
            [1, 2, 3].forEach(observer.onNext)
            observer.onCompleted()
            return Disposables.create()
        }).asPublisher().values {
            bridged.append(value)
        }
        var native: [Int] = []
        for await value in [1, 2, 3].publisher.values { native.append(value) }
        #expect(bridged == native)
    }

    @Test func bridgedValuesRethrowTheRxError() async {
        await #expect(throws: BridgeTestError.self) {
            for try await _ in Observable<Int>.error(BridgeTestError(id: 8)).asPublisher().values {}
        }
    }

    @Test func leavingTheLoopCancelsTheRxSubscription() async throws {
        let subject = ReplaySubject<Int>.createUnbounded()
        [1, 2, 3].forEach(subject.onNext)
        var first: Int?
        for try await value in subject.asPublisher().values {
            first = value
            break
        }
        #expect(first == 1)
        #expect(!subject.hasObservers)
    }
}
