// Swift 6 language mode, no @preconcurrency: RxKit used the way an app uses RxSwift + RxCocoa.
// This target must build with zero warnings; the tests check the wiring works.
import Foundation
import RxKit
import RxKitTest
import Testing

/// Something like a service: returns traits.
struct ProfileService: Sendable {
    func loadName(id: Int) -> Single<String> {
        id > 0 ? .just("user\(id)") : .error(ServiceError.notFound)
    }

    func loadNameAsync(id: Int) async throws -> String {
        try await loadName(id: id).value
    }
}

enum ServiceError: Error { case notFound }

/// A headless label: an `.rx` Binder target.
final class Label: ReactiveCompatible {
    var text: String = ""
}

/// A view model isolated to the main actor, exposing Drivers and Signals, holding relays and a DisposeBag.
@MainActor
final class ProfileViewModel {
    let userID = BehaviorRelay<Int>(value: 1)
    let refreshTaps = PublishRelay<Void>()
    let name: Driver<String>
    let errors: Signal<String>
    private(set) var renderedTitles: [String] = []
    private let disposeBag = DisposeBag()

    init(service: ProfileService) {
        let errorRelay = PublishRelay<String>()
        name = Observable.merge(userID.asObservable(), refreshTaps.withLatestFrom(userID))
            .flatMapLatest { id in
                service.loadName(id: id).asObservable().catch { error in
                    errorRelay.accept("\(error)")
                    return .empty()
                }
            }
            .asDriver(onErrorJustReturn: "")
        errors = errorRelay.asSignal()
    }

    func bind(to label: Label) {
        name.drive(label.rx.text).disposed(by: disposeBag)
        name.drive(onNext: { [weak self] title in self?.renderedTitles.append(title) }).disposed(by: disposeBag)
        name.drive(with: self, onNext: { owner, title in owner.renderedTitles.append("with " + title) }).disposed(by: disposeBag)
    }
}

extension Signal {
    /// Not an RxCocoa API: a helper a migrating app might write on top of RxKit types.
    static func fromRelay(_ relay: PublishRelay<Element>) -> Signal<Element> { relay.asSignal() }
}

@Suite struct Swift6ModeTests {
    @MainActor
    @Test func mainActorViewModelDrivesABinderAndClosures() {
        let scheduler = TestScheduler(initialClock: 0)
        let label = Label()
        var viewModel: ProfileViewModel?
        SharingScheduler.mock(scheduler: scheduler) {
            let model = ProfileViewModel(service: ProfileService())
            viewModel = model
            scheduler.scheduleAt(200) { model.bind(to: label) }
            scheduler.scheduleAt(300) { model.userID.accept(2) }
            scheduler.start()
        }
        // Binder runs on the main scheduler: this test is on the main actor, so it runs inline.
        #expect(label.text == "user2")
        #expect(viewModel?.renderedTitles == ["user1", "with user1", "user2", "with user2"])
    }

    @Test func subjectsRelaysAndAsyncAcrossTasks() async throws {
        let subject = PublishSubject<Int>()
        let relay = BehaviorRelay<[Int]>(value: [])
        let bag = DisposeBag()
        subject.scan([Int]()) { $0 + [$1] }.bind(to: relay).disposed(by: bag)

        // Send from another task: subjects and relays are Sendable.
        await Task.detached {
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
        }.value
        #expect(relay.value == [1, 2])

        let service = ProfileService()
        #expect(try await service.loadNameAsync(id: 3) == "user3")
        await #expect(throws: ServiceError.self) { try await service.loadNameAsync(id: 0) }

        var collected: [Int] = []
        for try await value in Observable.from([1, 2, 3]).values { collected.append(value) }
        #expect(collected == [1, 2, 3])

        let fromAsync = Single<Int>.create { await Task.yield(); return 9 }
        #expect(try await fromAsync.value == 9)
    }

    @Test func infallibleAndCompletableChains() async throws {
        let completable = Completable.empty().andThen(Single.just(1)).asCompletable()
        try await completable.value
        var got: [Int] = []
        _ = Infallible.of(1, 2).map { $0 * 2 }.subscribe(onNext: { got.append($0) })
        #expect(got == [2, 4])
    }
}
