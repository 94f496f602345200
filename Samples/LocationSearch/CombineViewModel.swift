import CombineKit

/// The location search view model in Combine style: `@Published var query` fed by the search field,
/// `removeDuplicates`, `throttle(for: 0.5, scheduler:, latest: true)`, `switchToLatest` into the geocoder,
/// `catch` into the state; locations in a `CurrentValueSubject` exposed as `AnyPublisher`.
///
/// Migration note: RxSwift's `throttle` emits the first element at once; CombineKit's (like Combine's
/// on current OSes) publishes the first element at once too, on the scheduler. The scheduler here is the
/// same virtual clock, so the first query goes out at the same time in both styles. A migrator targeting
/// an older Combine, whose throttle waited a full interval first, would `prepend` the current query.
public final class LocationSearchViewModel<S: Scheduler>: ObservableObject {
    /// What the search field holds.
    @Published public var query = ""
    /// Whether a request is in flight.
    @Published public private(set) var querying = false
    /// The error label's text.
    @Published public private(set) var errorMessage: String?
    private let locationsSubject = CurrentValueSubject<[Location], Never>([])
    private var cancellables = Set<AnyCancellable>()

    /// Result rows (the current ones first, to a new subscriber).
    public var locations: AnyPublisher<[Location], Never> { locationsSubject.eraseToAnyPublisher() }

    /// A view model searching `geocoder`, with timers and delivery on `scheduler`.
    public init(geocoder: LocationPublisherGeocoder, scheduler: S) {
        $query
            .map(normalizedQuery)
            .removeDuplicates()
            .throttle(for: .milliseconds(500), scheduler: scheduler, latest: true)
            .map { query -> AnyPublisher<SearchEvent, Never> in
                guard !query.isEmpty else { return Just(.cleared).eraseToAnyPublisher() }
                return geocoder.geocode(query)
                    .map { SearchEvent.found(query, $0) }
                    .catch { Just(.failed(query, $0.message)) }
                    .prepend(.started(query))
                    .eraseToAnyPublisher()
            }
            .switchToLatest()
            .scan(SearchState()) { state, event in state.reduce(event) }
            .receive(on: scheduler)
            .sink { [weak self] state in self?.apply(state) }
            .store(in: &cancellables)
    }

    /// Publishes what changed, in the order the Rx view model's outputs are bound (rows, error, spinner).
    private func apply(_ state: SearchState) {
        if locationsSubject.value != state.locations { locationsSubject.send(state.locations) }
        if errorMessage != state.errorMessage { errorMessage = state.errorMessage }
        if querying != state.querying { querying = state.querying }
    }
}
