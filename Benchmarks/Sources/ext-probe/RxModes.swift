import RxKit

// RxKit's counterparts and neighbours of the CombineKitExt operators, for the same probe: a PublishSubject
// pumped through one operator into `subscribe(onNext:)`. Kept in a file of its own so that RxKit's names
// and CombineKit's do not meet.

/// The RxKit modes, named `rx.` + operator.
let rxModes = ["rx.map", "rx.skip", "rx.takeWhile", "rx.distinct", "rx.do", "rx.enumerated", "rx.startWith",
               "rx.flatMapLatest", "rx.flatMapFirst", "rx.concatMap", "rx.materialize", "rx.dematerialize",
               "rx.shareReplay", "rx.replaySubject", "rx.merge", "rx.combineLatestMany", "rx.zipMany", "rx.amb",
               "rx.withLatestFrom", "rx.behaviorRelaySkip"]

/// Runs RxKit mode `mode` with `n` values; returns the sum the subscriber saw.
func runRx(_ mode: String, _ n: Int) -> Int {
    nonisolated(unsafe) var sum = 0
    let subject = PublishSubject<Int>()
    let other = BehaviorSubject<Int>(value: 0)
    let replay = ReplaySubject<Int>.create(bufferSize: 1)
    let relay = BehaviorRelay<Int>(value: 0)
    let bag = DisposeBag()
    let add: (Int) -> Void = { sum &+= $0 }
    switch mode {
    case "rx.map": subject.map { $0 &+ 1 }.subscribe(onNext: add).disposed(by: bag)
    case "rx.skip": subject.skip(1).subscribe(onNext: add).disposed(by: bag)
    case "rx.takeWhile": subject.take(while: { $0 >= 0 }).subscribe(onNext: add).disposed(by: bag)
    case "rx.distinct": subject.distinctUntilChanged().subscribe(onNext: add).disposed(by: bag)
    case "rx.do": subject.do(onNext: { _ in }).subscribe(onNext: add).disposed(by: bag)
    case "rx.enumerated": subject.enumerated().subscribe(onNext: { add($0.element) }).disposed(by: bag)
    case "rx.startWith": subject.startWith(1).subscribe(onNext: add).disposed(by: bag)
    case "rx.flatMapLatest": subject.flatMapLatest { Observable.just($0) }.subscribe(onNext: add).disposed(by: bag)
    case "rx.flatMapFirst": subject.flatMapFirst { Observable.just($0) }.subscribe(onNext: add).disposed(by: bag)
    case "rx.concatMap": subject.concatMap { Observable.just($0) }.subscribe(onNext: add).disposed(by: bag)
    case "rx.materialize":
        subject.materialize().subscribe(onNext: { if case .next(let value) = $0 { add(value) } }).disposed(by: bag)
    case "rx.dematerialize": subject.materialize().dematerialize().subscribe(onNext: add).disposed(by: bag)
    case "rx.shareReplay": subject.share(replay: 1).subscribe(onNext: add).disposed(by: bag)
    case "rx.replaySubject": replay.subscribe(onNext: add).disposed(by: bag)
    case "rx.merge": Observable.merge([subject.asObservable(), other.asObservable()]).subscribe(onNext: add).disposed(by: bag)
    case "rx.combineLatestMany":
        Observable.combineLatest([subject.asObservable(), other.asObservable()]).subscribe(onNext: { add($0[0]) }).disposed(by: bag)
    case "rx.zipMany":  // the second source gets one value per value of the first, so every send makes a row
        let second = PublishSubject<Int>()
        Observable.zip([subject.do(onNext: { second.onNext($0) }), second.asObservable()])
            .subscribe(onNext: { add($0[1]) }).disposed(by: bag)
    case "rx.amb": subject.amb(Observable<Int>.never()).subscribe(onNext: add).disposed(by: bag)
    case "rx.withLatestFrom": subject.withLatestFrom(other) { $0 &+ $1 }.subscribe(onNext: add).disposed(by: bag)
    case "rx.behaviorRelaySkip": relay.skip(1).subscribe(onNext: add).disposed(by: bag)
    default: preconditionFailure("runRx: unknown mode \(mode)")
    }
    switch mode {
    case "rx.replaySubject": for i in 0..<n { replay.onNext(i) }
    case "rx.behaviorRelaySkip": for i in 0..<n { relay.accept(i) }
    default: for i in 0..<n { subject.onNext(i) }
    }
    return sum
}
