import ReactiveBridgePrimitives

/// A type that publishes a property marked with an attribute.
///
/// `$property` is a publisher that replays the current value to each new subscriber (on its first
/// demand) and then emits every new value in the property's `willSet`, i.e. before the stored
/// value changes. A subscriber that subscribes while a new value is being delivered receives that
/// new value. Only available on properties of classes.
@propertyWrapper
public struct Published<Value> {
    fileprivate let storage: PublishedStorage<Value>

    /// Creates the published instance with an initial wrapped value.
    public init(wrappedValue: Value) {
        storage = PublishedStorage(wrappedValue)
    }

    /// Creates the published instance with an initial value.
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }
    }

    /// The property for which this instance exposes a publisher.
    public var projectedValue: Publisher {
        get { Publisher(storage: storage) }
        // Assigning a publisher (`$x = …`) is not meaningful; the storage stays the same.
        set { _ = newValue }
    }

    /// The accessor used for `@Published` properties of classes.
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get {
            object[keyPath: storageKeyPath].storage.value
        }
        set {
            object[keyPath: storageKeyPath].storage.set(newValue)
        }
    }

    /// A publisher for properties marked with the `@Published` attribute.
    public struct Publisher: CombineKit.Publisher {
        public typealias Output = Value
        public typealias Failure = Never

        fileprivate let storage: PublishedStorage<Value>

        fileprivate init(storage: PublishedStorage<Value>) {
            self.storage = storage
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            storage.subject.subscribe(subscriber)
        }
    }
}

extension Publisher where Failure == Never {
    /// Republishes elements received from a publisher, by assigning them to a property marked as a
    /// publisher (`assign(to: &$property)`). The subscription lives as long as the property.
    public func assign(to published: inout Published<Output>.Publisher) {
        let storage = published.storage
        let cancellable = sink { [weak storage] value in storage?.set(value) }
        storage.keepAlive(cancellable)
    }
}

/// Lets `ObservableObject` find and share an `ObservableObjectPublisher` through `@Published` storage.
internal protocol PublishedStorageAccess {
    var objectWillChangePublisher: ObservableObjectPublisher? { get }
    func install(_ publisher: ObservableObjectPublisher)
}

extension Published: PublishedStorageAccess {
    var objectWillChangePublisher: ObservableObjectPublisher? { storage.objectWillChange }
    func install(_ publisher: ObservableObjectPublisher) { storage.installObjectWillChange(publisher) }
}

/// The shared state behind one `@Published` property.
internal final class PublishedStorage<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var storedValue: Value
    private var lazySubject: CurrentValueSubject<Value, Never>?
    private var willChange: ObservableObjectPublisher?
    private var assignments: [AnyCancellable] = []

    init(_ value: Value) {
        storedValue = value
    }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return storedValue
    }

    var objectWillChange: ObservableObjectPublisher? {
        lock.lock()
        defer { lock.unlock() }
        return willChange
    }

    func installObjectWillChange(_ publisher: ObservableObjectPublisher) {
        lock.lock()
        if willChange == nil { willChange = publisher }
        lock.unlock()
    }

    var subject: CurrentValueSubject<Value, Never> {
        lock.lock()
        defer { lock.unlock() }
        if let subject = lazySubject { return subject }
        let subject = CurrentValueSubject<Value, Never>(storedValue, conduitName: .publishedSubject)
        lazySubject = subject
        return subject
    }

    /// willSet: announce the change, publish the new value, then store it.
    func set(_ newValue: Value) {
        lock.lock()
        let willChange = self.willChange
        let subject = lazySubject
        lock.unlock()
        willChange?.send()
        subject?.send(newValue)
        lock.lock()
        storedValue = newValue
        lock.unlock()
    }

    func keepAlive(_ cancellable: AnyCancellable) {
        lock.lock()
        assignments.append(cancellable)
        lock.unlock()
    }
}
