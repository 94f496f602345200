import CombineKit
import CombineKitTest
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct BreakpointTests {
    @Test func passesEventsThroughWhenPredicatesAreFalse() {
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(1))
        [1, 2].publisher.setFailureType(to: TestError.self)
            .breakpoint(receiveSubscription: { _ in false }, receiveOutput: { _ in false }, receiveCompletion: { _ in false })
            .subscribe(subscriber)
        #expect(subscriber.values == [1])
        let finishing = TestSubscriber<Int, Never>()
        Just(1).breakpointOnError().subscribe(finishing)
        #expect(finishing.completion == .finished)
    }

    @Test func breakpointOnErrorRaisesSIGTRAPOnFailure() async {
        await #expect(processExitsWith: .signal(SIGTRAP)) {
            _ = Fail<Int, TestError>(error: .oops).breakpointOnError().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        }
    }
}
