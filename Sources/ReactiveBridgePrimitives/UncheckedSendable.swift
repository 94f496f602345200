/// Carries a value across an isolation boundary the compiler cannot see through (a dispatch queue, a
/// thread, `Sendable`-demanding APIs). Every use site is responsible for the value being used without data
/// races, which the kits guarantee by serialising delivery per observer or subscriber.
@usableFromInline
package struct UncheckedSendable<Value>: @unchecked Sendable {
    @usableFromInline
    package let value: Value

    @inlinable
    package init(_ value: Value) { self.value = value }
}
