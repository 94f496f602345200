/// Reading a sequence's elements by position instead of through its iterator, for the sequences where that
/// is possible: those with contiguous storage (`Array`, `ContiguousArray`, `ArraySlice`, buffer pointers…)
/// and `Range<Int>`/`ClosedRange<Int>`.
///
/// Why: in unspecialised generic code (a client module calling `Publishers.Sequence`'s operators or
/// subscribing to one) `Iterator.next()` runs the standard library's generic witnesses — for an
/// `IndexingIterator` a subscript coroutine whose frame is allocated per element, an associated-type
/// look-up and a tuple-metadata look-up — about a thousand instructions and one allocation per element.
/// A contiguous buffer is read with a pointer and the element type's copy witness; an integer range by
/// counting.
///
/// The elements read are exactly those the iterator would give, in the same order: a sequence offering
/// contiguous storage promises that storage holds its elements in iteration order.
///
/// Used by CombineKit's `Publishers.Sequence` (its subscription, `map`, `scan`, `replaceNil`) and RxKit's
/// `from`/`of`.
@usableFromInline
package struct PositionalElements: Sendable {
    /// How the elements are found.
    @usableFromInline
    package enum Layout: Sendable {
        /// In the storage `withContiguousStorageIfAvailable` hands out.
        case contiguous
        /// `base`, `base + 1`, …: a `Range<Int>` or `ClosedRange<Int>` (whose elements are `Int`).
        case integers(base: Int)
    }

    @usableFromInline
    package let layout: Layout
    /// The number of elements.
    @usableFromInline
    package let count: Int

    @inlinable
    init(layout: Layout, count: Int) {
        self.layout = layout
        self.count = count
    }

    /// The layout of `elements`, or `nil` when they can only be read through their iterator. Costs a
    /// dynamic cast or two and one call, so ask once and keep the answer.
    @inlinable
    package static func of<Elements: Sequence>(_ elements: Elements) -> PositionalElements? {
        if let count = elements.withContiguousStorageIfAvailable({ $0.count }) {
            return PositionalElements(layout: .contiguous, count: count)
        }
        if let range = elements as? Range<Int> {
            return PositionalElements(layout: .integers(base: range.lowerBound), count: range.count)
        }
        if let range = elements as? ClosedRange<Int> {
            // `count` would overflow for a range spanning more than `Int.max` elements: iterate that one.
            let (span, overflow) = range.upperBound.subtractingReportingOverflow(range.lowerBound)
            guard !overflow, span < Int.max else { return nil }
            return PositionalElements(layout: .integers(base: range.lowerBound), count: span + 1)
        }
        return nil
    }

    /// Calls `body` with a reader of the elements of `elements` (which must be the sequence this layout was
    /// made for, or one with the same layout and at least `count` elements) and returns its result.
    @inlinable @inline(__always)
    package func withReader<Elements: Sequence, Result>(of elements: Elements, _ body: (Reader<Elements.Element>) -> Result) -> Result {
        switch layout {
        case .contiguous:
            // Storage could in principle differ between calls; a sequence that changed its mind is read
            // only as far as both agree.
            let result = elements.withContiguousStorageIfAvailable { buffer in
                body(Reader(base: buffer.baseAddress, integerBase: 0, count: Swift.min(count, buffer.count)))
            }
            return result ?? body(Reader(base: nil, integerBase: 0, count: 0))
        case .integers(let base):
            return body(Reader(base: nil, integerBase: base, count: count))
        }
    }

    /// The elements by position, valid only inside `withReader`'s `body`.
    @usableFromInline
    package struct Reader<Element> {
        @usableFromInline let base: UnsafePointer<Element>?
        @usableFromInline let integerBase: Int
        /// The number of elements that can be read.
        @usableFromInline
        package let count: Int

        @inlinable
        init(base: UnsafePointer<Element>?, integerBase: Int, count: Int) {
            self.base = base
            self.integerBase = integerBase
            self.count = count
        }

        /// The element at `position` (`0 ..< count`).
        @inlinable @inline(__always)
        package func element(at position: Int) -> Element {
            if let base { return base[position] }
            // Only made for `Range<Int>`/`ClosedRange<Int>`, whose `Element` is `Int`.
            return unsafeBitCast(integerBase &+ position, to: Element.self)
        }
    }
}

extension Sequence {
    /// `map(transform)`, reading the elements by position where it can (see `PositionalElements`).
    @inlinable
    package func mapReadingByPosition<T>(_ transform: (Element) -> T) -> [T] {
        guard let positional = PositionalElements.of(self) else { return map(transform) }
        return positional.withReader(of: self) { reader in
            [T](unsafeUninitializedCapacity: reader.count) { buffer, initialized in
                guard let start = buffer.baseAddress else { return }
                for position in 0..<reader.count {
                    (start + position).initialize(to: transform(reader.element(at: position)))
                    initialized = position + 1
                }
            }
        }
    }
}
