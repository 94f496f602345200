import CombineKit
import Testing

@Suite struct AnyCancellableTests {
    final class Counter: @unchecked Sendable { var count = 0 }

    @Test func cancelsOnDeinit() {
        let counter = Counter()
        do {
            let cancellable = AnyCancellable { counter.count += 1 }
            _ = cancellable
        }
        #expect(counter.count == 1)
    }

    @Test func cancelIsIdempotent() {
        let counter = Counter()
        let cancellable = AnyCancellable { counter.count += 1 }
        cancellable.cancel()
        cancellable.cancel()
        #expect(counter.count == 1)
    }

    @Test func storeInSetAndArray() {
        let counter = Counter()
        var set = Set<AnyCancellable>()
        var array = [AnyCancellable]()
        AnyCancellable { counter.count += 1 }.store(in: &set)
        AnyCancellable { counter.count += 10 }.store(in: &array)
        #expect(set.count == 1 && array.count == 1)
        set.removeAll()
        array.removeAll()
        #expect(counter.count == 11)
    }

    @Test func wrapsAnotherCancellable() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { received.append($0) })
        subject.subscribe(sink)
        var bag = Set<AnyCancellable>()
        sink.store(in: &bag)
        subject.send(1)
        bag.removeAll()
        subject.send(2)
        #expect(received == [1])
    }

    @Test func identityBasedEquality() {
        let a = AnyCancellable {}
        let b = AnyCancellable {}
        #expect(a == a)
        #expect(a != b)
    }

    @Test func combineIdentifiersAreUnique() {
        #expect(CombineIdentifier() != CombineIdentifier())
        let object = Counter()
        #expect(CombineIdentifier(object) == CombineIdentifier(object))
    }
}
