import CombineKit
import CombineKitTest

/// Runs the standard script of the one-in/one-out operator tests: values 1...4 at 10, 20, 30, 40
/// and `end` at 50, through `operate`, recording into `subscriber`.
func runStandardScript<Output>(_ s: CombineTestScheduler, end: TestPublisher<Int, TestError>.ScriptEvent = .finished(50),
                               demand: Subscribers.Demand = .unlimited,
                               _ operate: (TestPublisher<Int, TestError>) -> AnyPublisher<Output, TestError>)
    -> (TestPublisher<Int, TestError>, TestSubscriber<Output, TestError>) {
    let upstream = IntPublisher.cold(s, [.value(10, 1), .value(20, 2), .value(30, 3), .value(40, 4), end])
    let subscriber = TestSubscriber<Output, TestError>(scheduler: s, initialDemand: demand)
    operate(upstream).subscribe(subscriber)
    return (upstream, subscriber)
}
