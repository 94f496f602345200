import RxKit

/// The location search view model in RxSwift style, built from the search bar's text (a `Driver<String>`
/// in an RxCocoa app): trim, `distinctUntilChanged`, `throttle(0.5 s, latest: true)`, `flatMapLatest`
/// into the geocoder (a newer query cancels an older request), errors caught into the state.
///
/// Outputs are Driver-shaped: delivered on `scheduler`, never error, replay the latest.
public final class LocationSearchRxViewModel {
    /// Result rows.
    public let locations: Observable<[Location]>
    /// Whether a request is in flight.
    public let querying: Observable<Bool>
    /// The error label's text.
    public let errorMessage: Observable<String?>

    /// A view model searching `geocoder` for `query`'s texts, with timers and delivery on `scheduler`.
    public init(query: Observable<String>, geocoder: LocationRxGeocoder, scheduler: SchedulerType) {
        let state = query
            .map(normalizedQuery)
            .distinctUntilChanged()
            .throttle(.milliseconds(500), latest: true, scheduler: scheduler)
            .flatMapLatest { query -> Observable<SearchEvent> in
                guard !query.isEmpty else { return .just(.cleared) }
                return geocoder.geocode(query)
                    .map { SearchEvent.found(query, $0) }
                    .catch { error in .just(.failed(query, (error as? GeocoderError)?.message ?? "\(error)")) }
                    .startWith(.started(query))
            }
            .scan(SearchState()) { state, event in state.reduce(event) }
            .observe(on: scheduler)
            .share(replay: 1)
        locations = state.map(\.locations).distinctUntilChanged()
        querying = state.map(\.querying).distinctUntilChanged()
        errorMessage = state.map(\.errorMessage).distinctUntilChanged()
    }
}
