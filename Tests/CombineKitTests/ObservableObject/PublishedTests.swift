import CombineKit
import CombineKitTest
import Testing

final class PublishedModel: ObservableObject {
    @Published var count = 0
    @Published var name = "a"
}

@Suite struct PublishedTests {
    @Test func replaysCurrentValueOnSubscribe() {
        let model = PublishedModel()
        model.count = 5
        let subscriber = TestSubscriber<Int, Never>()
        model.$count.subscribe(subscriber)
        #expect(subscriber.values == [5])
    }

    // Apple: @Published emits in willSet — the property still has its old value during delivery.
    @Test func emitsOnWillSet() {
        let model = PublishedModel()
        var seen: [(published: Int, stored: Int)] = []
        let cancellable = model.$count.sink { seen.append(($0, model.count)) }
        model.count = 1
        #expect(seen.map(\.published) == [0, 1])
        #expect(seen.map(\.stored) == [0, 0])
        #expect(model.count == 1)
        _ = cancellable
    }

    // OpenCombine issue #198: a subscriber attaching during a delivery must get the new value.
    @Test func subscriberAttachingDuringDeliveryGetsNewValue() {
        let model = PublishedModel()
        var late: [Int] = []
        var lateCancellable: AnyCancellable?
        let cancellable = model.$count.dropFirst().sink { _ in
            if lateCancellable == nil { lateCancellable = model.$count.sink { late.append($0) } }
        }
        model.count = 7
        #expect(late == [7])
        _ = cancellable
    }

    @Test func limitedDemandAndCancel() {
        let model = PublishedModel()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        model.$count.subscribe(subscriber)
        model.count = 1
        model.count = 2
        #expect(subscriber.values == [0, 1])
        subscriber.cancel()
        model.count = 3
        #expect(subscriber.values == [0, 1])
        #expect(String(describing: subscriber.subscription!) == "PublishedSubject")
    }

    @Test func assignToPublishedUpdatesProperty() {
        let model = PublishedModel()
        let subject = PassthroughSubject<Int, Never>()
        subject.assign(to: &model.$count)
        let subscriber = TestSubscriber<Int, Never>()
        model.$count.subscribe(subscriber)
        subject.send(4)
        #expect(model.count == 4)
        #expect(subscriber.values == [0, 4])
    }

    // Deliberate difference: Combine's `$property` subscription shows its internal `PublishedSubject` class as
    // `parent`; CombineKit's shows the `CurrentValueSubject` behind it, and is described as Combine's is.
    @Test func subscriptionParentIsTheCurrentValueSubject() throws {
        let model = PublishedModel()
        let subscriber = ManualSubscriber<Int, Never>()
        model.$count.subscribe(subscriber)
        let subscription = try #require(subscriber.subscription)
        #expect(String(describing: subscription) == "PublishedSubject")
        let parent = Mirror(reflecting: subscription).children.first { $0.label == "parent" }?.value
        #expect(parent.map { String(describing: $0) }?.contains("CurrentValueSubject") == true)
    }
}
