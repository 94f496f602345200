import Foundation

/// The `.rx` namespace: extensions on `Reactive<Base>` add reactive members to `Base`; key paths of
/// class types become `Binder`s (`label.rx.text`-style). Same as RxSwift's `Reactive`.
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The extended object.
    public let base: Base

    /// Wraps `base`.
    public init(_ base: Base) {
        self.base = base
    }

    /// A binder that writes each element to `base[keyPath: keyPath]` on the main scheduler.
    public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property> where Base: AnyObject {
        Binder(base) { base, value in
            base[keyPath: keyPath] = value
        }
    }
}

/// Types that get an `.rx` namespace. Same as RxSwift's `ReactiveCompatible`.
public protocol ReactiveCompatible {
    /// The extended type.
    associatedtype ReactiveBase

    /// Reactive extensions of the type.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// Reactive extensions of the instance.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        set {}  // allows `mutating` extensions on `.rx`, as RxSwift does
    }

    public var rx: Reactive<Self> {
        get { Reactive(self) }
        set {}
    }
}

/// Every `NSObject` gets `.rx`, as in RxSwift.
extension NSObject: ReactiveCompatible {}
