import RxKit
import RxKitTest
import Testing

@Suite struct MaybeTests {
    @Test func createDeliversSuccessCompletedOrError() {
        var log: [String] = []
        _ = Maybe<Int>.create { observer in
            observer(.completed)
            observer(.success(1))
            return Disposables.create()
        }.subscribe(onSuccess: { log.append("s\($0)") }, onError: { _ in log.append("e") }, onCompleted: { log.append("c") })
        _ = Maybe.just(2).subscribe(onSuccess: { log.append("s\($0)") }, onCompleted: { log.append("c") })
        _ = Maybe<Int>.error(testError).subscribe(onError: { log.append("e \($0)") })
        #expect(log == ["c", "s2", "e TestError(1)"])
    }

    @Test func asMaybeRejectsASecondElement() {
        var error: Error?
        _ = Observable.create { observer in
            observer.onNext(1); observer.onNext(2); observer.onCompleted()
            return Disposables.create()
        }.asMaybe().subscribe(onError: { error = $0 })
        guard case .moreThanOneElement? = error as? RxError else {
            Issue.record("expected moreThanOneElement, got \(String(describing: error))")
            return
        }
    }

    @Test func maybeEventCallback() {
        var events: [String] = []
        _ = Maybe<Int>.empty().subscribe { event in
            if case .completed = event { events.append("completed") }
        }
        #expect(events == ["completed"])
    }
}
