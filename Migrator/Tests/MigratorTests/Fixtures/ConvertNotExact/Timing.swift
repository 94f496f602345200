import RxCocoa
import RxSwift

/// Operators whose translation is not exact: converted where safe, with a note where a decision is needed.
final class Timing {
    let bag = DisposeBag()
    let taps = PublishRelay<Void>()
    let label = UILabel()

    func wire(_ text: Observable<String>, scheduler: SchedulerType) {
        text
            .throttle(.milliseconds(300), latest: false, scheduler: scheduler)
            .debounce(.milliseconds(100), scheduler: scheduler)
            .retry(2)
            .share(replay: 1)
            .observe(on: MainScheduler.instance)
            .bind(to: label.rx.text)
            .disposed(by: bag)
        _ = text.element(at: 3).subscribe(onNext: { print($0) })
        _ = Observable.zip(text, text.skip(1))
        _ = text.groupBy { $0.count }
        _ = Observable<Int>.interval(.seconds(1), scheduler: scheduler)
    }

    func single() -> Single<Int> {
        Single.just(1)
    }
}
