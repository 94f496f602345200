import CombineKit
import CombineKitExt
import Testing

final class CancelCounter: @unchecked Sendable {
    var count = 0
    func cancellable() -> AnyCancellable { AnyCancellable { self.count += 1 } }
}

@Suite struct CancelBagTests {
    @Test func cancelsEverythingOnDeinit() {
        let counter = CancelCounter()
        do {
            let bag = CancelBag()
            counter.cancellable().store(in: bag)
            bag.insert(counter.cancellable())
            #expect(bag.count == 2)
            #expect(counter.count == 0)
        }
        #expect(counter.count == 2)
    }

    // RxSwift DisposeBag: inserting into a disposed bag disposes at once.
    @Test func insertAfterCancelCancelsAtOnce() {
        let counter = CancelCounter()
        let bag = CancelBag()
        counter.cancellable().store(in: bag)
        bag.cancel()
        #expect(counter.count == 1)
        counter.cancellable().store(in: bag)
        #expect(counter.count == 2)
        #expect(bag.count == 0)
        bag.cancel()
        #expect(counter.count == 2)
    }

    @Test func cancellingTheBagStopsSubscriptions() {
        let subject = PassthroughSubject<Int, Never>()
        let bag = CancelBag()
        var received: [Int] = []
        subject.sink { received.append($0) }.store(in: bag)
        subject.send(1)
        bag.cancel()
        subject.send(2)
        #expect(received == [1])
    }
}
