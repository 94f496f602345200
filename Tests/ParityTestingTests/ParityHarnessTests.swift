import CombineKit
import ParityTesting
import RxKit
import Testing

@Suite struct ParityHarnessTests {
    @Test func identicalPipelinesPass() {
        let script = ParityScript<Int>.hot("plain", .value(210, 1), .finished(300))
        let report = Parity().compare(script, rx: { $0.map { $0 + 1 } }, combine: { $0.map { $0 + 1 } })
        #expect(report.passed)
    }
}
