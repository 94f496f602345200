import RxKit
import RxKitTest
import Testing

/// The generated combineLatest/zip arities of Infallible.
@Suite struct InfallibleCombiningTests {
    @Test func combineLatestEmitsOnceAllHaveAnElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2)]).asInfallible(onErrorJustReturn: 0)
        let b = scheduler.createHotObservable([.next(220, "x")]).asInfallible(onErrorJustReturn: "")
        let res = scheduler.start { Infallible.combineLatest(a, b) { "\($0)\($1)" }.asObservable() }
        #expect(res.events == [.next(220, "1x"), .next(230, "2x")])
    }

    @Test func zipTupleOfThree() {
        var got: [String] = []
        _ = Infallible.zip(Infallible.of(1, 2), Infallible.of("a", "b"), Infallible.of(true, false))
            .subscribe(onNext: { got.append("\($0.0)\($0.1)\($0.2)") })
        #expect(got == ["1atrue", "2bfalse"])
    }
}
