import Foundation
import RxSwift

public struct SearchResult: Equatable {
    public let title: String
}

public enum SearchError: Error {
    case offline
}

/// The search backend, as an RxSwift app's service layer spells it.
public protocol SearchService {
    func search(_ query: String) -> Observable<[SearchResult]>
    func suggestions() -> Single<[String]>
}

public final class RemoteSearchService: SearchService {
    private let scheduler: SchedulerType

    public init(scheduler: SchedulerType) {
        self.scheduler = scheduler
    }

    public func search(_ query: String) -> Observable<[SearchResult]> {
        guard !query.isEmpty else { return .just([]) }
        return Observable.just([SearchResult(title: query)])
            .delay(.milliseconds(200), scheduler: scheduler)
            .retry(3)
    }

    public func suggestions() -> Single<[String]> {
        Single.just(["swift", "rx"])
    }

    func titles(_ results: [SearchResult]) -> [String] {
        results.map(\.title).filter { !$0.isEmpty }
    }
}
