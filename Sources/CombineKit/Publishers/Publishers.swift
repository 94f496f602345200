/// Namespace for types that serve as publishers (Combine's `Publishers`).
public enum Publishers {}
