import CombineKit
import CombineKitTest
import RxCombineBridge
import RxKit
import RxKitTest
import Testing

@Suite(.serialized) struct PublishedInteropErrorTests {
    @Test func rxErrorIntoPublishedIsReportedAndStops() {
        let settings = Settings()
        let reported = recordingUnhandledErrors {
            let subject = PublishSubject<Int>()
            subject.assign(to: &settings.$count)
            subject.onNext(3)
            subject.onError(BridgeTestError(id: 5))
        }.map(\.error)
        #expect(settings.count == 3)
        #expect(reported.count == 1)
        #expect((reported.first as? BindingError)?.underlying as? BridgeTestError == BridgeTestError(id: 5))
    }
}
