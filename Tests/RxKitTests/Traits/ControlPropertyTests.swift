import RxKit
import RxKitTest
import Testing

/// ControlProperty (RxCocoa's ControlProperty.swift), UI-free.
@Suite struct ControlPropertyTests {
    /// A headless text field: its text is a relay, the property writes back into it.
    final class HeadlessTextField {
        let text = BehaviorRelay<String?>(value: nil)
        var property: ControlProperty<String?> {
            ControlProperty(values: text.asObservable(), valueSink: Binder(self, scheduler: CurrentThreadScheduler.instance) { field, value in field.text.accept(value) })
        }
    }

    @Test func readsTheCurrentValueAndChangesAndWritesThroughTheSink() {
        let scheduler = TestScheduler(initialClock: 0)
        let field = HeadlessTextField()
        SharingScheduler.mock(scheduler: scheduler) {
            let property = field.property
            let values = scheduler.createObserver(String.self)
            let changes = scheduler.createObserver(String.self)
            scheduler.scheduleAt(200) {
                _ = property.orEmpty.subscribe(values)
                _ = property.orEmpty.changed.subscribe(changes)
            }
            scheduler.scheduleAt(210) { field.text.accept("a") }
            scheduler.scheduleAt(220) { property.orEmpty.onNext("b") }
            scheduler.start()
            // orEmpty wraps the property in a second ControlProperty (as RxCocoa does), so the
            // subscription hops through the (mocked main) scheduler twice.
            #expect(values.events == [.next(202, ""), .next(210, "a"), .next(220, "b")])
            #expect(changes.events == [.next(210, "a"), .next(220, "b")])
        }
    }

    @Test func errorsAreReportedNotSetAndCompletionIsIgnored() {
        let field = HeadlessTextField()
        let property = field.property
        property.on(.next("x"))
        property.on(.completed)
        property.on(.next("y"))
        #expect(field.text.value == "y")
    }

    @Test func asDriverReplaysTheValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let field = HeadlessTextField()
        field.text.accept("hi")
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start { field.property.orEmpty.asDriver().asObservable() }
            #expect(res.events == [.next(203, "hi")])
        }
    }
}
