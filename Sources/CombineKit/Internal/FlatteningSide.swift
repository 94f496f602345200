/// The subscriber of one inner publisher of `flatMap` or `switchToLatest`: a struct (no heap block per
/// inner publisher) that forwards to its owner, naming itself by `key` and `index` (a slot in `ChildTable`
/// and a unique index for flatMap; a generation for switchToLatest), so that the owner can tell a current
/// inner publisher from one it has let go.
///
/// Generic only over the inner publishers' output and failure, both known where the chain is built: the
/// operators' inlinable initialisers make the closure that subscribes a side to an inner publisher
/// (`Publishers.FlatMap.subscribeChild`), so the caller's specialised code supplies this type's metadata,
/// its conformance and, for an inlinable publisher such as `Just`, the subscription's type from its own
/// caches, instead of three runtime look-ups per inner publisher in unspecialised code.
@usableFromInline
///
/// As Combine's, it describes itself by the operator's name, and its mirror names the operator's
/// subscription (`parentSubscription`, by its `combineIdentifier`).
internal struct FlatteningSide<Output, Failure: Error>: Subscriber, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    @usableFromInline let combineIdentifier: CombineIdentifier
    @usableFromInline let owner: FlatteningSideOwner<Output, Failure>
    @usableFromInline let key: Int
    @usableFromInline let index: Int

    @inlinable
    init(owner: FlatteningSideOwner<Output, Failure>, key: Int, index: Int) {
        combineIdentifier = CombineIdentifier()
        self.owner = owner
        self.key = key
        self.index = index
    }

    @usableFromInline var description: String { owner.sideDescription }

    @usableFromInline var customMirror: Mirror {
        Mirror(self, children: ["parentSubscription": CombineIdentifier(owner)])
    }

    @usableFromInline var playgroundDescription: Any { description }

    @usableFromInline func receive(subscription: Subscription) { owner.childSubscribed(key, index, subscription) }

    @usableFromInline func receive(_ input: Output) -> Subscribers.Demand {
        owner.childReceived(input, key, index)
    }

    @usableFromInline func receive(completion: Subscribers.Completion<Failure>) { owner.childCompleted(key, index, completion) }
}
