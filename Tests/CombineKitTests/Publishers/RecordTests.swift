import CombineKit
import CombineKitTest
import Testing

@Suite struct RecordTests {
    @Test func replaysOutputAndCompletionForEachSubscriber() {
        let record = Record<Int, TestError>(output: [1, 2], completion: .failure(.oops))
        for _ in 0..<2 {
            let subscriber = TestSubscriber<Int, TestError>()
            record.subscribe(subscriber)
            #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .failure(0, .oops)])
        }
    }

    @Test func recordingClosureAndLimitedDemand() {
        let record = Record<Int, Never> { recording in
            recording.receive(1)
            recording.receive(2)
            recording.receive(completion: .finished)
        }
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        record.subscribe(subscriber)
        #expect(subscriber.values == [1])
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .finished(0)])
    }
}
