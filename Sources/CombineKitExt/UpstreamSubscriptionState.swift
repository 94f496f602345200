import CombineKit

/// Where an operator's upstream subscription stands: not yet received, held, or over (finished, failed
/// or cancelled — every later event is ignored). Used by `PassthroughInner` and `dematerialize`'s inner.
///
/// Not nested in those generic classes on purpose: an enum nested in a generic class is itself generic, so
/// their unspecialised code looked its metadata up at run time on every read of the state (once per
/// value); a non-generic enum is copied and switched on inline. (`withLatestFrom`, `startWith` and the
/// serial flat-maps keep their own non-generic state enums, which have more cases.)
internal enum UpstreamSubscriptionState {
    case awaitingSubscription
    case subscribed(Subscription)
    case terminal
}
