/// The migration table as data: one rule per row of MigrationGuide.md's operator and type table, plus the
/// Rx API the table does not list as a row (subscriptions, bindings, imports, test helpers), each linked to
/// the guide section that explains it. `scan` reports from these rules and `convert` rewrites by them;
/// `MigrationTableTests` checks the table rows here against the guide's table, both ways.
public enum MigrationTable {
    /// Every rule: the guide's table rows in the guide's order, then the rules beyond the table.
    public static let rules: [MigrationRule] = tableRules + extraRules

    /// Rx cells more than one row has (`startWith`, `flatMapLatest`, …).
    static let duplicatedRx: Set<String> = {
        var seen = Set<String>()
        var duplicated = Set<String>()
        for rule in tableRules where !seen.insert(rule.rx).inserted { duplicated.insert(rule.rx) }
        return duplicated
    }()

    /// The anchor of the guide's operator and type table.
    public static let tableAnchor = "operator-and-type-table"

    /// One rule per row of the guide's table, in the table's order. `rx` and `combine` are the row's first
    /// two cells exactly as the guide spells them.
    public static let tableRules: [MigrationRule] = [
        // Transforming
        row("`map`", "`map(_:)`", .same, .mechanical),
        row("`compactMap`", "`compactMap(_:)`", .same, .mechanical),
        row("`scan`", "`scan(_:_:)`", .same, .mechanical),
        row("`reduce`", "`reduce(_:_:)`", .same, .mechanical),
        row("`toArray`", "`collect()`", .same, .mechanical),
        row("`startWith`", "`prepend(_:)`", .same, .mechanical),
        alternative("`startWith`", "CombineKitExt `startWith(_:)`", .same),
        row("`buffer(timeSpan:count:scheduler:)`", "`collect(.byTimeOrCount(_:_:_:))`", .differs, .manual,
            note: "Rx emits empty arrays for empty time spans; Combine emits only non-empty arrays."),
        row("`enumerated`, `mapWithIndex`", "CombineKitExt `enumerated()`", .same, .mechanical),
        row("`materialize`", "CombineKitExt `materialize()`", .same, .mechanical),
        row("`dematerialize`", "CombineKitExt `dematerialize()`", .same, .mechanical),
        row("`groupBy`", "—", .bridgeOnly, .manual, note: "Keep on Rx behind the bridge or restructure with a filter per key."),
        row("`window`", "—", .noCounterpart, .manual, note: "collect(.byTimeOrCount) gives arrays instead of inner streams."),
        row("`decode`", "`decode(type:decoder:)`", .same, .mechanical),
        row("`withUnretained`", "—", .noCounterpart, .manual, note: "Capture [weak self] in the closure instead."),
        // Filtering
        row("`filter`", "`filter(_:)`", .same, .mechanical),
        row("`distinctUntilChanged`", "`removeDuplicates()`", .same, .mechanical),
        row("`take(_:)`", "`prefix(_:)`", .same, .mechanical),
        row("`take(for:scheduler:)`, `take(_:scheduler:)`", "`prefix(untilOutputFrom:)` a one-shot timer (`Just(()).delay(for:scheduler:)`)",
            .same, .manual, note: "Needs a one-shot timer publisher on a Combine scheduler."),
        row("`skip(_:)`", "`dropFirst(_:)`", .same, .mechanical),
        row("`skip(for:scheduler:)`, `skip(_:scheduler:)`", "`drop(untilOutputFrom:)` a one-shot timer (`Just(()).delay(for:scheduler:)`)",
            .same, .manual, note: "Needs a one-shot timer publisher on a Combine scheduler."),
        row("`take(while:)`, `takeWhile`", "`prefix(while:)`", .same, .mechanical),
        row("`skip(while:)`, `skipWhile`", "`drop(while:)`", .same, .mechanical),
        row("`take(until:)`, `takeUntil`", "`prefix(untilOutputFrom:)`", .same, .mechanical),
        row("`skip(until:)`, `skipUntil`", "`drop(untilOutputFrom:)`", .differs, .review,
            note: "Rx holds back the source's completion until the other has emitted; Combine forwards it."),
        row("`element(at:)`, `elementAt`", "`output(at:)`", .differs, .review,
            note: "Source too short: Rx fails with argumentOutOfRange; Combine finishes without a value."),
        row("`ignoreElements`", "`ignoreOutput()`", .same, .mechanical),
        row("`takeLast`", "`last()`", .same, .review, note: "Only takeLast(1) has a counterpart."),
        row("`single`", "—", .noCounterpart, .manual, note: "Use first() and validate with tryReduce if the error matters."),
        row("`sample`", "CombineKitExt `sample(_:defaultValue:)`", .same, .mechanical),
        row("`ifEmpty(default:)`", "`replaceEmpty(with:)`", .same, .mechanical),
        // Combining
        row("`merge`", "`merge(with:)`", .same, .mechanical, note: "Observable.merge(a, b) becomes a.merge(with: b)."),
        row("`zip`", "`zip(_:)`", .differs, .review,
            note: "Rx completes when every source has completed; Combine as soon as a finished source has nothing left to pair."),
        row("`combineLatest`", "`combineLatest(_:)`", .differs, .review,
            note: "A source completing without a value ends Rx at the next value of another source, Combine only when all have finished."),
        row("`concat`", "`append(_:)`", .same, .mechanical),
        row("`flatMap`", "`flatMap(_:)`", .same, .mechanical),
        row("`flatMapLatest`", "`map(_:)` + `switchToLatest()`", .same, .mechanical),
        row("`switchLatest`", "`switchToLatest()`", .same, .mechanical),
        row("`concatMap`", "`flatMap(maxPublishers: .max(1), _:)`", .differs, .mechanical,
            note: "flatMap(maxPublishers: .max(1)) drops values a subject sends meanwhile; CombineKitExt concatMap queues them like Rx.",
            apis: []),
        alternative("`flatMapLatest`", "CombineKitExt `flatMapLatest(_:)`", .same),
        row("`concatMap`", "CombineKitExt `concatMap(_:)`", .same, .mechanical),
        row("`flatMapFirst`", "CombineKitExt `flatMapFirst(_:)`", .same, .mechanical),
        row("`withLatestFrom`", "CombineKitExt `withLatestFrom(_:)`, `withLatestFrom(_:resultSelector:)`", .same, .mechanical),
        row("`amb`", "CombineKitExt `amb(_:)`, `[publishers].amb()`", .same, .mechanical),
        // Errors and time
        row("`catchAndReturn`, `catchErrorJustReturn`", "`replaceError(with:)`", .same, .mechanical),
        row("`catch`, `catchError`", "`catch(_:)`, `tryCatch(_:)`", .same, .mechanical),
        row("`retry`", "`retry(_:)`", .differs, .review, note: "Rx retry(n) subscribes n times in all; Combine retry(n) subscribes n + 1 times."),
        row("`retry(when:)`, `retryWhen`", "CombineKitExt `retry(when:)`", .same, .mechanical),
        row("`timeout`", "`timeout(_:scheduler:customError:)`", .differs, .manual,
            note: "Combine finishes on a timeout unless customError is given; Rx fails with RxError.timeout."),
        row("`debounce`", "`debounce(for:scheduler:)`", .differs, .review,
            note: "At completion Rx sends the element still waiting; Combine drops it. Needs a Combine scheduler."),
        row("`throttle`", "`throttle(for:scheduler:latest:)`", .differs, .review,
            note: "latest: false differs, and so does an error with an element held. Needs a Combine scheduler."),
        // Creation
        row("`just`", "`Just`", .same, .mechanical, creation: true),
        row("`empty`", "`Empty()`", .same, .mechanical, creation: true),
        row("`never`", "`Empty(completeImmediately: false)`", .same, .mechanical, creation: true),
        row("`error`", "`Fail(error:)`", .same, .mechanical, creation: true),
        row("`from`, `of`", "`Sequence.publisher`", .same, .mechanical, creation: true),
        row("`range`", "`(start..<start + count).publisher`", .same, .manual, creation: true),
        row("`deferred`", "`Deferred`", .same, .manual, creation: true),
        row("`create`", "CombineKitExt `AnyPublisher.create` / `Future`", .same, .manual, creation: true,
            note: "The observer becomes a PublisherEmitter (send(_:), send(completion:))."),
        row("`generate`", "`sequence(first:next:).publisher`", .noCounterpart, .manual, creation: true),
        row("`repeatElement`", "`repeatElement(_:count:).publisher`", .noCounterpart, .manual, creation: true),
        row("`timer` (no period)", "`Just(_:)` + `delay(for:scheduler:)`", .same, .manual, creation: true,
            apis: ["timer(_:scheduler:)", "timer"]),
        row("`interval`, `timer(_:period:scheduler:)`", "`Timer.publish(every:on:in:)` + `autoconnect()`", .bridgeOnly, .manual,
            creation: true, note: "No virtual-time counterpart: keep interval and bridge it, or drive a periodic publisher from an injected scheduler."),
        row("`using`", "—", .noCounterpart, .manual, creation: true,
            note: "Tie the resource's lifetime to the cancellable (handleEvents(receiveCancel:))."),
        // Subjects, relays, traits and types
        row("`PublishSubject`", "`PassthroughSubject`", .same, .mechanical),
        row("`PublishSubject` (subscriber with limited demand)", "`PassthroughSubject`", .differs, .review,
            note: "A Combine subject drops values sent while a subscriber has no demand.", apis: []),
        row("`BehaviorSubject`", "`CurrentValueSubject`", .same, .mechanical),
        row("`ReplaySubject`", "CombineKitExt `ReplayingSubject(bufferSize:)`", .same, .mechanical),
        row("`AsyncSubject`", "—", .noCounterpart, .manual, note: "Closest: Future, or last() on a subject."),
        row("`PublishRelay`", "`PassthroughSubject<_, Never>`", .same, .mechanical),
        alternative("`PublishRelay` bound with `bind(to:)`", "CombineKitExt `PassthroughRelay` fed with `subscribe(_:)`", .same),
        row("`BehaviorRelay`", "`CurrentValueSubject<_, Never>`", .same, .mechanical),
        alternative("`BehaviorRelay` bound with `bind(to:)`", "CombineKitExt `CurrentValueRelay` fed with `subscribe(_:)`", .same),
        row("`ReplayRelay`", "CombineKitExt `ReplayingSubject<_, Never>`", .same, .mechanical),
        row("`bind(to:)` a subject", "`subscribe(_:)` a subject", .same, .review,
            note: "bind(to:) a UI binder (RxCocoa) has no counterpart: sink or assign on the main scheduler."),
        row("`Single`", "`AnyPublisher` (one value) / `Future`", .bridgeOnly, .review,
            note: "No trait guarantees one value; asSingle() bridges back."),
        row("`Maybe`", "`AnyPublisher` (zero or one value)", .bridgeOnly, .review, note: "No trait guarantees zero or one value; asMaybe() bridges back."),
        row("`Completable`", "`AnyPublisher<Never, E>`", .bridgeOnly, .review, note: "asCompletable() bridges back."),
        row("`Driver`, `Signal`", "`replaceError(with:)` + `receive(on:)` + CombineKitExt `share(replay: 1)` (Signal: `share(replay: 0, scope: .whileConnected)`)",
            .same, .review, anchor: "drivers-guarantees",
            note: "Three explicit operators; receive(on: DispatchQueue.main) always hops where a Driver delivers inline on main."),
        row("`share(replay:)`", "`share()`", .differs, .mechanical, anchor: "sharereplay",
            note: "Combine's share() never replays; CombineKitExt share(replay:) keeps the Rx behaviour."),
        row("`share(replay:scope:)`, `SubjectLifetimeScope`", "CombineKitExt `share(replay:scope:)`, `ShareReplayScope`", .same, .mechanical),
        row("`observe(on:)`, `observeOn`, `subscribe(on:)`, `subscribeOn`", "`receive(on:)`, `subscribe(on:)`", .same, .review,
            anchor: "schedulers-and-main-thread-hops", note: "The scheduler must become a Combine scheduler."),
        row("`observe(on: MainScheduler.instance)`", "`receive(on: DispatchQueue.main)`", .differs, .review,
            anchor: "schedulers-and-main-thread-hops", note: "receive(on: DispatchQueue.main) always hops; MainScheduler.instance runs inline on main."),
        row("`do`", "`handleEvents(…)`", .same, .mechanical),
        row("`do(onDispose:)`", "CombineKitExt `onDispose(_:)`", .same, .mechanical),
        row("`debug`", "`print(_:to:)`", .same, .mechanical),
        row("`delay`", "`delay(for:scheduler:)`", .differs, .review,
            note: "Rx does not delay errors; Combine delays a failure like a value. Needs a Combine scheduler."),
        row("`delaySubscription`", "`Just(()).delay(for:scheduler:)` + `flatMap` to the source", .same, .manual),
        row("`publish`, `multicast`, `replay`, `replayAll`, `connect`, `refCount`", "`multicast(subject:)`, `multicast(_:)`, `connect()`, `autoconnect()`",
            .differs, .manual, note: "replay(n) is multicast(subject: ReplayingSubject(bufferSize: n)); Rx makes a fresh subject per connection, Combine keeps one."),
        row("`DisposeBag`", "`Set<AnyCancellable>`", .bridgeOnly, .mechanical, anchor: "disposebag-vs-setanycancellable",
            note: "convert uses CombineKitExt's CancelBag, which keeps DisposeBag's semantics.", apis: ["DisposeBag", "disposed(by:)"]),
    ]

    /// Rx API the guide's table has no row for; each links to the guide section that covers it.
    public static let extraRules: [MigrationRule] = [
        extra("Observable<T>", "AnyPublisher<T, Error>", .same, .mechanical, anchor: "error-typing",
              apis: ["Observable"], note: "Rx errors are untyped; the failure type becomes Error (name one per layer later)."),
        extra("Infallible<T>", "AnyPublisher<T, Never>", .same, .review, anchor: "error-typing", apis: ["Infallible"]),
        extra("subscribe(onNext:onError:onCompleted:)", "sink(receiveCompletion:receiveValue:)", .same, .mechanical,
              anchor: "disposebag-vs-setanycancellable", apis: ["subscribe(onNext:)", "subscribe(onNext:onError:)",
                  "subscribe(onNext:onError:onCompleted:)", "subscribe(onNext:onCompleted:)", "subscribe(onError:)",
                  "subscribe(onCompleted:)", "subscribe(with:onNext:)", "subscribe(onSuccess:)", "subscribe(onSuccess:onFailure:)",
                  "subscribe(onNext:onError:onCompleted:onDisposed:)"],
              note: "An AnyCancellable that is not stored cancels at once."),
        extra("subscribe { event in }", "sink(receiveCompletion:receiveValue:)", .differs, .manual,
              anchor: "disposebag-vs-setanycancellable", apis: ["subscribe(_:)"], note: "Split the Event switch into the two sink closures."),
        extra("accept(_:)", "send(_:)", .same, .mechanical, anchor: "name-map-rx-name--combinekitext-name", apis: ["accept(_:)"]),
        extra("asObservable()", "eraseToAnyPublisher()", .same, .mechanical, anchor: "erasetoanypublisher", apis: ["asObservable()"]),
        extra("drive(onNext:)", "sink(receiveValue:)", .same, .mechanical, anchor: "drivers-guarantees",
              apis: ["drive(onNext:)", "drive(with:onNext:)"]),
        extra("drive(_:)", "subscribe(_:) a subject, or sink on the main scheduler", .same, .review, anchor: "drivers-guarantees",
              apis: ["drive(_:)", "drive"]),
        extra("asDriver(onErrorJustReturn:), asDriver(onErrorDriveWith:), asDriver(onErrorRecover:)",
              "replaceError(with:) or catch(_:) + receive(on:) + CombineKitExt share(replay: 1)", .same, .review, anchor: "drivers-guarantees",
              apis: ["asDriver", "asSignal"], note: "receive(on: DispatchQueue.main) always hops where a Driver delivers inline on main."),
        extra("rx. bindings (RxCocoa)", "publishers of the UI framework, or sink/assign on the main scheduler", .noCounterpart, .manual,
              anchor: "ui-bindings", apis: ["rx."], note: "UIKit bindings stay on Rx until the view's step."),
        extra("ControlEvent, ControlProperty, Binder (RxCocoa)", "—", .noCounterpart, .manual, anchor: "ui-bindings",
              apis: ["ControlEvent", "ControlProperty", "Binder"], note: "UIKit binding types stay on Rx until the view's step."),
        extra("Disposable", "AnyCancellable", .same, .review, anchor: "disposebag-vs-setanycancellable",
              apis: ["Disposable", "Disposables", "CompositeDisposable", "SerialDisposable"]),
        extra("MainScheduler, SchedulerType", "DispatchQueue.main, a Combine Scheduler", .differs, .review, anchor: "schedulers-and-main-thread-hops",
              apis: ["MainScheduler", "SchedulerType", "ConcurrentDispatchQueueScheduler", "SerialDispatchQueueScheduler", "SharingScheduler"],
              note: "Rx schedulers become Combine schedulers (DispatchQueue, RunLoop, a test scheduler); DispatchQueue.main always hops."),
        extra("AnyObserver, ObserverType", "PublisherEmitter, Subscriber", .same, .manual, anchor: "name-map-rx-name--combinekitext-name",
              apis: ["AnyObserver", "ObserverType", "ObservableType", "ObservableConvertibleType"]),
        extra("TestScheduler, createHotObservable, createColdObservable (RxTest)", "CombineTestScheduler (CombineKitTest)", .same, .manual,
              anchor: "porting-rxtest-and-rxblocking-tests",
              apis: ["TestScheduler", "TestableObserver", "TestableObservable", "createHotObservable", "createColdObservable",
                     "createObserver", "Recorded"],
              note: "Pin the Rx timeline with a parity test before converting the test."),
        extra("toBlocking (RxBlocking)", "TestSubscriber (CombineKitTest), or values in an async test", .noCounterpart, .manual,
              anchor: "porting-rxtest-and-rxblocking-tests", apis: ["toBlocking"],
              note: "RxKitBlocking keeps toBlocking() compiling on RxKit; Combine has no blocking operator: "
                  + "record with a TestSubscriber on a CombineTestScheduler, or await the publisher's values."),
        extra("import RxSwift, RxRelay, RxCocoa, RxTest, RxBlocking", "import RxKit / RxKitTest / RxKitBlocking, later CombineKit", .same,
              .mechanical, anchor: "adopting-rxkit-in-an-rxswift-app",
              apis: ["import:RxSwift", "import:RxRelay", "import:RxCocoa", "import:RxTest", "import:RxBlocking", "import:RxKit", "import:RxKitTest",
                     "import:RxKitBlocking"]),
    ]

    // MARK: - Builders

    private static func row(
        _ rx: String, _ combine: String, _ status: MigrationStatus, _ effort: MigrationEffort,
        creation: Bool = false, anchor: String = tableAnchor, note: String = "", apis: [String]? = nil
    ) -> MigrationRule {
        MigrationRule(rx: rx, combine: combine, isTableRow: true, isAlternative: false, status: status, effort: effort,
                      anchor: anchor, note: note, apis: apis ?? MigrationRule.spellings(in: rx), creationOnly: creation)
    }

    /// A second row for the same Rx API (a CombineKitExt alternative): listed, never matched by `scan`.
    private static func alternative(_ rx: String, _ combine: String, _ status: MigrationStatus) -> MigrationRule {
        MigrationRule(rx: rx, combine: combine, isTableRow: true, isAlternative: true, status: status, effort: .mechanical,
                      anchor: tableAnchor, note: "", apis: [], creationOnly: false)
    }

    private static func extra(
        _ rx: String, _ combine: String, _ status: MigrationStatus, _ effort: MigrationEffort,
        anchor: String, apis: [String], note: String = ""
    ) -> MigrationRule {
        MigrationRule(rx: rx, combine: combine, isTableRow: false, isAlternative: false, status: status, effort: effort,
                      anchor: anchor, note: note, apis: apis, creationOnly: false)
    }
}
