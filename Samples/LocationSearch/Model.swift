import Foundation

/// A place the geocoder found.
public struct Location: Equatable, Hashable, Sendable {
    /// The place's name ("London").
    public let name: String
    /// Its ISO country code ("GB").
    public let country: String

    /// A place called `name` in `country`.
    public init(_ name: String, _ country: String) {
        self.name = name
        self.country = country
    }

    /// `"London GB"`.
    public var label: String { "\(name) \(country)" }
}

/// Why the geocoder could not answer.
public struct GeocoderError: Error, Equatable, Sendable {
    /// What the user reads.
    public let message: String

    /// An error showing `message`.
    public init(message: String) {
        self.message = message
    }
}

/// A framework-free fake geocoding backend: prefix search over a fixed gazetteer, a per-request
/// latency (played out by the services on a scheduler), and injectable failures. Thread-safe.
public final class FakeGeocoderBackend: @unchecked Sendable {
    private let lock = NSLock()
    private let places: [Location]
    private var failingQueries: Set<String> = []
    private var log: [String] = []
    /// Milliseconds each request takes.
    public let latency: Int

    /// A backend over `places` answering after `latency` ms.
    public init(places: [Location] = FakeGeocoderBackend.gazetteer, latency: Int = 700) {
        self.places = places
        self.latency = latency
    }

    /// A small gazetteer.
    public static let gazetteer = [
        Location("London", "GB"), Location("London", "CA"), Location("Londonderry", "GB"),
        Location("Paris", "FR"), Location("Paris", "US"), Location("Lyon", "FR"),
    ]

    /// Requests for `query` fail from now on.
    public func fail(_ query: String) {
        lock.withLock { _ = failingQueries.insert(query) }
    }

    /// Every query the backend answered, in order (to prove what throttling and de-duplication saved).
    public var requests: [String] { lock.withLock { log } }

    /// The places whose name starts with `query` (case-insensitive), or an error for a failing query.
    public func search(_ query: String) -> Result<[Location], GeocoderError> {
        let failing = lock.withLock {
            log.append(query)
            return failingQueries.contains(query)
        }
        if failing { return .failure(GeocoderError(message: "geocoder unavailable")) }
        return .success(places.filter { $0.name.lowercased().hasPrefix(query.lowercased()) })
    }
}

/// What the search pipeline reports, in both styles.
public enum SearchEvent: Equatable, Sendable {
    /// A request for this query started.
    case started(String)
    /// The request for this query answered.
    case found(String, [Location])
    /// The request for this query failed with this message.
    case failed(String, String)
    /// The query became empty: no request, no results.
    case cleared
}

/// The search screen's model state, folded from `SearchEvent`s by `reduce` (shared by both styles so
/// the migration keeps the logic byte for byte).
public struct SearchState: Equatable, Sendable {
    /// Whether a request is in flight (the "querying" spinner).
    public var querying = false
    /// The latest results; kept while a newer request runs, cleared by a failure or an empty query.
    public var locations: [Location] = []
    /// The latest failure's message, cleared when a new request starts.
    public var errorMessage: String?

    /// The empty state.
    public init() {}

    /// The state after `event`.
    public func reduce(_ event: SearchEvent) -> SearchState {
        var next = self
        switch event {
        case .started:
            next.querying = true
            next.errorMessage = nil
        case .found(_, let locations):
            next.querying = false
            next.locations = locations
        case .failed(_, let message):
            next.querying = false
            next.locations = []
            next.errorMessage = message
        case .cleared:
            next = SearchState()
        }
        return next
    }
}

/// Normalises what the user typed: surrounding spaces do not make a new query.
public func normalizedQuery(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespaces)
}

/// What the search screen displays: spinner, result rows, error label.
public struct SearchDisplay: Equatable, Sendable {
    /// The spinner.
    public var querying = false
    /// Result rows ("London GB").
    public var results: [String] = []
    /// The error label.
    public var errorMessage: String?

    /// An empty screen.
    public init(querying: Bool = false, results: [String] = [], errorMessage: String? = nil) {
        self.querying = querying
        self.results = results
        self.errorMessage = errorMessage
    }

    /// One short line: `"searching… (2 shown)"`, `"ERR …"`, `"no results"`, `"London GB, London CA +1"`.
    public var rendered: String {
        if querying { return results.isEmpty ? "searching…" : "searching… (\(results.count) shown)" }
        if let errorMessage { return "ERR \(errorMessage)" }
        if results.isEmpty { return "no results" }
        let shown = results.prefix(2).joined(separator: ", ")
        return results.count > 2 ? shown + " +\(results.count - 2)" : shown
    }
}
