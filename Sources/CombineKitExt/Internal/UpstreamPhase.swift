import CombineKit

/// Where an operator's upstream subscription stands: not yet received, held, or over (finished, failed
/// or cancelled — every later event is ignored). The subscription itself is kept beside it, in a
/// `SubscriptionSlot`. Used by `PassthroughInner`, `dematerialize`'s inner and `withLatestFrom`.
///
/// Not nested in those generic classes on purpose: an enum nested in a generic class is itself generic, so
/// their unspecialised code looked its metadata up at run time on every read of the state (once per
/// value). Without a payload on purpose: checking an enum that held the subscription copied and destroyed
/// it, a retain/release pair per check. (`startWith` and the serial flat-maps have phases of their own,
/// with more cases.)
internal enum UpstreamPhase {
    case awaitingSubscription
    case subscribed
    case terminal
}
