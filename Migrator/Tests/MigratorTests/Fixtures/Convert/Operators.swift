import RxSwift

/// Operators whose Combine-style counterparts are exact renames.
enum Operators {
    static func renamed(_ numbers: Observable<Int>, stop: Observable<Void>) -> Observable<[Int]> {
        numbers
            .startWith(0)
            .skip(1)
            .take(10)
            .take(while: { $0 < 100 })
            .skip(while: { $0 < 0 })
            .take(until: stop)
            .scan(0, accumulator: +)
            .do(onNext: { print("running total", $0) })
            .debug("numbers")
            .concat(Observable.from([1, 2, 3]))
            .ifEmpty(default: 0)
            .retry(3)
            .toArray()
            .asObservable()
    }

    static func done(_ numbers: Observable<Int>) -> Observable<Never> {
        numbers.ignoreElements().asObservable()
    }

    static func last(_ numbers: Observable<Int>) -> Observable<Int> {
        numbers.takeLast(1).catchAndReturn(-1)
    }

    static func combined(_ a: Observable<Int>, _ b: Observable<Int>) -> Observable<Int> {
        Observable.merge(a, b.map { $0 * 10 })
    }

    static func latest(_ a: Observable<Int>, _ b: Observable<String>) -> Observable<String> {
        a.withLatestFrom(b).share(replay: 1)
    }

    static func nothing() -> Observable<Int> {
        Observable<Int>.empty()
    }

    static func forever() -> Observable<Int> {
        Observable<Int>.never()
    }
}
