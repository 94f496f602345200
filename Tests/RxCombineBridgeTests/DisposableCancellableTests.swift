import CombineKit
import CombineKitTest
import RxCombineBridge
import RxKit
import RxKitTest
import Testing

@Suite struct DisposableCancellableTests {
    @Test func disposableAsCancellableDisposesOnCancelAndRelease() {
        var disposed = 0
        let cancellable = Disposables.create { disposed += 1 }.asCancellable()
        cancellable.cancel()
        cancellable.cancel()
        #expect(disposed == 1)
        do {
            _ = Disposables.create { disposed += 1 }.asCancellable()
        }
        #expect(disposed == 2)  // AnyCancellable cancels on deinit
    }

    @Test func cancellableInADisposeBag() {
        var cancelled = 0
        do {
            let bag = DisposeBag()
            AnyCancellable { cancelled += 1 }.disposed(by: bag)
            #expect(cancelled == 0)
        }
        #expect(cancelled == 1)
    }

    @Test func disposableInASetOfCancellables() {
        var disposed = 0
        var set = Set<AnyCancellable>()
        Disposables.create { disposed += 1 }.store(in: &set)
        #expect(disposed == 0)
        set.removeAll()
        #expect(disposed == 1)
    }

    @Test func cancellableAsDisposable() {
        var cancelled = 0
        let disposable = AnyCancellable { cancelled += 1 }.asDisposable()
        disposable.dispose()
        disposable.dispose()
        #expect(cancelled == 1)
    }
}
