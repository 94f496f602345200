/// Per-subscription state of drop(while:): still dropping?
internal final class DroppingFlag {
    var value = true
}
