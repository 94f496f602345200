import CombineKit
import CombineKitTest
import Testing

/// `AnyPublisher`: a `sink` on an erased publisher subscribes through a closure the erasure made where
/// the chain's types were known (`PublisherBoxBase.subscribeSink(_:)`); it must be the same subscription
/// as `subscribe(_:)` with a `Subscribers.Sink`, whether the chain was erased in concrete or generic code.
@Suite struct AnyPublisherTests {
    /// Erases in generic code: the erasure's closure is then unspecialised.
    static func erasedGenerically<P: Publisher>(_ publisher: P) -> AnyPublisher<P.Output, P.Failure> {
        publisher.eraseToAnyPublisher()
    }

    static func chain(_ subject: PassthroughSubject<Int, TestError>) -> AnyPublisher<Int, TestError> {
        subject.map { $0 * 2 }.filter { $0 % 3 != 0 }.flatMap { Just($0 + 1).setFailureType(to: TestError.self) }.eraseToAnyPublisher()
    }

    @Test(arguments: [false, true])
    func sinkOnAnErasedChainGetsWhatSubscribeGets(erasedGenerically: Bool) {
        let viaSink = PassthroughSubject<Int, TestError>()
        let viaSubscribe = PassthroughSubject<Int, TestError>()
        let erase: (PassthroughSubject<Int, TestError>) -> AnyPublisher<Int, TestError> = {
            erasedGenerically ? Self.erasedGenerically(Self.chain($0)) : Self.chain($0)
        }
        var sinkValues: [Int] = []
        var sinkCompletions: [Subscribers.Completion<TestError>] = []
        let cancellable = erase(viaSink).sink(receiveCompletion: { sinkCompletions.append($0) }, receiveValue: { sinkValues.append($0) })
        var subscribeValues: [Int] = []
        var subscribeCompletions: [Subscribers.Completion<TestError>] = []
        let sink = Subscribers.Sink<Int, TestError>(receiveCompletion: { subscribeCompletions.append($0) }, receiveValue: { subscribeValues.append($0) })
        erase(viaSubscribe).subscribe(sink)
        for value in 1...6 {
            viaSink.send(value)
            viaSubscribe.send(value)
        }
        viaSink.send(completion: .failure(.oops))
        viaSubscribe.send(completion: .failure(.oops))
        #expect(sinkValues == [3, 5, 9, 11])
        #expect(sinkValues == subscribeValues)
        #expect(sinkCompletions == [.failure(.oops)])
        #expect(sinkCompletions == subscribeCompletions)
        cancellable.cancel()
    }

    @Test func cancellingTheSinkOfAnErasedChainStopsValuesAndReleasesTheChain() {
        final class Token {}
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject.map { $0 + 1 }.eraseToAnyPublisher().sink { value in
                withExtendedLifetime(token) { received.append(value) }
            }
        }
        subject.send(1)
        cancellable?.cancel()
        subject.send(2)
        #expect(received == [2])
        cancellable = nil
        #expect(weakToken == nil)
    }

    @Test func sinkOnAnErasureOfAnErasedPublisherWorks() {
        let subject = PassthroughSubject<Int, Never>()
        let twice = AnyPublisher(subject.map { $0 * 10 }.eraseToAnyPublisher())
        var received: [Int] = []
        let cancellable = twice.sink { received.append($0) }
        subject.send(1)
        subject.send(2)
        #expect(received == [10, 20])
        cancellable.cancel()
    }
}
