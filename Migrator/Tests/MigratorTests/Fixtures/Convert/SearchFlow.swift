import RxSwift

struct SearchHit: Equatable {
    let text: String
}

enum SearchFailure: Error {
    case empty
}

/// A search service and the pipeline over it.
final class SearchFlow {
    private let bag = DisposeBag()
    private(set) var hits: [[SearchHit]] = []
    private(set) var finished = false
    private(set) var failures = 0

    func search(_ query: String) -> Observable<[SearchHit]> {
        guard !query.isEmpty else { return .just([]) }
        if query == "!" {
            return Observable<[SearchHit]>.error(SearchFailure.empty)
        }
        return Observable.of(query, query.uppercased())
            .map { SearchHit(text: $0) }
            .toArray()
            .asObservable()
    }

    func bind(queries: Observable<String>) {
        queries
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .distinctUntilChanged()
            .flatMapLatest { [unowned self] query in
                self.search(query).catchAndReturn([])
            }
            .subscribe(onNext: { [weak self] in self?.hits.append($0) },
                       onError: { [weak self] _ in self?.failures += 1 },
                       onCompleted: { [weak self] in self?.finished = true })
            .disposed(by: bag)
    }
}
