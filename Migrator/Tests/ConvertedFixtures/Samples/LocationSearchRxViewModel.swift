import Foundation
import CombineKit
import CombineKitExt

/// The location search view model in RxSwift/RxCocoa style, built from the search bar's text as a
/// `Driver<String>` (`searchBar.rx.text.orEmpty.asDriver()` in an RxCocoa app): trim,
/// `distinctUntilChanged`, `throttle(0.5 s, latest: true)`, `flatMapLatest` into the geocoder (a newer
/// query cancels an older request), a failed request turned into the state with
/// `asDriver(onErrorRecover:)`.
///
/// Everything is a `Driver`, so the timers and the deliveries run on the sharing scheduler (the main one
/// in an app, the session's virtual clock inside `SharingScheduler.mock` in tests and the demo); the
/// outputs never error and replay the latest value.
public final class LocationSearchRxViewModel {
    /// Result rows.
    public let locations: AnyPublisher<[Location], Never> // MIGRATE: a Driver's guarantees (main thread, replay of the latest value) are no longer in the type; the producer must keep them (MigrationGuide.md#drivers-guarantees)
    /// Whether a request is in flight.
    public let querying: AnyPublisher<Bool, Never> // MIGRATE: a Driver's guarantees (main thread, replay of the latest value) are no longer in the type; the producer must keep them (MigrationGuide.md#drivers-guarantees)
    /// The error label's text.
    public let errorMessage: AnyPublisher<String?, Never> // MIGRATE: a Driver's guarantees (main thread, replay of the latest value) are no longer in the type; the producer must keep them (MigrationGuide.md#drivers-guarantees)

    /// A view model searching `geocoder` for the texts of `query`. Build it on the main thread (or
    /// inside `SharingScheduler.mock`).
    public init(query: AnyPublisher<String, Never>, geocoder: LocationRxGeocoder) { // MIGRATE: a Driver's guarantees (main thread, replay of the latest value) are no longer in the type; the producer must keep them (MigrationGuide.md#drivers-guarantees)
        let state = query
            .map(normalizedQuery)
            .removeDuplicates()
            .throttle(for: .milliseconds(500), scheduler: DispatchQueue.main, latest: true)
            .map { query -> AnyPublisher<SearchEvent, Never> in // MIGRATE: a Driver's guarantees (main thread, replay of the latest value) are no longer in the type; the producer must keep them (MigrationGuide.md#drivers-guarantees)
                guard !query.isEmpty else { return Just(.cleared).eraseToAnyPublisher() }
                return geocoder.geocode(query)
                    .map { SearchEvent.found(query, $0) }
                    .catch({ error in // MIGRATE: Driver: receive(on: DispatchQueue.main) always hops, where a Driver delivers inline on the main thread (MigrationGuide.md#drivers-guarantees)
                        Just(.failed(query, (error as? GeocoderError)?.message ?? "\(error)"))
                    }).receive(on: DispatchQueue.main).share(replay: 1)
                    .prepend(.started(query)).eraseToAnyPublisher()
            }
            .switchToLatest()
            .scan(SearchState()) { state, event in state.reduce(event) }
        locations = state.map(\.locations).removeDuplicates().eraseToAnyPublisher()
        querying = state.map(\.querying).removeDuplicates().eraseToAnyPublisher()
        errorMessage = state.map(\.errorMessage).removeDuplicates().eraseToAnyPublisher()
    }
}
