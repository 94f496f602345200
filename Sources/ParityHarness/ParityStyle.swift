/// The three ways a feature is written during a migration: all RxKit, all CombineKit, or one layer
/// migrated and joined to the other by RxCombineBridge.
public enum ParityStyle: String, CaseIterable, Sendable {
    /// RxKit only (RxSwift style).
    case rx = "Rx"
    /// CombineKit (+ CombineKitExt) only.
    case combine = "Combine"
    /// One layer migrated, joined to the other by RxCombineBridge.
    case mixed = "Mixed"
}
