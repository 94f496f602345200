/// Namespace for subscriber-related types (Combine's `Subscribers`).
public enum Subscribers {}
