/// Remembers the previous element for one subscription of removeDuplicates.
internal final class PreviousElement<Element> {
    var value: Element?
}
