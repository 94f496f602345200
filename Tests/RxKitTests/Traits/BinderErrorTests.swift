import Foundation
import RxKit
import RxKitTest
import Testing

@Suite(.serialized) struct BinderErrorTests {
    @Test func errorIntoBinderIsReportedNotFatal() {
        let label = Label()
        let binder = Binder(label, scheduler: CurrentThreadScheduler.instance) { label, text in label.text = text }
        let reported = recordingUnhandledErrors { binder.onError(testError) }.map(\.error)
        #expect(reported.count == 1)
        #expect((reported.first as? BindingError)?.underlying as? TestError == testError)
    }
}
