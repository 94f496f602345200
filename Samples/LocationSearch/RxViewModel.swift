import RxKit

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
    public let locations: Driver<[Location]>
    /// Whether a request is in flight.
    public let querying: Driver<Bool>
    /// The error label's text.
    public let errorMessage: Driver<String?>

    /// A view model searching `geocoder` for the texts of `query`. Build it on the main thread (or
    /// inside `SharingScheduler.mock`).
    public init(query: Driver<String>, geocoder: LocationRxGeocoder) {
        let state = query
            .map(normalizedQuery)
            .distinctUntilChanged()
            .throttle(.milliseconds(500), latest: true)
            .flatMapLatest { query -> Driver<SearchEvent> in
                guard !query.isEmpty else { return .just(.cleared) }
                return geocoder.geocode(query)
                    .map { SearchEvent.found(query, $0) }
                    .asDriver(onErrorRecover: { error in
                        .just(.failed(query, (error as? GeocoderError)?.message ?? "\(error)"))
                    })
                    .startWith(.started(query))
            }
            .scan(SearchState()) { state, event in state.reduce(event) }
        locations = state.map(\.locations).distinctUntilChanged()
        querying = state.map(\.querying).distinctUntilChanged()
        errorMessage = state.map(\.errorMessage).distinctUntilChanged()
    }
}
