import CombineKit
import Foundation
import ParityTesting
import RxCombineBridge
import RxKit
import RxKitTest
import Testing

// The code shown in MigrationGuide.md. Each `snippet:NAME` region below appears verbatim in the guide
// after `<!-- snippet:NAME -->`; `MigrationTableTests.guideSnippetsAreTheCompiledOnes` fails if the two drift apart, and the tests at the
// bottom run the snippets.

struct LoadError: Error, Equatable {}

// snippet:error-typing
// Before (RxKit): errors are untyped; `catchAndReturn` accepts any Error.
func titlesRx(_ source: Observable<String>) -> Observable<String> {
    source.map { $0.uppercased() }.catchAndReturn("offline")
}

// After (CombineKit): the failure type is part of the publisher's type. Name it, map foreign errors
// into it with `mapError`, and the compiler shows where a failure can still reach the UI.
func titlesCombine(_ source: AnyPublisher<String, LoadError>) -> AnyPublisher<String, Never> {
    source.map { $0.uppercased() }.replaceError(with: "offline").eraseToAnyPublisher()
}
// end-snippet

// snippet:dispose-bag
// Before: subscriptions live until the DisposeBag is deallocated.
final class RxScreen {
    let bag = DisposeBag()
    var shown: [String] = []
    func bind(_ titles: Observable<String>) {
        titles.subscribe(onNext: { [weak self] in self?.shown.append($0) }).disposed(by: bag)
    }
}

// After: keep the AnyCancellable, or the subscription is cancelled at once when it is released.
final class CombineScreen {
    var cancellables = Set<AnyCancellable>()
    var shown: [String] = []
    func bind(_ titles: AnyPublisher<String, Never>) {
        titles.sink { [weak self] in self?.shown.append($0) }.store(in: &cancellables)
    }
}

// During the migration, either side can hold the other's subscription (RxCombineBridge).
func mixedLifetimes(_ titles: AnyPublisher<String, Never>, bag: DisposeBag) {
    titles.sink { _ in }.disposed(by: bag)
}
// end-snippet

// snippet:subjects-demand
// A Combine subject drops values for a subscriber without demand; an Rx subject has no demand.
func passthroughDropsWithoutDemand() -> [Int] {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let subscriber = AnySubscriber<Int, Never>(
        receiveSubscription: { $0.request(.max(1)) },   // asks for one value only
        receiveValue: { received.append($0); return .none },
        receiveCompletion: { _ in })
    subject.subscribe(subscriber)
    subject.send(1)   // delivered
    subject.send(2)   // dropped: no demand left
    return received   // [1]
}
// end-snippet

// snippet:assign-cycle
final class CounterViewModel {
    var count = 0
    var cancellables = Set<AnyCancellable>()

    // Trap: `assign(to:on: self)` keeps a strong reference to `self` inside a cancellable that `self`
    // owns: a retain cycle, the view model is never released.
    func bindLeaking(_ counts: AnyPublisher<Int, Never>) {
        counts.assign(to: \.count, on: self).store(in: &cancellables)
    }

    // Fix: capture `self` weakly (or, with Apple's Combine on iOS 14+, `assign(to: &$count)`).
    func bind(_ counts: AnyPublisher<Int, Never>) {
        counts.sink { [weak self] in self?.count = $0 }.store(in: &cancellables)
    }
}
// end-snippet

// snippet:erase
// Operator chains have long nested types; erase at API boundaries so callers see
// `AnyPublisher<Output, Failure>`, as they saw `Observable<Element>` before.
func searchResults(_ queries: AnyPublisher<String, Never>) -> AnyPublisher<Int, Never> {
    queries.filter { !$0.isEmpty }.map(\.count).removeDuplicates().eraseToAnyPublisher()
}
// end-snippet

// snippet:bridge-step
// Step 1: the service keeps its Rx implementation; new Combine code consumes it through the bridge.
func serviceTitles(_ rxService: Observable<String>) -> AnyPublisher<String, Error> {
    rxService.asPublisher()
}
// end-snippet

// snippet:parity-test
// A parity test: one script, both pipelines, timelines compared (with the first divergence marked).
@Test func searchPipelineBehavesTheSame() {
    let parity = Parity()
    let typing = ParityScript<String>.hot("typing", .value(210, "a"), .value(220, "ab"), .value(230, "ab"), .finished(300))
    parity.expect(typing,
                  rx: { $0.map(\.count).distinctUntilChanged() },
                  combine: { $0.map(\.count).removeDuplicates() },
                  .same(as: [.value(210, 1), .value(220, 2), .finished(300)]))
}
// end-snippet

// snippet:bridging-both-ways
// A service still on RxKit, consumed by a Combine-style view model (step 2 of the migration).
final class BridgedTitlesViewModel: ObservableObject {
    @Published private(set) var titles: [String] = []
    @Published private(set) var message: String?

    init(service: @escaping () -> Observable<[String]>) {
        service()
            .asPublisher(failureType: LoadError.self) { _ in LoadError() }  // type the Rx error at the seam
            .map { Optional($0) }
            .replaceError(with: nil)                  // the UI stream cannot fail
            .sink { [weak self] titles in
                self?.titles = titles ?? []
                self?.message = titles == nil ? "Could not load" : nil
            }
            .disposed(by: bag)                        // a DisposeBag holds Combine cancellables too
    }

    private let bag = DisposeBag()
}

// The reverse: a Combine service consumed by a view model still on RxKit.
func rxTitles(from service: AnyPublisher<[String], LoadError>) -> Driver<[String]> {
    service.asDriver(onErrorJustReturn: [])           // requests .unlimited; dispose cancels
}
// end-snippet

@Suite struct GuideSnippetBehaviourTests {
    @Test func errorTypingSnippetsAgree() {
        let parity = Parity()
        let script = ParityScript<String>.hot("titles", .value(210, "a"), .failure(220, "boom"))
        parity.expect(script, rx: titlesRx, combine: { titlesCombine($0.mapError { _ in LoadError() }.eraseToAnyPublisher()) },
                      .same(as: [.value(210, "A"), .value(220, "offline"), .finished(220)]))
    }

    @Test func lifetimesSnippet() {
        let rxScreen = RxScreen(), combineScreen = CombineScreen()
        let rxTitles = PublishSubject<String>(), combineTitles = PassthroughSubject<String, Never>()
        rxScreen.bind(rxTitles.asObservable())
        combineScreen.bind(combineTitles.eraseToAnyPublisher())
        rxTitles.onNext("a")
        combineTitles.send("a")
        #expect(rxScreen.shown == ["a"])
        #expect(combineScreen.shown == ["a"])
        let bag = DisposeBag()
        mixedLifetimes(combineTitles.eraseToAnyPublisher(), bag: bag)
    }

    @Test func subjectDropsWithoutDemand() {
        #expect(passthroughDropsWithoutDemand() == [1])
    }

    @Test func assignCycleLeaksAndWeakSinkDoesNot() {
        weak var leaked: CounterViewModel?
        weak var released: CounterViewModel?
        let counts = PassthroughSubject<Int, Never>()   // never completes, as a UI stream
        do {
            let leaking = CounterViewModel(), fixed = CounterViewModel()
            leaking.bindLeaking(counts.eraseToAnyPublisher())
            fixed.bind(counts.eraseToAnyPublisher())
            counts.send(1)
            #expect(leaking.count == 1 && fixed.count == 1)
            leaked = leaking
            released = fixed
        }
        #expect(leaked != nil, "assign(to:on: self) keeps the view model alive (the trap)")
        #expect(released == nil)
        leaked?.cancellables = []   // break the cycle so the test itself does not leak
    }

    @Test func eraseSnippet() {
        var counts: [Int] = []
        let cancellable = searchResults(["", "a", "b", "ab"].publisher.eraseToAnyPublisher()).sink { counts.append($0) }
        _ = cancellable
        #expect(counts == [1, 2])
    }

    @Test func bridgeSnippet() {
        var titles: [String] = []
        let cancellable = serviceTitles(Observable.of("x", "y")).sink(receiveCompletion: { _ in }, receiveValue: { titles.append($0) })
        _ = cancellable
        #expect(titles == ["x", "y"])
    }

    @Test func bridgingSnippetBothWays() {
        let loaded = BridgedTitlesViewModel(service: { .just(["a", "b"]) })
        #expect(loaded.titles == ["a", "b"] && loaded.message == nil)
        let failed = BridgedTitlesViewModel(service: { .error(LoadError()) })
        #expect(failed.titles.isEmpty && failed.message == "Could not load")
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        var received: [[String]] = []
        SharingScheduler.mock(scheduler: scheduler) {
            _ = rxTitles(from: Fail(error: LoadError()).eraseToAnyPublisher()).drive(onNext: { received.append($0) })
            scheduler.start()
        }
        #expect(received == [[]])
    }
}
