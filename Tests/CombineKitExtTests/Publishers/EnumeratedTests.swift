import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct EnumeratedTests {
    @Test func numbersValuesPerSubscription() {
        let s = CombineTestScheduler()
        let (upstream, first) = runStandardScript(s) { $0.enumerated().eraseToAnyPublisher() }
        s.run()
        let second = TestSubscriber<(index: Int, element: Int), TestError>(scheduler: s)
        upstream.enumerated().subscribe(second)
        s.run()
        #expect(first.values.map { "\($0.index):\($0.element)" } == ["0:1", "1:2", "2:3", "3:4"])
        #expect(second.values.map(\.index) == [0, 1, 2, 3])
        #expect(first.completion == .finished)
    }

    @Test func failureCancellationAndLimitedDemand() {
        let s = CombineTestScheduler()
        let (_, failed) = runStandardScript(s, end: .failure(45, .oops)) { $0.enumerated().eraseToAnyPublisher() }
        let (_, limited) = runStandardScript(s, demand: .max(1)) { $0.enumerated().eraseToAnyPublisher() }
        let (upstream, cancelled) = runStandardScript(s) { $0.enumerated().eraseToAnyPublisher() }
        s.at(25) { cancelled.cancel() }
        s.run()
        #expect(failed.completion == .failure(.oops))
        #expect(limited.values.map(\.index) == [0])
        limited.request(.max(3))
        #expect(limited.values.map(\.index) == [0, 1, 2, 3])
        #expect(limited.completion == .finished)
        #expect(cancelled.values.count == 2)
        #expect(upstream.subscriptions.first?.cancelled == 25)
    }
}
