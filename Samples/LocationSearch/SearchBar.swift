import RxKit

/// A headless search bar: the field the user types into. As with RxCocoa's `UISearchBar`, its text is
/// read reactively through `searchBar.rx.text`, a `ControlProperty<String?>` (the current text at once,
/// then every edit), and `.orEmpty` reads `nil` as "".
public final class SearchBar: ReactiveCompatible {
    fileprivate let textRelay = BehaviorRelay<String?>(value: nil)

    /// An empty search bar.
    public init() {}

    /// The field's text (`nil` until something is typed, as UIKit's).
    public var text: String? {
        get { textRelay.value }
        set { textRelay.accept(newValue) }
    }
}

extension Reactive where Base: SearchBar {
    /// The text as a control property: RxCocoa's `searchBar.rx.text`.
    public var text: ControlProperty<String?> {
        ControlProperty(values: base.textRelay.asObservable(), valueSink: Binder(base) { bar, text in bar.text = text })
    }
}
