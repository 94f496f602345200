import CombineKit
import RxCombineBridge
import RxKit

/// Builds the feed's mixed style: the CombineKit presenter, while the service and the saved posts stay
/// Rx. Two seams: `BridgedPostsService` for the requests, and the app's `BehaviorRelay` of saved posts
/// exposed to the presenter as a Combine `Subject` (`toCombine()`: subscribers get the relay's current
/// value first, `send` is `accept`, completion is ignored as relays never complete). Rx screens still
/// reading the relay see every row the Combine presenter sends.
public enum PostsFeedMixedPresenter {
    /// A Combine presenter over an `RxPostsService` on `backend`, saving into `saved`.
    public static func make(backend: FakePostsBackend, saved: BehaviorRelay<[PostItem]>, scheduler: SchedulerType & Sendable)
        -> PostsFeedPresenter<RelaySubject<[PostItem]>, RxSchedulerAdapter> {
        PostsFeedPresenter(service: BridgedPostsService(RxPostsService(backend: backend, scheduler: scheduler)),
                           saved: saved.toCombine(), scheduler: scheduler.asCombineScheduler())
    }
}
