/// What `scan` knows about Rx names, built once from the migration table.
struct RxKnowledge: Sendable {
    static let shared = RxKnowledge(rules: MigrationTable.rules)

    /// Modules whose import makes a file an Rx file.
    static let rxModules: Set<String> = [
        "RxSwift", "RxRelay", "RxCocoa", "RxTest", "RxBlocking", "RxKit", "RxKitTest", "RxKitBlocking",
    ]

    /// Types whose static members are Rx operators (`Observable.just`, `Single.create`).
    static let observableTypes: Set<String> = ["Observable", "Single", "Maybe", "Completable", "Driver", "Signal", "Infallible"]

    /// Operator names other libraries (the standard library, Combine) also use: a call with one of these names
    /// counts only when its chain shows Rx evidence.
    static let genericNames: Set<String> = [
        "map", "compactMap", "scan", "reduce", "filter", "flatMap", "merge", "zip", "combineLatest", "concat",
        "catch", "retry", "timeout", "debounce", "throttle", "delay", "share", "do", "decode", "sample", "enumerated",
        "first", "last", "prefix", "window", "single", "amb", "publish", "multicast", "replay", "connect", "debug",
        "buffer", "materialize", "dematerialize", "take", "skip", "subscribe", "accept", "drive", "bind",
        "just", "empty", "never", "error", "from", "of", "range", "create", "deferred", "generate", "repeatElement",
        "timer", "interval", "using", "refCount", "takeLast",
    ]

    /// Labels only Rx spells: a generic name with one of these is certain (`subscribe(onNext:)`).
    static let rxOnlyLabels: Set<String> = [
        "onNext", "onError", "onCompleted", "onSuccess", "onFailure", "onDisposed", "onDispose", "onSubscribe",
        "onErrorJustReturn", "onErrorDriveWith", "onErrorRecover", "period", "timeSpan", "until", "replay", "when",
    ]

    struct MemberEntry: Sendable {
        let pattern: APIPattern
        let rule: Int
        let certain: Bool
    }

    /// Member patterns by name: exact-label patterns first, then any-label ones.
    let members: [String: [MemberEntry]]
    /// Type name → rule index.
    let types: [String: Int]
    /// Module name → rule index.
    let modules: [String: Int]
    /// The rule for `.rx` bindings.
    let binding: Int?

    init(rules: [MigrationRule]) {
        var members: [String: [MemberEntry]] = [:]
        var types: [String: Int] = [:]
        var modules: [String: Int] = [:]
        var binding: Int?
        for (index, rule) in rules.enumerated() where !rule.isAlternative {
            for spelling in rule.apis {
                let pattern = APIPattern(spelling)
                switch pattern.kind {
                case .type: if types[pattern.name] == nil { types[pattern.name] = index }
                case .module: modules[pattern.name] = index
                case .binding: binding = index
                case .member:
                    let certain = !RxKnowledge.genericNames.contains(pattern.name)
                        || (pattern.labels ?? []).contains { RxKnowledge.rxOnlyLabels.contains($0) }
                    members[pattern.name, default: []].append(MemberEntry(pattern: pattern, rule: index, certain: certain))
                }
            }
        }
        for (name, entries) in members {
            // Patterns with argument values, then exact labels, then any labels.
            members[name] = entries.sorted { rank($0.pattern) < rank($1.pattern) }
        }
        self.members = members
        self.types = types
        self.modules = modules
        self.binding = binding
    }

    /// The entry a call with `name` and `labels` (and argument texts) matches, if any.
    func match(name: String, labels: [String], arguments: () -> [String], staticCall: Bool, rules: [MigrationRule]) -> MemberEntry? {
        guard let entries = members[name] else { return nil }
        for entry in entries {
            if rules[entry.rule].creationOnly && !staticCall { continue }
            if let expected = entry.pattern.labels {
                guard expected == labels || (expected == [] && labels.isEmpty) else { continue }
                var valuesMatch = true
                if entry.pattern.values.contains(where: { $0 != nil }) {
                    let texts = arguments()
                    for (position, value) in entry.pattern.values.enumerated() {
                        if let value, position >= texts.count || texts[position] != value { valuesMatch = false }
                    }
                }
                if !valuesMatch { continue }
            }
            return entry
        }
        return nil
    }
}

private func rank(_ pattern: APIPattern) -> Int {
    if pattern.values.contains(where: { $0 != nil }) { return 0 }
    return pattern.labels == nil ? 2 : 1
}
