import CombineKit
import RxCombineBridge
import RxKit

/// The location search feature with its view model migrated and its geocoder not yet: the Combine view
/// model over the Rx geocoder. The seam is this adapter: `asPublisher(failureType:mapError:)` gives the
/// Combine side the typed `GeocoderError` it expects (Rx errors are untyped; an unexpected one becomes a
/// `GeocoderError` carrying its description, never a trap).
public struct BridgedGeocoder: LocationPublisherGeocoder {
    private let geocoder: LocationRxGeocoder

    /// The Combine face of an Rx geocoder.
    public init(_ geocoder: LocationRxGeocoder) {
        self.geocoder = geocoder
    }

    /// The observable's result as a publisher; cancelling disposes the Rx request.
    public func geocode(_ query: String) -> AnyPublisher<[Location], GeocoderError> {
        geocoder.geocode(query)
            .asPublisher(failureType: GeocoderError.self) { $0 as? GeocoderError ?? GeocoderError(message: "\($0)") }
    }
}

/// Builds the mixed style: Combine view model, Rx geocoder, one clock (the Rx scheduler, seen by the
/// view model through `asCombineScheduler()`).
public enum LocationSearchMixedViewModel {
    /// A Combine view model over an `RxGeocoder` on `backend`.
    public static func make(backend: FakeGeocoderBackend, scheduler: SchedulerType & Sendable) -> LocationSearchViewModel<RxSchedulerAdapter> {
        LocationSearchViewModel(geocoder: BridgedGeocoder(RxGeocoder(backend: backend, scheduler: scheduler)),
                                scheduler: scheduler.asCombineScheduler())
    }
}
