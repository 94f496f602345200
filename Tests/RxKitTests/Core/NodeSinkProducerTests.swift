@testable import RxKit
import Testing

/// `NodeSinkProducer` makes the sink for an RxKit node with both lanes (`subscribe(onNext:)`'s observer, the
/// next stage's sink) with its `makeNodeSink`, typed on `NodeObserver`; any other observer, or every
/// observer when there is no `makeNodeSink`, gets its sink from `run(_:cancel:)`. Either way the events and
/// the disposal are the same.
@Suite struct NodeSinkProducerTests {
    struct Failure: Error {}

    /// Passes its source's events on.
    final class PassSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
        where Observer.Element == Int {
        func on(_ event: Event<Int>) {
            switch event {
            case .next(let element): forwardNext(element)
            case .error(let error): forwardError(error)
            case .completed: forwardCompleted()
            }
        }
    }

    /// Mirrors `source`, counting the sinks each path makes.
    final class PassProducer: NodeSinkProducer<Int>, @unchecked Sendable {
        let source: Observable<Int>
        var nodeSinks = 0
        var runSinks = 0

        init(source: Observable<Int>, makesNodeSinks: Bool) {
            self.source = source
            super.init(makeNodeSink: makesNodeSinks ? { producer, node, cancel in
                let producer = unsafeDowncast(producer, to: PassProducer.self)
                producer.nodeSinks += 1
                let sink = PassSink<NodeObserver<Int>>(observer: NodeObserver(node: node), lane: LaneHandle(node: node), cancel: cancel)
                return (sink, producer.source.subscribe(sink))
            } : nil)
        }

        override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
            where Observer.Element == Int {
            runSinks += 1
            let sink = PassSink(observer: observer, cancel: cancel)
            return (sink, source.subscribe(sink))
        }
    }

    @Test func aNodeWithBothLanesGetsTheSinkMadeForNodes() {
        let subject = PublishSubject<Int>()
        let producer = PassProducer(source: subject.asObservable(), makesNodeSinks: true)
        var values: [Int] = []
        var completions = 0
        let subscription = producer.subscribe(onNext: { values.append($0) }, onCompleted: { completions += 1 })
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        #expect(values == [1, 2])
        #expect(completions == 1)
        #expect(producer.nodeSinks == 1 && producer.runSinks == 0)
        subscription.dispose()
    }

    @Test func anyOtherObserverGetsItsSinkFromRun() {
        let subject = PublishSubject<Int>()
        let producer = PassProducer(source: subject.asObservable(), makesNodeSinks: true)
        var events: [String] = []
        let subscription = producer.subscribe(AnyObserver<Int> { event in
            switch event {
            case .next(let value): events.append("\(value)")
            case .error: events.append("error")
            case .completed: events.append("completed")
            }
        })
        subject.onNext(1)
        subject.onError(Failure())
        #expect(events == ["1", "error"])
        #expect(producer.nodeSinks == 0 && producer.runSinks == 1)
        subscription.dispose()
    }

    @Test func withoutAMakerANodeGetsItsSinkFromRun() {
        let subject = PublishSubject<Int>()
        let producer = PassProducer(source: subject.asObservable(), makesNodeSinks: false)
        var values: [Int] = []
        let subscription = producer.subscribe(onNext: { values.append($0) })
        subject.onNext(1)
        #expect(values == [1])
        #expect(producer.nodeSinks == 0 && producer.runSinks == 1)
        subscription.dispose()
    }

    /// RxSwift: after `dispose()` the subscriber receives nothing more, and the source loses its observer.
    @Test func disposingTheSubscriptionEndsTheSinkMadeForNodes() {
        let subject = PublishSubject<Int>()
        let producer = PassProducer(source: subject.asObservable(), makesNodeSinks: true)
        var values: [Int] = []
        let subscription = producer.subscribe(onNext: { values.append($0) })
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
        #expect(values == [1])
        #expect(!subject.hasObservers)
        #expect(producer.nodeSinks == 1)
    }
}
