import CombineKit
import CombineKitTest
import RxCombineBridge
import RxKit
import RxKitTest
import Testing

final class Settings: ObservableObject {
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
