import CombineKit
import CombineKitExt

struct SearchHit: Equatable {
    let text: String
}

enum SearchFailure: Error {
    case empty
}

/// A search service and the pipeline over it.
final class SearchFlow {
    private let bag = CancelBag()
    private(set) var hits: [[SearchHit]] = []
    private(set) var finished = false
    private(set) var failures = 0

    func search(_ query: String) -> AnyPublisher<[SearchHit], Error> {
        guard !query.isEmpty else { return Just([]).setFailureType(to: Error.self).eraseToAnyPublisher() }
        if query == "!" {
            return Fail<[SearchHit], Error>(error: SearchFailure.empty).eraseToAnyPublisher()
        }
        return [query, query.uppercased()].publisher.setFailureType(to: Error.self)
            .map { SearchHit(text: $0) }
            .collect()
            .eraseToAnyPublisher()
    }

    func bind(queries: AnyPublisher<String, Error>) {
        queries
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .removeDuplicates()
            .map { [unowned self] query in
                self.search(query).replaceError(with: [])
            }
            .switchToLatest()
            .sink(receiveCompletion: { completion in switch completion { case .finished: ({ [weak self] in self?.finished = true })(); case .failure(let error): ({ [weak self] _ in self?.failures += 1 })(error) } }, receiveValue: { [weak self] in self?.hits.append($0) })
            .store(in: bag)
    }
}
