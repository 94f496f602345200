/// A type of object with a publisher that emits before the object has changed.
///
/// For a class whose changing properties are `@Published`, the default `objectWillChange` is an
/// `ObservableObjectPublisher` that emits before any of those properties changes. It is found by
/// reflecting (`Mirror`) over the object's `@Published` properties once and shared through their
/// storage; the property wrapper's `_enclosingInstance` setter then announces each change on it.
public protocol ObservableObject: AnyObject {
    /// The type of publisher that emits before the object has changed.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher where ObjectWillChangePublisher.Failure == Never

    /// A publisher that emits before the object has changed.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// A publisher that emits before any `@Published` property of the object changes.
    public var objectWillChange: ObservableObjectPublisher {
        var storages: [PublishedStorageAccess] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            for child in current.children {
                if let storage = child.value as? PublishedStorageAccess { storages.append(storage) }
            }
            mirror = current.superclassMirror
        }
        if let existing = storages.lazy.compactMap({ $0.objectWillChangePublisher }).first {
            return existing
        }
        let publisher = ObservableObjectPublisher()
        for storage in storages { storage.install(publisher) }
        // Another thread may have installed one meanwhile: use whichever the first property holds.
        return storages.first?.objectWillChangePublisher ?? publisher
    }
}
