import Foundation
import RxCocoa
import RxRelay
import RxSwift

/// Input/Output view model over `SearchService`.
public final class SearchViewModel {
    public let query = BehaviorRelay<String>(value: "")
    public let refresh = PublishRelay<Void>()
    public let results: Driver<[SearchResult]>
    public let isEmpty: Observable<Bool>
    private let bag = DisposeBag()
    private var history: [String] = []

    public init(service: SearchService) {
        results = query
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .distinctUntilChanged()
            .throttle(.milliseconds(300), latest: true, scheduler: MainScheduler.instance)
            .flatMapLatest { service.search($0).catchAndReturn([]) }
            .observe(on: MainScheduler.instance)
            .asDriver(onErrorJustReturn: [])
        isEmpty = results.asObservable().map { $0.isEmpty }.share(replay: 1)
        refresh
            .withLatestFrom(query)
            .subscribe(onNext: { [weak self] text in self?.history.append(text) })
            .disposed(by: bag)
        let recent = history.suffix(3).map { $0.lowercased() }
        _ = recent
    }

    public func submit(_ text: String) {
        query.accept(text)
    }
}
