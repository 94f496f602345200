import Foundation
import RxKit
import RxKitTest
import Testing

final class Label: ReactiveCompatible {
    var text: String = ""
    var isHidden = false
}

@Suite struct BinderTests {
    @Test func binderWritesOnItsSchedulerWhileTheTargetLives() {
        let scheduler = TestScheduler(initialClock: 0)
        var label: Label? = Label()
        let binder = Binder(label!, scheduler: scheduler) { label, text in label.text = text }
        binder.onNext("a")
        #expect(label?.text == "")  // runs on the scheduler, not inline
        scheduler.start()
        #expect(label?.text == "a")
        weak let weakLabel = label
        label = nil
        #expect(weakLabel == nil)  // the binder does not keep its target alive
        binder.onNext("b")
        scheduler.start()
    }

    @MainActor @Test func keyPathBindersFromRxWriteOnTheMainScheduler() {
        let label = Label()
        let subject = PublishSubject<String>()
        let subscription = subject.bind(to: label.rx.text)
        subject.onNext("hello")
        #expect(label.text == "hello")  // MainScheduler runs inline on the main queue
        _ = Observable.just(true).bind(to: label.rx.isHidden)
        #expect(label.isHidden)
        subscription.dispose()
    }

    @Test func nsObjectsAreReactiveCompatible() {
        let object = NSObject()
        #expect(object.rx.base === object)
    }
}
