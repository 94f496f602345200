import CombineKit
import CombineKitTest
import Testing

private final class Model: ObservableObject {
    @Published var count = 0
    @Published var name = "a"
}

private final class Plain: ObservableObject {
    var value = 0
}

@Suite struct PublishedTests {
    @Test func replaysCurrentValueOnSubscribe() {
        let model = Model()
        model.count = 5
        let subscriber = TestSubscriber<Int, Never>()
        model.$count.subscribe(subscriber)
        #expect(subscriber.values == [5])
    }

    // Apple: @Published emits in willSet — the property still has its old value during delivery.
    @Test func emitsOnWillSet() {
        let model = Model()
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
        let model = Model()
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
        let model = Model()
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
        let model = Model()
        let subject = PassthroughSubject<Int, Never>()
        subject.assign(to: &model.$count)
        let subscriber = TestSubscriber<Int, Never>()
        model.$count.subscribe(subscriber)
        subject.send(4)
        #expect(model.count == 4)
        #expect(subscriber.values == [0, 4])
    }
}

@Suite struct ObservableObjectTests {
    @Test func objectWillChangeFiresBeforeAnyPublishedChange() {
        let model = Model()
        var stored: [Int] = []
        let cancellable = model.objectWillChange.sink { stored.append(model.count) }
        model.count = 1
        model.name = "b"
        #expect(stored == [0, 1])
        _ = cancellable
    }

    @Test func objectWillChangeIsTheSamePublisherEachTime() {
        let model = Model()
        #expect(model.objectWillChange === model.objectWillChange)
    }

    @Test func limitedDemandAndCancel() {
        let model = Model()
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
}

@MainActor
private final class MainActorViewModel: ObservableObject {
    @Published var title = ""
}

@Suite struct MainActorObservableObjectTests {
    @MainActor
    @Test func mainActorClassCanBeAnObservableObject() {
        let model = MainActorViewModel()
        var changes = 0
        let cancellable = model.objectWillChange.sink { changes += 1 }
        var titles: [String] = []
        let titleCancellable = model.$title.sink { titles.append($0) }
        model.title = "x"
        #expect(changes == 1)
        #expect(titles == ["", "x"])
        _ = (cancellable, titleCancellable)
    }

    @Test func subjectsCanBeSentToFromTasks() async {
        let subject = PassthroughSubject<Int, Never>()
        let counter = NSLockBox()
        var received = 0
        let cancellable = subject.sink { _ in counter.withLock { received += 1 } }
        await withTaskGroup(of: Void.self) { group in
            for value in 0..<4 { group.addTask { subject.send(value) } }
        }
        #expect(counter.withLock { received } == 4)
        _ = cancellable
    }
}
