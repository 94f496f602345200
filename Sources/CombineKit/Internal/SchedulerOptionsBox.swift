/// A scheduler's options kept by an operator's inner object as a reference: `nil` when there are none.
///
/// Why: an inner that stored `Context.SchedulerOptions?` had a field whose type is an `Optional` of a
/// generic type, which its unspecialised code looks up at run time (~325 instructions) each time an inner
/// is made and again when it is freed; a reference to a class is copied and released with no look-up. The
/// box is made in the caller's specialised code (an operator's inlinable `receive(subscriber:)`), and only
/// when there are options, which most calls do not pass.
@usableFromInline
internal final class SchedulerOptionsBox<Options> {
    @usableFromInline let options: Options

    @usableFromInline
    init(_ options: Options) { self.options = options }
}
