import CombineKit
import CombineKitTest
import Dispatch
import Testing

@Suite struct FlatMapAndSwitchOverloadTests {
    @Test func failureTypesAreBridgedAsInCombine() {
        // upstream can fail, inner cannot
        let failing = PassthroughSubject<Int, TestError>()
        let a: Publishers.FlatMap<Publishers.SetFailureType<Just<Int>, TestError>, PassthroughSubject<Int, TestError>> = failing.flatMap { Just($0) }
        // upstream cannot fail, inner can
        let b: Publishers.FlatMap<Fail<Int, TestError>, Publishers.SetFailureType<Just<Int>, TestError>> = Just(1).flatMap { _ in Fail<Int, TestError>(error: .oops) }
        // neither can fail
        let c: Publishers.FlatMap<Just<Int>, Just<Int>> = Just(1).flatMap { Just($0 + 1) }
        #expect(SinkRecorder(c).values == [2])
        #expect(SinkRecorder(b).completions == [.failure(.oops)])
        let recorder = SinkRecorder(a)
        failing.send(3)
        #expect(recorder.values == [3])
        let switched = PassthroughSubject<Just<Int>, TestError>().switchToLatest()
        let _: Publishers.SwitchToLatest<Publishers.SetFailureType<Just<Int>, TestError>, Publishers.Map<PassthroughSubject<Just<Int>, TestError>, Publishers.SetFailureType<Just<Int>, TestError>>> = switched
    }
}
