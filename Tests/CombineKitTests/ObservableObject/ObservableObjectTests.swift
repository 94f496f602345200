import CombineKit
import CombineKitTest
import Testing

private final class Plain: ObservableObject {
    var value = 0
}

@Suite struct ObservableObjectTests {
    @Test func objectWillChangeFiresBeforeAnyPublishedChange() {
        let model = PublishedModel()
        var stored: [Int] = []
        let cancellable = model.objectWillChange.sink { stored.append(model.count) }
        model.count = 1
        model.name = "b"
        #expect(stored == [0, 1])
        _ = cancellable
    }

    @Test func objectWillChangeIsTheSamePublisherEachTime() {
        let model = PublishedModel()
        #expect(model.objectWillChange === model.objectWillChange)
    }

    @Test func limitedDemandAndCancel() {
        let model = PublishedModel()
        let subscriber = TestSubscriber<Void, Never>(initialDemand: .max(1))
        model.objectWillChange.subscribe(subscriber)
        model.count = 1
        model.count = 2
        #expect(subscriber.values.count == 1)
        subscriber.cancel()
        model.count = 3
        #expect(subscriber.values.count == 1)
    }

    @Test func observableObjectPublisherSendsManually() {
        let plain = Plain()
        var fired = 0
        let cancellable = plain.objectWillChange.sink { fired += 1 }
        plain.objectWillChange.send()
        #expect(fired == 0)  // no @Published properties: each access makes a fresh publisher, as in Combine
        let publisher = ObservableObjectPublisher()
        let recorder = publisher.sink { fired += 1 }
        publisher.send()
        #expect(fired == 1)
        _ = (cancellable, recorder)
    }

    // Combine: an `ObservableObjectPublisher` subscription is described as "ObservableObjectPublisher" and
    // mirrors only its subscriber (OpenCombine ObservableObjectPublisherTests.testObservableObjectPublisherReflection).
    @Test func publisherSubscriptionDescribesItself() throws {
        let subscriber = ManualSubscriber<Void, Never>()
        ObservableObjectPublisher().subscribe(subscriber)
        let subscription = try #require(subscriber.subscription)
        #expect(String(describing: subscription) == "ObservableObjectPublisher")
        #expect(Mirror(reflecting: subscription).children.map(\.label) == ["downstream"])
    }

    // Deliberate difference: Combine's `ObservableObjectPublisher` sends to a subscriber whatever its demand;
    // CombineKit's honours demand as every publisher does (OpenCombine ObservableObjectPublisherTests.testBasicBehavior).
    @Test func publisherHonoursDemand() throws {
        let publisher = ObservableObjectPublisher()
        let subscriber = ManualSubscriber<Void, Never>()
        publisher.subscribe(subscriber)
        try #require(subscriber.subscription).request(.max(1))
        publisher.send()
        publisher.send()
        #expect(subscriber.values.count == 1)
    }
}
