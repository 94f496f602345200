/// How `from`/`of` read a sequence by position instead of through its iterator, where they can: sequences
/// with contiguous storage (arrays, array slices, buffer pointers…) and `Range<Int>`/`ClosedRange<Int>`.
///
/// In unspecialised generic code (any client module) an `IndexingIterator`'s `next()` runs the standard
/// library's generic witnesses: a subscript coroutine whose frame is allocated per element, the range's
/// metadata looked up per element, several value-witness calls — about 2,000 instructions and one
/// allocation per element for `from(0..<n)`. A contiguous buffer is read with a pointer, an integer range
/// by counting. The elements are those the iterator would give, in its order (contiguous storage holds a
/// sequence's elements in iteration order).
struct PositionalElements: Sendable {
    enum Layout: Sendable {
        /// In the storage `withContiguousStorageIfAvailable` lends.
        case contiguous
        /// `base`, `base + 1`, …: the elements of a `Range<Int>` or `ClosedRange<Int>`.
        case integers(base: Int)
    }

    let layout: Layout
    /// How many elements there are.
    let count: Int

    /// The layout of `elements`, or `nil` if only their iterator can read them. Ask once per sequence.
    static func of<Elements: Sequence>(_ elements: Elements) -> PositionalElements? {
        if let count = elements.withContiguousStorageIfAvailable({ $0.count }) {
            return PositionalElements(layout: .contiguous, count: count)
        }
        if let range = elements as? Range<Int> {
            return PositionalElements(layout: .integers(base: range.lowerBound), count: range.count)
        }
        if let range = elements as? ClosedRange<Int> {
            // A range of more than `Int.max` elements has no `count`: that one is iterated.
            let (span, overflow) = range.upperBound.subtractingReportingOverflow(range.lowerBound)
            guard !overflow, span < Int.max else { return nil }
            return PositionalElements(layout: .integers(base: range.lowerBound), count: span + 1)
        }
        return nil
    }

    /// Runs `body` with a reader of `elements`, the sequence this layout was made for.
    @inline(__always)
    func withReader<Elements: Sequence>(of elements: Elements, _ body: (Reader<Elements.Element>) -> Void) {
        switch layout {
        case .contiguous:
            // A sequence whose storage changed size between calls is read only as far as both agree.
            let read: Void? = elements.withContiguousStorageIfAvailable { buffer in
                body(Reader(start: buffer.baseAddress, firstInteger: 0, count: Swift.min(count, buffer.count)))
            }
            if read == nil { body(Reader(start: nil, firstInteger: 0, count: 0)) }
        case .integers(let base):
            body(Reader(start: nil, firstInteger: base, count: count))
        }
    }

    /// The elements by position; only valid inside `withReader`'s `body`.
    struct Reader<Element> {
        let start: UnsafePointer<Element>?
        let firstInteger: Int
        /// How many elements can be read.
        let count: Int

        /// The element at `position`, which must be in `0 ..< count`.
        @inline(__always)
        func element(at position: Int) -> Element {
            if let start { return start[position] }
            // Only built for `Range<Int>`/`ClosedRange<Int>`, whose `Element` is `Int`.
            return unsafeBitCast(firstInteger &+ position, to: Element.self)
        }
    }
}
