import CombineKit
import CombineKitExt
import CombineKitTest
import Testing
import Dispatch

/// Detects overlapping calls into a subscriber.
final class OverlapDetector: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never
    private let lock = DispatchSemaphore(value: 1)
    private var inside = false
    private(set) var overlaps = 0
    private(set) var count = 0

    func receive(subscription: Subscription) { subscription.request(.unlimited) }
    func receive(_ input: Int) -> Subscribers.Demand {
        lock.wait(); if inside { overlaps += 1 }; inside = true; count += 1; lock.signal()
        for _ in 0..<50 { _ = input.hashValue }
        lock.wait(); inside = false; lock.signal()
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {}
}

@Suite struct MergeAllConcurrencyTests {
    @Test func concurrentSourcesAreDeliveredOneAtATime() {
        // CombineKit's subjects are lock-protected and Sendable, so they can be captured by the threads below.
        let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let detector = OverlapDetector()
        subjects.merge().subscribe(detector)
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<2000 { subjects[index].send(value) }
        }
        #expect(detector.count == 8000)
        #expect(detector.overlaps == 0)
    }
}
