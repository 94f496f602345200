import CombineKit
import CombineKitTest
import Testing

/// Checks the contract every operator keeps, with a subject-driven upstream:
/// - a `.max(1)` subscriber never receives more than it demanded;
/// - an upstream failure reaches the subscriber, and nothing follows the completion;
/// - `cancel()` stops values at once and cancels the operator's upstream subscription.
private func checkContract<Output>(_ name: String,
                                   forwardsFailure: Bool = true,
                                   sourceLocation: SourceLocation = #_sourceLocation,
                                   _ build: (AnyPublisher<Int, TestError>) -> AnyPublisher<Output, TestError>) {
    do {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Output, TestError>(initialDemand: .max(1))
        build(subject.eraseToAnyPublisher()).subscribe(subscriber)
        for value in 1...6 { subject.send(value) }
        #expect(subscriber.demandViolations == 0, "\(name): more values than demanded", sourceLocation: sourceLocation)
        #expect(subscriber.values.count <= 1, "\(name): more than one value for .max(1)", sourceLocation: sourceLocation)
    }
    if forwardsFailure {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Output, TestError>()
        build(subject.eraseToAnyPublisher()).subscribe(subscriber)
        subject.send(completion: .failure(.oops))
        subject.send(1)
        #expect(subscriber.completion == .failure(.oops), "\(name): failure not forwarded", sourceLocation: sourceLocation)
        if case .failure? = subscriber.events.last {} else {
            Issue.record("\(name): events after the completion: \(subscriber.events)", sourceLocation: sourceLocation)
        }
    }
    do {
        var upstreamCancels = 0
        let subject = PassthroughSubject<Int, TestError>()
        let upstream = subject.handleEvents(receiveCancel: { upstreamCancels += 1 }).eraseToAnyPublisher()
        let subscriber = TestSubscriber<Output, TestError>()
        build(upstream).subscribe(subscriber)
        subscriber.cancel()
        for value in 1...3 { subject.send(value) }
        subject.send(completion: .finished)
        #expect(subscriber.values.isEmpty, "\(name): values after cancel", sourceLocation: sourceLocation)
        #expect(subscriber.completion == nil, "\(name): completion after cancel", sourceLocation: sourceLocation)
        #expect(upstreamCancels >= 1, "\(name): upstream not cancelled", sourceLocation: sourceLocation)
    }
}

private struct Pair { var left: Int; var right: Int }

@Suite struct OperatorContractTests {
    @Test func mappingOperators() {
        checkContract("map") { $0.map { $0 * 2 }.eraseToAnyPublisher() }
        checkContract("tryMap") { $0.tryMap { $0 }.mapError { $0 as! TestError }.eraseToAnyPublisher() }
        checkContract("mapError") { $0.mapError { $0 }.eraseToAnyPublisher() }
        checkContract("replaceNil") { $0.map { Optional($0) }.replaceNil(with: 0).eraseToAnyPublisher() }
        checkContract("scan") { $0.scan(0, +).eraseToAnyPublisher() }
        checkContract("tryScan") { $0.tryScan(0, +).mapError { $0 as! TestError }.eraseToAnyPublisher() }
        checkContract("key path") { $0.map { Pair(left: $0, right: $0) }.map(\.left).eraseToAnyPublisher() }
        checkContract("key paths 2") { $0.map { Pair(left: $0, right: $0) }.map(\.left, \.right).map { $0 + $1 }.eraseToAnyPublisher() }
        checkContract("key paths 3") { $0.map { Pair(left: $0, right: $0) }.map(\.left, \.right, \.left).map { $0 + $1 + $2 }.eraseToAnyPublisher() }
    }

    @Test func filteringOperators() {
        checkContract("filter") { $0.filter { $0 > 1 }.eraseToAnyPublisher() }
        checkContract("tryFilter") { $0.tryFilter { $0 > 1 }.mapError { $0 as! TestError }.eraseToAnyPublisher() }
        checkContract("compactMap") { $0.compactMap { $0 }.eraseToAnyPublisher() }
        checkContract("tryCompactMap") { $0.tryCompactMap { $0 }.mapError { $0 as! TestError }.eraseToAnyPublisher() }
        checkContract("removeDuplicates") { $0.removeDuplicates().eraseToAnyPublisher() }
        checkContract("tryRemoveDuplicates") { $0.tryRemoveDuplicates { $0 == $1 }.mapError { $0 as! TestError }.eraseToAnyPublisher() }
        checkContract("replaceEmpty") { $0.replaceEmpty(with: 0).eraseToAnyPublisher() }
        checkContract("replaceError", forwardsFailure: false) { $0.replaceError(with: 0).setFailureType(to: TestError.self).eraseToAnyPublisher() }
    }

    @Test func reducingAndMatchingOperators() {
        checkContract("collect") { $0.collect().eraseToAnyPublisher() }
        checkContract("collect(2)") { $0.collect(2).eraseToAnyPublisher() }
        checkContract("ignoreOutput") { $0.ignoreOutput().eraseToAnyPublisher() }
        checkContract("reduce") { $0.reduce(0, +).eraseToAnyPublisher() }
        checkContract("tryReduce") { $0.tryReduce(0, +).mapError { $0 as! TestError }.eraseToAnyPublisher() }
        checkContract("count") { $0.count().eraseToAnyPublisher() }
        checkContract("min") { $0.min().eraseToAnyPublisher() }
        checkContract("max") { $0.max().eraseToAnyPublisher() }
        checkContract("tryMin") { $0.tryMin(by: <).mapError { $0 as! TestError }.eraseToAnyPublisher() }
        checkContract("tryMax") { $0.tryMax(by: <).mapError { $0 as! TestError }.eraseToAnyPublisher() }
        checkContract("contains") { $0.contains(9).eraseToAnyPublisher() }
        checkContract("contains(where:)") { $0.contains { $0 > 9 }.eraseToAnyPublisher() }
        checkContract("tryContains") { $0.tryContains { $0 > 9 }.mapError { $0 as! TestError }.eraseToAnyPublisher() }
        checkContract("allSatisfy") { $0.allSatisfy { $0 > 0 }.eraseToAnyPublisher() }
        checkContract("tryAllSatisfy") { $0.tryAllSatisfy { $0 > 0 }.mapError { $0 as! TestError }.eraseToAnyPublisher() }
    }

    @Test func sequenceOperators() {
        checkContract("dropFirst") { $0.dropFirst(2).eraseToAnyPublisher() }
        checkContract("drop(while:)") { $0.drop { $0 < 3 }.eraseToAnyPublisher() }
        checkContract("tryDrop(while:)") { $0.tryDrop { $0 < 3 }.mapError { $0 as! TestError }.eraseToAnyPublisher() }
        checkContract("drop(untilOutputFrom:)") { $0.drop(untilOutputFrom: Just(()).setFailureType(to: TestError.self)).eraseToAnyPublisher() }
        checkContract("append") { $0.append(9, 10).eraseToAnyPublisher() }
        checkContract("prepend") { $0.prepend(Empty()).eraseToAnyPublisher() }
        checkContract("prefix") { $0.prefix(3).eraseToAnyPublisher() }
        checkContract("prefix(while:)") { $0.prefix { $0 < 4 }.eraseToAnyPublisher() }
        checkContract("tryPrefix(while:)") { $0.tryPrefix { $0 < 4 }.mapError { $0 as! TestError }.eraseToAnyPublisher() }
        checkContract("prefix(untilOutputFrom:)") { $0.prefix(untilOutputFrom: PassthroughSubject<Void, Never>()).eraseToAnyPublisher() }
        checkContract("first") { $0.first().eraseToAnyPublisher() }
        checkContract("first(where:)") { $0.first { $0 > 2 }.eraseToAnyPublisher() }
        checkContract("tryFirst(where:)") { $0.tryFirst { $0 > 2 }.mapError { $0 as! TestError }.eraseToAnyPublisher() }
        checkContract("last") { $0.last().eraseToAnyPublisher() }
        checkContract("last(where:)") { $0.last { $0 > 2 }.eraseToAnyPublisher() }
        checkContract("tryLast(where:)") { $0.tryLast { $0 > 2 }.mapError { $0 as! TestError }.eraseToAnyPublisher() }
        checkContract("output(at:)") { $0.output(at: 1).eraseToAnyPublisher() }
        checkContract("output(in:)") { $0.output(in: 1...3).eraseToAnyPublisher() }
    }

    @Test func combiningOperators() {
        checkContract("merge") { $0.merge(with: Empty(completeImmediately: false)).eraseToAnyPublisher() }
        checkContract("merge 8") { upstream in
            let other = Empty<Int, TestError>(completeImmediately: false)
            return upstream.merge(with: other, other, other, other, other, other, other).eraseToAnyPublisher()
        }
        checkContract("MergeMany") { Publishers.MergeMany([$0, Empty(completeImmediately: false).eraseToAnyPublisher()]).eraseToAnyPublisher() }
        checkContract("zip") { $0.zip(Just(1).append(2, 3).setFailureType(to: TestError.self)) { $0 + $1 }.eraseToAnyPublisher() }
        checkContract("zip3") { $0.zip(Just(1).setFailureType(to: TestError.self), Just(2).setFailureType(to: TestError.self)).map { $0 + $1 + $2 }.eraseToAnyPublisher() }
        checkContract("combineLatest") { $0.combineLatest(Just(1).setFailureType(to: TestError.self)) { $0 + $1 }.eraseToAnyPublisher() }
        checkContract("combineLatest4") { upstream in
            let one = Just(1).setFailureType(to: TestError.self)
            return upstream.combineLatest(one, one, one) { $0 + $1 + $2 + $3 }.eraseToAnyPublisher()
        }
        checkContract("switchToLatest") { $0.map { [$0, $0].publisher.setFailureType(to: TestError.self) }.switchToLatest().eraseToAnyPublisher() }
        checkContract("flatMap") { $0.flatMap { [$0, $0].publisher.setFailureType(to: TestError.self) }.eraseToAnyPublisher() }
        checkContract("flatMap(maxPublishers:)") { $0.flatMap(maxPublishers: .max(1)) { Just($0).setFailureType(to: TestError.self) }.eraseToAnyPublisher() }
    }

    @Test func errorHandlingSharingAndDebuggingOperators() {
        checkContract("catch", forwardsFailure: false) { $0.catch { _ in Empty<Int, TestError>() }.eraseToAnyPublisher() }
        checkContract("tryCatch") { $0.tryCatch { error -> Empty<Int, TestError> in throw error }.mapError { $0 as! TestError }.eraseToAnyPublisher() }
        checkContract("retry(0)") { $0.retry(0).eraseToAnyPublisher() }
        checkContract("share") { $0.share().eraseToAnyPublisher() }
        checkContract("multicast+autoconnect") { $0.multicast(subject: PassthroughSubject()).autoconnect().eraseToAnyPublisher() }
        checkContract("handleEvents") { $0.handleEvents().eraseToAnyPublisher() }
        checkContract("print") { $0.print("contract", to: DiscardingStream()).eraseToAnyPublisher() }
        checkContract("breakpoint") { $0.breakpoint().eraseToAnyPublisher() }
        checkContract("buffer") { $0.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).eraseToAnyPublisher() }
        checkContract("encode+decode") { $0.encode(encoder: JSONEncoder()).decode(type: Int.self, decoder: JSONDecoder()).mapError { $0 as? TestError ?? .other }.eraseToAnyPublisher() }
        checkContract("setFailureType", forwardsFailure: false) { $0.replaceError(with: 0).setFailureType(to: TestError.self).eraseToAnyPublisher() }
        checkContract("subscribe(on: immediate)") { $0.subscribe(on: ImmediateScheduler.shared).eraseToAnyPublisher() }
        checkContract("receive(on: immediate)") { $0.receive(on: ImmediateScheduler.shared).eraseToAnyPublisher() }
    }
}

private struct DiscardingStream: TextOutputStream {
    mutating func write(_ string: String) {}
}

import Foundation
