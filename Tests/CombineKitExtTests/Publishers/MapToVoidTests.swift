import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct MapToVoidTests {
    @Test func replacesValuesAndForwardsCompletionFailureCancelAndDemand() {
        let s = CombineTestScheduler()
        let (_, all) = runStandardScript(s) { $0.mapToVoid().eraseToAnyPublisher() }
        let (_, failed) = runStandardScript(s, end: .failure(45, .oops)) { $0.mapToVoid().eraseToAnyPublisher() }
        let (_, limited) = runStandardScript(s, demand: .max(1)) { $0.mapToVoid().eraseToAnyPublisher() }
        let (cancelledUpstream, cancelled) = runStandardScript(s) { $0.mapToVoid().eraseToAnyPublisher() }
        s.at(15) { cancelled.cancel() }
        s.run()
        #expect(all.values.count == 4)
        #expect(all.completion == .finished)
        #expect(failed.values.count == 4)
        #expect(failed.completion == .failure(.oops))
        #expect(limited.values.count == 1)
        #expect(limited.demandViolations == 0)
        #expect(cancelled.values.count == 1)
        #expect(cancelledUpstream.subscriptions.first?.cancelled == 15)
    }
}
