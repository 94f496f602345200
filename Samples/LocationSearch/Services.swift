import CombineKit
import RxKit

/// The geocoder as the Rx layer sees it.
public protocol LocationRxGeocoder {
    /// The places matching `query`: one array then completion, or a `GeocoderError` error.
    func geocode(_ query: String) -> Observable<[Location]>
}

/// The geocoder in RxKit: answers after the backend's latency on `scheduler`; disposing cancels.
public struct RxGeocoder: LocationRxGeocoder {
    private let backend: FakeGeocoderBackend
    private let scheduler: SchedulerType

    /// A geocoder over `backend`, timed on `scheduler`.
    public init(backend: FakeGeocoderBackend, scheduler: SchedulerType) {
        self.backend = backend
        self.scheduler = scheduler
    }

    /// See `LocationRxGeocoder.geocode(_:)`.
    public func geocode(_ query: String) -> Observable<[Location]> {
        let backend = self.backend
        return Observable<Int>.timer(.milliseconds(backend.latency), scheduler: scheduler)
            .flatMap { _ -> Observable<[Location]> in
                switch backend.search(query) {
                case .success(let locations): return .just(locations)
                case .failure(let error): return .error(error)
                }
            }
    }
}

/// The geocoder as the Combine layer sees it.
public protocol LocationPublisherGeocoder {
    /// The places matching `query`: one array then `.finished`, or `.failure(GeocoderError)`.
    func geocode(_ query: String) -> AnyPublisher<[Location], GeocoderError>
}

/// The geocoder in CombineKit: answers after the backend's latency on `scheduler`; cancelling cancels.
public struct CombineGeocoder<S: Scheduler>: LocationPublisherGeocoder {
    private let backend: FakeGeocoderBackend
    private let scheduler: S

    /// A geocoder over `backend`, timed on `scheduler`.
    public init(backend: FakeGeocoderBackend, scheduler: S) {
        self.backend = backend
        self.scheduler = scheduler
    }

    /// See `LocationPublisherGeocoder.geocode(_:)`.
    public func geocode(_ query: String) -> AnyPublisher<[Location], GeocoderError> {
        let backend = self.backend
        return Just(())
            .delay(for: .milliseconds(backend.latency), scheduler: scheduler)
            .setFailureType(to: GeocoderError.self)
            .flatMap { _ in backend.search(query).publisher }
            .eraseToAnyPublisher()
    }
}
