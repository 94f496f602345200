import CombineKit
import CombineKitExt
import CombineKitTest
import Foundation
import RxCombineBridge
import RxKit
import RxKitBlocking
import RxKitTest
import Testing

// The code MigrationGuide.md shows in its UI bindings, async/await, testing and `@Published` chapters.
// Each `snippet:NAME` region appears verbatim in the guide after `<!-- snippet:NAME -->`;
// `MigrationTableTests.guideSnippetsAreTheCompiledOnes` fails if the two drift apart, and the tests at the
// bottom run the snippets.

// snippet:ui-views
// Headless stand-ins for a UITextField and a UILabel, so the chapter compiles without UIKit.
final class GuideTextField: ReactiveCompatible {
    private(set) var text: String?
    let edits = PublishRelay<String?>()                      // what UIKit's editing events carry
    let textDidChange = PassthroughSubject<String?, Never>() // NotificationCenter's publisher, in Combine
    func enter(_ newText: String) {
        text = newText
        edits.accept(newText)
        textDidChange.send(newText)
    }
}

final class GuideLabel: ReactiveCompatible {
    var text: String?   // `label.rx.text` is a Binder already: `Reactive` gives one per writable key path
}

// RxCocoa declares `rx.text` on UIKit's controls; RxKit has no UIKit, so an app declares the ones it uses.
extension Reactive where Base: GuideTextField {
    var text: ControlProperty<String?> {
        ControlProperty(values: base.edits, valueSink: Binder(base) { _, _ in })
    }
}
// end-snippet

// snippet:ui-rx
// Rx style: a ControlProperty in, a Driver out, bound with `drive` to a Binder.
final class GreetingRxViewModel {
    let greeting: Driver<String>

    init(name: ControlProperty<String?>) {
        greeting = name.orEmpty
            .map { $0.isEmpty ? "Hello!" : "Hello, \($0)!" }
            .asDriver(onErrorJustReturn: "")
    }
}

func bindGreetingRx(field: GuideTextField, label: GuideLabel, bag: DisposeBag) {
    let viewModel = GreetingRxViewModel(name: field.rx.text)
    viewModel.greeting.map { Optional($0) }.drive(label.rx.text).disposed(by: bag)
}
// end-snippet

// snippet:ui-combine
// Combine style: `@Published` in and out; the view feeds the input and assigns the output on its
// scheduler (`DispatchQueue.main` in an app; SwiftUI's `onReceive(viewModel.$greeting)` does the same).
final class GreetingViewModel: ObservableObject {
    @Published var name = ""
    @Published private(set) var greeting = "Hello!"

    init() {
        $name.map { $0.isEmpty ? "Hello!" : "Hello, \($0)!" }
            .assign(to: &$greeting)                          // ends with the view model: no cycle
    }
}

func bindGreeting<S: Scheduler>(field: GuideTextField, label: GuideLabel, viewModel: GreetingViewModel,
                                on scheduler: S, cancellables: inout Set<AnyCancellable>) {
    field.textDidChange
        .map { $0 ?? "" }                                    // RxCocoa's `orEmpty`
        .assign(to: \.name, on: viewModel)                   // the view does not own a cycle here
        .store(in: &cancellables)
    viewModel.$greeting
        .receive(on: scheduler)
        .sink { [weak label] greeting in label?.text = greeting }
        .store(in: &cancellables)
}
// end-snippet

// snippet:async-three-styles
// Rx: await an Observable's values, and turn async work into a Single or an Observable.
func firstTwoTitlesRx(_ titles: Observable<String>) async throws -> [String] {
    var result: [String] = []
    for try await title in titles.take(2).values { result.append(title) }
    return result
}

func loadTitleRx(_ load: @escaping @Sendable () async throws -> String) -> Single<String> {
    Single.from { try await load() }
}

func titlesRx(_ stream: AsyncStream<String>) -> Observable<String> {
    stream.asObservable()
}

// Combine: a publisher's `values` is an AsyncSequence (throwing when the publisher can fail).
func firstTwoTitles(_ titles: AnyPublisher<String, Never>) async -> [String] {
    var result: [String] = []
    for await title in titles.prefix(2).values { result.append(title) }
    return result
}

// Mixed: an Rx source awaited through the bridge, with the failure typed at the seam.
func firstTwoTitlesMixed(_ titles: Observable<String>) async throws -> [String] {
    var result: [String] = []
    for try await title in titles.asPublisher().prefix(2).values { result.append(title) }
    return result
}
// end-snippet

// snippet:testing-rxtest
// RxTest: a hot source at virtual times, `start` subscribes at 200 and disposes at 1000.
func countsRx() -> [Recorded<Event<Int>>] {
    let scheduler = TestScheduler(initialClock: 0)
    let typing = scheduler.createHotObservable([.next(210, "a"), .next(220, "ab"), .completed(300)])
    let observer = scheduler.start { typing.map(\.count) }
    return observer.events  // [.next(210, 1), .next(220, 2), .completed(300)]
}
// end-snippet

// snippet:testing-combinekittest
// CombineKitTest: the same script on a CombineTestScheduler, recorded by a TestSubscriber.
func counts() -> [TestSubscriber<Int, Never>.Event] {
    let scheduler = CombineTestScheduler()
    let typing = TestPublisher<String, Never>.hot(scheduler, [.value(210, "a"), .value(220, "ab"), .finished(300)])
    let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
    scheduler.advance(to: 200)
    typing.map(\.count).subscribe(subscriber)
    scheduler.run()
    return subscriber.events  // [.subscription(200), .value(210, 1), .value(220, 2), .finished(300)]
}
// end-snippet

// snippet:testing-blocking
// RxBlocking: block until the sequence ends.
func allTitlesBlocking(_ titles: Observable<String>) throws -> [String] {
    try titles.toBlocking().toArray()
}

// Combine has no blocking operator: await `values` in an async test instead.
func allTitles(_ titles: AnyPublisher<String, Never>) async -> [String] {
    var result: [String] = []
    for await title in titles.values { result.append(title) }
    return result
}
// end-snippet

// snippet:published-traps
final class QueryModel: ObservableObject {
    @Published var query = ""
}

// `$query` publishes in `willSet`, on every set, equal or not: read the closure's value, never
// `model.query`, and add `removeDuplicates()` where a BehaviorRelay's consumer had `distinctUntilChanged()`.
func observedQueries(_ model: QueryModel, cancellables: inout Set<AnyCancellable>) -> () -> [String] {
    var seen: [String] = []
    var readBack: [String] = []
    model.$query.sink { [unowned model] query in
        seen.append(query)
        readBack.append(model.query)                         // still the old value: willSet
    }.store(in: &cancellables)
    return { seen + ["|"] + readBack }
}
// end-snippet

@Suite struct GuideChapterSnippetTests {
    @MainActor @Test func uiBindingsShowTheSameGreetingInBothStyles() {
        let rxField = GuideTextField(), rxLabel = GuideLabel(), bag = DisposeBag()
        bindGreetingRx(field: rxField, label: rxLabel, bag: bag)
        let field = GuideTextField(), label = GuideLabel(), viewModel = GreetingViewModel()
        var cancellables = Set<AnyCancellable>()
        bindGreeting(field: field, label: label, viewModel: viewModel, on: ImmediateScheduler.shared, cancellables: &cancellables)
        #expect(label.text == "Hello!")   // @Published hands its current value to a new subscriber
        #expect(rxLabel.text == nil)      // the Driver emits only when the ControlProperty does
        rxField.enter("Ada")
        field.enter("Ada")
        #expect(rxLabel.text == "Hello, Ada!")
        #expect(label.text == "Hello, Ada!")
    }

    @Test func asyncSnippetsAwaitTheSameTitles() async throws {
        #expect(try await firstTwoTitlesRx(.of("a", "b", "c")) == ["a", "b"])
        #expect(await firstTwoTitles(["a", "b", "c"].publisher.eraseToAnyPublisher()) == ["a", "b"])
        #expect(try await firstTwoTitlesMixed(.of("a", "b", "c")) == ["a", "b"])
        #expect(try await loadTitleRx({ "loaded" }).value == "loaded")
        let stream = AsyncStream<String> { continuation in
            continuation.yield("x")
            continuation.finish()
        }
        #expect(try await titlesRx(stream).toArray().value == ["x"])
    }

    @Test func testingSnippetsRecordTheSameTimeline() {
        #expect(countsRx() == [.next(210, 1), .next(220, 2), .completed(300)])
        #expect(counts() == [.subscription(200), .value(210, 1), .value(220, 2), .finished(300)])
    }

    @Test func blockingSnippetsCollectEverything() async throws {
        #expect(try allTitlesBlocking(.of("a", "b")) == ["a", "b"])
        #expect(await allTitles(["a", "b"].publisher.eraseToAnyPublisher()) == ["a", "b"])
    }

    @Test func publishedPublishesEverySetInWillSet() {
        let model = QueryModel()
        var cancellables = Set<AnyCancellable>()
        let observed = observedQueries(model, cancellables: &cancellables)
        model.query = "a"
        model.query = "a"   // equal, published again (Apple: @Published publishes on every set)
        #expect(observed() == ["", "a", "a", "|", "", "", "a"])
    }
}
