/// A publisher, subscriber or subscription that can identify its stream.
public protocol CustomCombineIdentifierConvertible {
    /// A unique identifier for this stream.
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier {
        CombineIdentifier(self)
    }
}
