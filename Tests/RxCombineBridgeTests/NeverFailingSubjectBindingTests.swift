import CombineKit
import CombineKitTest
import RxCombineBridge
import RxKit
import RxKitTest
import Testing

@Suite(.serialized) struct NeverFailingSubjectBindingTests {
    @Test func errorIntoNeverFailingSubjectIsReported() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        let reported = recordingUnhandledErrors {
            _ = Observable<Int>.error(BridgeTestError(id: 2)).bind(to: subject)
        }.map(\.error)
        #expect(subscriber.completion == nil)
        #expect(reported.count == 1)
        #expect((reported.first as? BindingError)?.underlying as? BridgeTestError == BridgeTestError(id: 2))
    }
}
