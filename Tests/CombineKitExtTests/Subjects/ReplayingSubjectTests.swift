import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct ReplayingSubjectTests {
    @Test func replaysLastBufferSizeValuesThenLiveValues() {
        let subject = ReplayingSubject<Int, TestError>(bufferSize: 2)
        [1, 2, 3].forEach(subject.send)
        let subscriber = IntSubscriber()
        subject.subscribe(subscriber)
        subject.send(4)
        #expect(subscriber.values == [2, 3, 4])
        #expect(subject.replayBuffer == [3, 4])
    }

    // RxSwift's ReplaySubject.create(bufferSize:): a new subscriber gets the last bufferSize elements. Sizes
    // below, at and above the buffer's first block (8 values), after many more values than fit.
    @Test(arguments: [1, 2, 8, 9, 20])
    func keepsExactlyTheLastBufferSizeValuesWhateverTheSize(bufferSize: Int) {
        let subject = ReplayingSubject<Int, Never>(bufferSize: bufferSize)
        let sent = Array(0..<(bufferSize * 3 + 5))
        for value in sent {
            subject.send(value)
            #expect(subject.replayBuffer == Array(sent.prefix(through: value).suffix(bufferSize)))
        }
        let late = TestSubscriber<Int, Never>()
        subject.subscribe(late)
        #expect(late.values == Array(sent.suffix(bufferSize)))
    }

    // RxSwift: a subscriber after termination gets the buffer, then the terminal event.
    @Test func subscriberAfterCompletionGetsBufferThenCompletion() {
        let subject = ReplayingSubject<Int, TestError>(bufferSize: 5)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        subject.send(2)
        let subscriber = IntSubscriber()
        subject.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .failure(0, .oops)])
    }

    @Test func bufferSizeZeroReplaysNothing() {
        let subject = ReplayingSubject<Int, Never>(bufferSize: 0)
        subject.send(1)
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(subscriber.values == [2])
        #expect(subscriber.completion == .finished)
    }

    @Test func maxOneSubscriberGetsEverythingInTurnAndLosesNothingOnCompletion() {
        let subject = ReplayingSubject<Int, TestError>(bufferSize: 2)
        subject.send(1)
        subject.send(2)
        let subscriber = IntSubscriber(initialDemand: .max(1))
        subject.subscribe(subscriber)
        subject.send(3)
        subject.send(completion: .finished)
        #expect(subscriber.values == [1])
        subscriber.request(.max(1))
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completion == .finished)
        #expect(subscriber.demandViolations == 0)
    }

    @Test func cancelStopsDeliveryAndIsIdempotent() {
        let subject = ReplayingSubject<Int, TestError>(bufferSize: 1)
        let subscriber = IntSubscriber()
        subject.subscribe(subscriber)
        subject.send(1)
        subscriber.cancel()
        subscriber.cancel()
        subject.send(2)
        subject.send(completion: .finished)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
    }

    @Test func forwardsUpstreamAsSubject() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(10, 1), .finished(20)])
        let subject = ReplayingSubject<Int, TestError>(bufferSize: 1)
        let cancellable = upstream.subscribe(subject)
        s.run()
        let subscriber = IntSubscriber()
        subject.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .finished(0)])
        cancellable.cancel()
    }

    @Test func subscribersThatCancelGetNothingMoreAndTheOthersKeepSubscriptionOrder() {
        // RxSwift's ReplaySubject: a disposed observer gets no later event; the rest keep theirs.
        let subject = ReplayingSubject<Int, Never>(bufferSize: 1)
        var order: [Int] = []
        var cancellables = (0..<8).map { index in subject.sink { _ in order.append(index) } }
        for index in [0, 3, 7, 1] { cancellables[index].cancel() }
        subject.send(1)
        #expect(order == [2, 4, 5, 6])
        cancellables.removeAll()
    }

    // Combine's subjects: a subscription holds its subject (OpenCombine's PassthroughSubject.Conduit keeps a
    // strong `parent` until it is cancelled or the subject completes); nothing is kept once it has left.
    @Test func aSubscriptionKeepsTheSubjectUntilItIsCancelled() {
        weak var weakSubject: ReplayingSubject<Int, Never>?
        var cancellable: AnyCancellable?
        do {
            let subject = ReplayingSubject<Int, Never>(bufferSize: 1)
            weakSubject = subject
            cancellable = subject.sink { _ in }
        }
        #expect(weakSubject != nil)
        weakSubject?.send(1)
        cancellable?.cancel()
        #expect(weakSubject == nil)
        cancellable = nil
    }

    @Test func aCompletedSubjectIsReleasedOnceItsSubscribersLetGoOfTheirSubscriptions() {
        weak var weakSubject: ReplayingSubject<Int, Never>?
        var completions = 0
        var cancellable: AnyCancellable?
        do {
            let subject = ReplayingSubject<Int, Never>(bufferSize: 1)
            weakSubject = subject
            cancellable = subject.sink(receiveCompletion: { _ in completions += 1 }, receiveValue: { _ in })
            subject.send(completion: .finished)
        }
        // The completed subject lists no subscriber, and the sink let go of its subscription on completion.
        #expect(completions == 1)
        #expect(weakSubject == nil)
        withExtendedLifetime(cancellable) {}
    }
}
