/// Combine's subscriptions and subscribers show their description (e.g. "Scan") in playgrounds: a type
/// that conforms gets `playgroundDescription` from its `description`.
internal protocol PlaygroundShowsDescription: CustomStringConvertible, CustomPlaygroundDisplayConvertible {}

extension PlaygroundShowsDescription {
    var playgroundDescription: Any { description }
}
