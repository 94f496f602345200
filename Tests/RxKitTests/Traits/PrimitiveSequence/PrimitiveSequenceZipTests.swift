import RxKit
import RxKitTest
import Testing

/// The generated zip arities of Single and Maybe.
@Suite struct PrimitiveSequenceZipTests {
    @Test func singleZipTwoWaitsForTheLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let b = scheduler.createColdObservable([.next(40, "b"), .completed(40)])
        let res = scheduler.start { Single.zip(a.asSingle(), b.asSingle()) { "\($0)\($1)" }.asObservable() }
        #expect(res.events == [.next(240, "1b"), .completed(240)])
    }

    @Test func singleZipEightAsTuple() {
        var got: [Int] = []
        let s1 = Single.just(1), s2 = Single.just(2), s3 = Single.just(3), s4 = Single.just(4)
        let s5 = Single.just(5), s6 = Single.just(6), s7 = Single.just(7), s8 = Single.just(8)
        let zipped: Single<(Int, Int, Int, Int, Int, Int, Int, Int)> = Single.zip(s1, s2, s3, s4, s5, s6, s7, s8)
        _ = zipped
            .map { (t: (Int, Int, Int, Int, Int, Int, Int, Int)) -> Int in
                let head = t.0 + t.1 + t.2 + t.3
                return head + t.4 + t.5 + t.6 + t.7
            }
            .subscribe(onSuccess: { got.append($0) })
        #expect(got == [36])
    }

    @Test func maybeZipThreeFailsWithTheFirstError() {
        var errors: [TestError] = []
        _ = Maybe.zip(Maybe.just(1), Maybe<Int>.error(testError), Maybe.just(3)) { $0 + $1 + $2 }
            .subscribe(onError: { errors.append($0 as! TestError) })
        #expect(errors == [testError])
    }
}
