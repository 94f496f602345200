import Foundation
import SwiftParser
import SwiftSyntax

/// `rxmigrate convert`: rewrites Rx-style code to Combine style (CombineKit and CombineKitExt) where the migration
/// table says the translation is exact, and leaves `// MIGRATE: <what to decide> (MigrationGuide.md#section)` at
/// every use it does not translate or translates with a decision left open. Only the uses `scan` reports are touched
/// (so `[1, 2].map` never is), and everything around an edit (comments, formatting) stays byte for byte.
public enum Converter {
    /// The marker every note starts with.
    public static let marker = "// MIGRATE:"

    public struct Result: Sendable {
        public var path: String
        public var text: String
        /// The notes left in the file: (line in the converted file, text).
        public var notes: [String]
        public var changed: Bool
    }

    /// Converts parsed files together (a use in one file may be explained by a declaration in another).
    public static func convert(_ files: [(path: String, text: String, tree: SourceFileSyntaxBox)]) -> [Result] {
        let results = files.map { file -> Scanner.FileResult in
            let scanner = FileScanner(tree: file.tree.tree, text: file.text)
            return Scanner.FileResult(path: file.path, lines: 0, findings: scanner.run(file.tree.tree))
        }
        let report = Scanner.report(roots: files.map(\.path), results: results, walkProblems: [])
        var usesByFile: [String: [ScanReport.Use]] = [:]
        for use in report.uses { usesByFile[use.file, default: []].append(use) }
        return files.map { file in
            convert(file.text, tree: file.tree.tree, path: file.path, uses: usesByFile[file.path] ?? [])
        }
    }

    /// Converts one file given the uses `scan` found in it.
    static func convert(_ text: String, tree: SourceFileSyntax, path: String, uses: [ScanReport.Use]) -> Result {
        let visitor = ConvertVisitor(text: text, tree: tree, path: path, uses: uses)
        visitor.walk(tree)
        visitor.finish()
        let newText = visitor.edits.apply(to: text)
        return Result(path: path, text: newText, notes: visitor.noteTexts, changed: newText != text)
    }
}

/// How a converted stream fails.
private enum FailureKind {
    case error, never
    var typeName: String { self == .error ? "Error" : "Never" }
}

/// A type conversion: new name, and the failure type appended to the generic arguments.
private struct TypeConversion {
    var name: String
    var failure: String?
    var note: String?
    var anchor = "operator-and-type-table"
    var streamFailure: FailureKind?
}

private let typeConversions: [String: TypeConversion] = [
    "Observable": TypeConversion(name: "AnyPublisher", failure: "Error", streamFailure: .error),
    "Single": TypeConversion(name: "AnyPublisher", failure: "Error",
                             note: "a Single's one value is no longer guaranteed by the type (Future or a parity test)", streamFailure: .error),
    "Maybe": TypeConversion(name: "AnyPublisher", failure: "Error",
                            note: "a Maybe's zero-or-one value is no longer guaranteed by the type", streamFailure: .error),
    "Driver": TypeConversion(name: "AnyPublisher", failure: "Never",
                             note: "a Driver's guarantees (main thread, replay of the latest value) are no longer in the type; the producer must keep them",
                             anchor: "drivers-guarantees", streamFailure: .never),
    "Signal": TypeConversion(name: "AnyPublisher", failure: "Never",
                             note: "a Signal's guarantees (main thread, no replay) are no longer in the type; the producer must keep them",
                             anchor: "drivers-guarantees", streamFailure: .never),
    "Infallible": TypeConversion(name: "AnyPublisher", failure: "Never", streamFailure: .never),
    "BehaviorRelay": TypeConversion(name: "CurrentValueSubject", failure: "Never"),
    "PublishRelay": TypeConversion(name: "PassthroughSubject", failure: "Never"),
    "ReplayRelay": TypeConversion(name: "ReplayingSubject", failure: "Never"),
    "PublishSubject": TypeConversion(name: "PassthroughSubject", failure: "Error"),
    "BehaviorSubject": TypeConversion(name: "CurrentValueSubject", failure: "Error"),
    "ReplaySubject": TypeConversion(name: "ReplayingSubject", failure: "Error"),
    "DisposeBag": TypeConversion(name: "CancelBag", failure: nil, anchor: "disposebag-vs-setanycancellable"),
    "Disposable": TypeConversion(name: "AnyCancellable", failure: nil, anchor: "disposebag-vs-setanycancellable"),
]

/// Rules whose Rx name is also the Combine or CombineKitExt name, with the same behaviour: nothing to rewrite.
private let keptRules: Set<String> = [
    "map", "compactMap", "filter", "flatMap", "decode", "materialize", "dematerialize", "concatMap", "flatMapFirst",
    "withLatestFrom", "amb", "sample", "share(replay:)", "share(replay:scope:), SubjectLifetimeScope",
]

private let rxModules: Set<String> = ["RxSwift", "RxRelay", "RxCocoa", "RxKit"]
private let rxSchedulerNames = ["MainScheduler", "ConcurrentDispatchQueueScheduler", "SerialDispatchQueueScheduler",
                                "SharingScheduler", "ConcurrentMainScheduler", "CurrentThreadScheduler", "OperationQueueScheduler"]

private final class ConvertVisitor: SyntaxVisitor {
    let bytes: [UInt8]
    let tree: SourceFileSyntax
    let lines: LineTable
    var edits = TextEdits()
    /// Uses `scan` found, by "line:column" of their name token.
    var uses: [String: ScanReport.Use] = [:]
    var consumed = Set<String>()
    /// Notes by the offset of their line's end.
    var notes: [Int: [String]] = [:]
    var noteTexts: [String] = []
    /// Failure kind of the enclosing function or closure whose returns become erased publishers (nil: none).
    var returnStack: [FailureKind?] = []
    /// Stored properties and variables whose types were converted (their values are erased on assignment).
    var convertedNames: [String: FailureKind] = [:]
    /// Names declared as relays.
    var relayNames = Set<String>()
    /// Names declared with a Never-failing Rx type (relays, Driver, Signal, Infallible).
    var neverFailingNames = Set<String>()
    var handled = Set<SyntaxIdentifier>()

    init(text: String, tree: SourceFileSyntax, path: String, uses: [ScanReport.Use]) {
        bytes = Array(text.utf8)
        self.tree = tree
        lines = LineTable(text)
        super.init(viewMode: .sourceAccurate)
        for use in uses { self.uses["\(use.line):\(use.column)"] = use }
        collectDeclarations()
    }

    // MARK: - Declarations seen before the walk

    private func collectDeclarations() {
        final class Collector: SyntaxVisitor {
            var converted: [String: FailureKind] = [:]
            var never = Set<String>()
            var relays = Set<String>()
            override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
                guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
                var typeName: String?
                if let type = node.typeAnnotation?.type.as(IdentifierTypeSyntax.self) { typeName = type.name.text }
                if typeName == nil, let call = node.initializer?.value.as(FunctionCallExprSyntax.self) {
                    var callee = call.calledExpression
                    if let specialization = callee.as(GenericSpecializationExprSyntax.self) { callee = specialization.expression }
                    typeName = callee.as(DeclReferenceExprSyntax.self)?.baseName.text
                }
                if let typeName, let conversion = typeConversions[typeName] {
                    if let failure = conversion.streamFailure { converted[name] = failure }
                    if conversion.failure == "Never" { never.insert(name) }
                    if typeName.hasSuffix("Relay") { relays.insert(name) }
                }
                return .visitChildren
            }
            override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
                if let type = node.type.as(IdentifierTypeSyntax.self), typeConversions[type.name.text]?.failure == "Never" {
                    never.insert((node.secondName ?? node.firstName).text)
                }
                return .visitChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(tree)
        convertedNames = collector.converted
        neverFailingNames = collector.never
        relayNames = collector.relays
    }

    // MARK: - Helpers

    private func key(_ token: TokenSyntax) -> String {
        let location = lines.location(of: token)
        return "\(location.line):\(location.column)"
    }

    /// The use `scan` reported at this token, if any.
    private func use(at token: TokenSyntax) -> ScanReport.Use? {
        uses[key(token)]
    }

    private func consume(_ token: TokenSyntax) {
        consumed.insert(key(token))
    }

    /// Leaves `// MIGRATE: what (MigrationGuide.md#anchor)` at the end of the token's line.
    private func note(_ token: TokenSyntax, _ what: String, anchor: String) {
        var end = token.endPositionBeforeTrailingTrivia.utf8Offset
        while end < bytes.count && bytes[end] != 10 { end += 1 }
        // Not inside a line that ends in a string or a comment already holding this note.
        let text = "\(Converter.marker) \(what) (MigrationGuide.md#\(anchor))"
        if notes[end]?.contains(text) == true { return }
        notes[end, default: []].append(text)
        noteTexts.append("\(lines.location(of: token).line): \(text)")
    }

    private func note(_ token: TokenSyntax, rule use: ScanReport.Use) {
        let rule = MigrationTable.rules.first { $0.id == use.rule }
        let what = use.note.isEmpty ? "\(use.api) has no exact counterpart here: \(use.counterpart)" : "\(use.api): \(use.note)"
        note(token, what, anchor: rule?.anchor ?? MigrationTable.tableAnchor)
    }

    func finish() {
        // Every use not converted and not kept as it is gets a note.
        for item in tree.tokens(viewMode: .sourceAccurate) {
            let location = key(item)
            guard let use = uses[location], !consumed.contains(location) else { continue }
            let rxName = use.rule.components(separatedBy: " → ")[0]
            if keptRules.contains(rxName) || use.api.hasPrefix("import ") { continue }
            note(item, rule: use)
        }
        for (offset, texts) in notes {
            edits.replace(offset, offset, with: " " + texts.joined(separator: " "), priority: 1)
        }
    }

    /// The text of a node without its trivia.
    private func source(_ node: some SyntaxProtocol) -> String {
        node.trimmedDescription
    }

    /// Appends `.eraseToAnyPublisher()` to an expression (in parentheses when it is not a postfix expression).
    private func erase(_ expression: ExprSyntax, failure: FailureKind) {
        let text = expression.trimmedDescription
        if text.hasSuffix(".eraseToAnyPublisher()") { return }
        // A stream that cannot fail, where the declared type can: Rx's `Observable` fails with `Error`.
        let setFailure = failure == .error && neverFails(expression) ? ".setFailureType(to: Error.self)" : ""
        if text.hasSuffix(".asObservable()") {
            if !setFailure.isEmpty, let call = expression.as(FunctionCallExprSyntax.self),
               let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base {
                edits.insert(after: base, setFailure)
            }
            return
        }
        if isPostfix(expression) {
            edits.insert(after: expression, setFailure + ".eraseToAnyPublisher()")
        } else {
            edits.insert(before: expression, "(")
            edits.insert(after: expression, ")" + setFailure + ".eraseToAnyPublisher()")
        }
    }

    /// Whether an Rx chain is known never to fail: rooted in a relay, Driver or Signal, or ended by a `catch` that
    /// returns `just`/`empty`, with only operators that cannot fail in between.
    private func neverFails(_ expression: ExprSyntax?) -> Bool {
        let safe: Set<String> = ["map", "filter", "compactMap", "distinctUntilChanged", "startWith", "skip", "take", "scan",
                                 "observe", "observeOn", "share", "debounce", "throttle", "withLatestFrom", "merge", "do",
                                 "asObservable", "flatMapLatest", "flatMap", "concatMap", "flatMapFirst"]
        var current = expression
        while let expression = current {
            if let call = expression.as(FunctionCallExprSyntax.self) {
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                    let name = member.declName.baseName.text
                    if member.base == nil { return ["just", "empty", "never"].contains(name) }
                    if let base = member.base, let typeName = staticBaseType(base) {
                        if typeConversions[typeName]?.streamFailure == .never { return true }
                        if ["merge", "zip", "combineLatest"].contains(name) { return call.arguments.allSatisfy { neverFails($0.expression) } }
                        return false
                    }
                    if ["asDriver", "asSignal", "catchAndReturn", "catchErrorJustReturn", "replaceError"].contains(name) { return true }
                    if ["catch", "catchError"].contains(name) {
                        let handler = (call.trailingClosure.map { $0.trimmedDescription } ?? call.arguments.trimmedDescription)
                        return (handler.contains("just(") || handler.contains("Just(") || handler.contains("empty()"))
                            && !handler.contains("error(") && !handler.contains("Fail(")
                    }
                    if ["flatMapLatest", "flatMap", "concatMap", "flatMapFirst"].contains(name),
                       let declared = call.trailingClosure?.signature?.returnClause?.type {
                        // The closure's declared type decides (converted, it is what the inner publishers are).
                        if streamFailure(declared) != .never { return false }
                    } else if ["flatMapLatest", "flatMap", "concatMap", "flatMapFirst"].contains(name) {
                        let inner = call.trailingClosure?.statements.last?.item.as(ExprSyntax.self)
                            ?? call.trailingClosure?.statements.last?.item.as(ReturnStmtSyntax.self)?.expression
                        if !neverFails(inner) { return false }
                    } else if !safe.contains(name) {
                        return false
                    }
                    current = member.base
                } else {
                    return call.calledExpression.trimmedDescription.hasPrefix("Just")
                }
            } else if let member = expression.as(MemberAccessExprSyntax.self) {
                return neverFailingNames.contains(member.declName.baseName.text)
            } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
                return neverFailingNames.contains(reference.baseName.text)
            } else {
                return false
            }
        }
        return false
    }

    private func isPostfix(_ expression: ExprSyntax) -> Bool {
        expression.is(FunctionCallExprSyntax.self) || expression.is(MemberAccessExprSyntax.self)
            || expression.is(DeclReferenceExprSyntax.self) || expression.is(TupleExprSyntax.self)
            || expression.is(ForceUnwrapExprSyntax.self) || expression.is(OptionalChainingExprSyntax.self)
            || expression.is(SubscriptCallExprSyntax.self)
    }

    /// The Rx stream failure a type converts to, if it is one (`Observable<T>` → error, `Driver<T>` → never).
    private func streamFailure(_ type: TypeSyntax?) -> FailureKind? {
        guard let type = type?.as(IdentifierTypeSyntax.self) else { return nil }
        return typeConversions[type.name.text]?.streamFailure
    }

    // MARK: - Imports

    private var importsDone = false

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let first = node.path.first, rxModules.contains(first.name.text), node.path.count == 1 else { return .skipChildren }
        consume(first.name)
        let existing = Set(tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text })
        if importsDone {
            removeLine(of: node)
        } else {
            importsDone = true
            var lines: [String] = []
            // `DispatchQueue.main` replaces MainScheduler and the Drivers' main-thread delivery.
            let text = String(decoding: bytes, as: UTF8.self)
            let needsDispatch = ["asDriver", "asSignal", "MainScheduler", "throttle", "debounce", "delay"].contains(where: text.contains)
            if needsDispatch && existing.isDisjoint(with: ["Foundation", "Dispatch", "UIKit", "AppKit", "SwiftUI"]) {
                lines.append("import Foundation")
            }
            if !existing.contains("CombineKit") { lines.append("import CombineKit") }
            if !existing.contains("CombineKitExt") { lines.append("import CombineKitExt") }
            if lines.isEmpty {
                removeLine(of: node)
            } else {
                edits.replace(node, with: lines.joined(separator: "\n"))
            }
        }
        return .skipChildren
    }

    private func removeLine(of node: some SyntaxProtocol) {
        var start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        while start > 0 && (bytes[start - 1] == 32 || bytes[start - 1] == 9) { start -= 1 }
        var end = node.endPositionBeforeTrailingTrivia.utf8Offset
        while end < bytes.count && bytes[end] != 10 { end += 1 }
        if end < bytes.count { end += 1 }
        edits.replace(start, end, with: "")
    }

    // MARK: - Types

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        convertType(name: node.name, generics: node.genericArgumentClause, node: Syntax(node))
        return .visitChildren
    }

    /// `Observable<T>` → `AnyPublisher<T, Error>`, in a type or an expression (`PublishRelay<Void>()`).
    private func convertType(name: TokenSyntax, generics: GenericArgumentClauseSyntax?, node: Syntax) {
        guard !handled.contains(node.id), let use = use(at: name), let conversion = typeConversions[name.text] else { return }
        consume(name)
        if name.text == "Completable" {
            edits.replace(name, with: "AnyPublisher<Never, Error>")
            note(name, "a Completable becomes a publisher of no values", anchor: MigrationTable.tableAnchor)
            return
        }
        if let generics {
            edits.replace(name, with: conversion.name)
            if let failure = conversion.failure { edits.insert(before: generics.rightAngle, ", \(failure)") }
        } else if conversion.failure == nil {
            edits.replace(name, with: conversion.name)
        } else {
            // No generic arguments written: let the compiler infer the element (`CurrentValueSubject<_, Never>`).
            edits.replace(name, with: "\(conversion.name)<_, \(conversion.failure!)>")
        }
        if let text = conversion.note { note(name, text, anchor: conversion.anchor) }
        _ = use
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        var generics: GenericArgumentClauseSyntax?
        var outer = Syntax(node)
        if let specialization = node.parent?.as(GenericSpecializationExprSyntax.self) {
            generics = specialization.genericArgumentClause
            outer = Syntax(specialization)
        }
        guard !handled.contains(node.id), typeConversions[node.baseName.text] != nil, use(at: node.baseName) != nil else {
            return .visitChildren
        }
        // A constructor: `BehaviorRelay(value: 0)` → `CurrentValueSubject<_, Never>(0)`.
        if let call = outer.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == outer.id,
           ["BehaviorRelay", "BehaviorSubject"].contains(node.baseName.text),
           let first = call.arguments.first, first.label?.text == "value", let colon = first.colon {
            edits.replace(first.label!.positionAfterSkippingLeadingTrivia.utf8Offset, colon.endPosition.utf8Offset, with: "")
            if first.expression.positionAfterSkippingLeadingTrivia.utf8Offset > colon.endPosition.utf8Offset {
                edits.replace(colon.endPosition.utf8Offset, first.expression.positionAfterSkippingLeadingTrivia.utf8Offset, with: "")
            }
        }
        convertType(name: node.baseName, generics: generics, node: Syntax(node))
        return .visitChildren
    }

    // MARK: - Declarations and returns

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let failure = streamFailure(node.signature.returnClause?.type)
        returnStack.append(failure)
        if failure != nil, let body = node.body, body.statements.count == 1,
           let expression = body.statements.first?.item.as(ExprSyntax.self), let failure {
            erase(expression, failure: failure)
        }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        returnStack.removeLast()
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        let failure = streamFailure(node.signature?.returnClause?.type)
        returnStack.append(failure)
        if let failure, node.statements.count == 1, let expression = node.statements.first?.item.as(ExprSyntax.self) {
            erase(expression, failure: failure)
        }
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        returnStack.removeLast()
    }

    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        let binding = node.parent?.as(PatternBindingSyntax.self)
        let failure = streamFailure(binding?.typeAnnotation?.type)
        returnStack.append(failure)
        if let failure, case .getter(let statements) = node.accessors, statements.count == 1,
           let expression = statements.first?.item.as(ExprSyntax.self) {
            erase(expression, failure: failure)
        }
        return .visitChildren
    }

    override func visitPost(_ node: AccessorBlockSyntax) {
        returnStack.removeLast()
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let failure = returnStack.last ?? nil, let expression = node.expression {
            erase(expression, failure: failure)
        }
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        // `let filter = relay.startWith(x)`: a stream that cannot fail, for the uses below.
        if node.typeAnnotation == nil, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
           let value = node.initializer?.value, value.is(FunctionCallExprSyntax.self), neverFails(value) {
            neverFailingNames.insert(name)
        }
        if let failure = streamFailure(node.typeAnnotation?.type), let value = node.initializer?.value {
            erase(value, failure: failure)
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        // `name = value` / `self.name = value` for a converted property.
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
            var name: String?
            if let reference = elements[0].as(DeclReferenceExprSyntax.self) { name = reference.baseName.text }
            if let access = elements[0].as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
                name = access.declName.baseName.text
            }
            if let name, let failure = convertedNames[name] { erase(elements[2], failure: failure) }
        }
        return .visitChildren
    }

    // MARK: - Calls

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        // A memberwise initialiser's argument for a converted property: `Output(rates: …)`.
        if let label = node.label?.text, let failure = convertedNames[label],
           let call = node.parent?.parent?.as(FunctionCallExprSyntax.self),
           call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true {
            erase(node.expression, failure: failure)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let access = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
        let nameToken = access.declName.baseName
        guard let use = use(at: nameToken) else { return .visitChildren }
        if let base = access.base, let typeName = staticBaseType(base) {
            convertStatic(node, access: access, base: base, typeName: typeName, use: use)
        } else if access.base == nil {
            convertImplicit(node, access: access, use: use)
        } else {
            convertMember(node, access: access, use: use)
        }
        return .visitChildren
    }

    /// `Observable` in `Observable.just(…)` / `Observable<Int>.just(…)`.
    private func staticBaseType(_ base: ExprSyntax) -> String? {
        var expression = base
        if let specialization = expression.as(GenericSpecializationExprSyntax.self) { expression = specialization.expression }
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text, typeConversions[name] != nil else { return nil }
        return name
    }

    private func convertStatic(_ call: FunctionCallExprSyntax, access: MemberAccessExprSyntax, base: ExprSyntax, typeName: String,
                               use: ScanReport.Use) {
        let failure = typeConversions[typeName]?.streamFailure ?? .error
        let generics = base.as(GenericSpecializationExprSyntax.self)?.genericArgumentClause.arguments.trimmedDescription
        let typed = generics.map { "<\($0), \(failure.typeName)>" } ?? ""
        let name = access.declName.baseName
        let setFailure = failure == .error ? ".setFailureType(to: Error.self)" : ""
        let plainArguments = call.arguments.allSatisfy { $0.label == nil && !$0.expression.is(ArrayExprSyntax.self) }
        func claim() {
            handled.insert(base.id)
            if let specialization = base.as(GenericSpecializationExprSyntax.self) { handled.insert(specialization.expression.id) }
            consume(name)
        }
        switch (name.text, call.arguments.count) {
        case ("just", 1):
            claim()
            edits.replace(access, with: "Just")
            edits.insert(after: call, setFailure)
        case ("empty", 0):
            claim()
            edits.replace(access, with: "Empty\(typed)")
        case ("never", 0):
            claim()
            edits.replace(call, with: "Empty\(typed)(completeImmediately: false)")
        case ("error", 1):
            claim()
            edits.replace(access, with: "Fail\(typed)")
            edits.insert(before: call.arguments.first!.expression, "error: ")
        case ("from", 1) where call.arguments.first?.label == nil:
            claim()
            let argument = call.arguments.first!.expression
            edits.replace(call.positionAfterSkippingLeadingTrivia.utf8Offset, argument.positionAfterSkippingLeadingTrivia.utf8Offset, with: "(")
            edits.replace(argument.endPositionBeforeTrailingTrivia.utf8Offset, call.endPositionBeforeTrailingTrivia.utf8Offset,
                          with: ").publisher" + setFailure)
        case ("of", 1...) where call.arguments.allSatisfy({ $0.label == nil }) && call.trailingClosure == nil:
            claim()
            let first = call.arguments.first!.expression
            let last = call.arguments.last!.expression
            edits.replace(call.positionAfterSkippingLeadingTrivia.utf8Offset, first.positionAfterSkippingLeadingTrivia.utf8Offset, with: "[")
            edits.replace(last.endPositionBeforeTrailingTrivia.utf8Offset, call.endPositionBeforeTrailingTrivia.utf8Offset,
                          with: "].publisher" + setFailure)
        case ("merge", 2...8) where plainArguments, ("zip", 2...4) where plainArguments, ("combineLatest", 2...4) where plainArguments:
            claim()
            let arguments = Array(call.arguments)
            let first = arguments[0].expression
            let second = arguments[1].expression
            let wrap = !isPostfix(first)
            edits.replace(call.positionAfterSkippingLeadingTrivia.utf8Offset, first.positionAfterSkippingLeadingTrivia.utf8Offset,
                          with: wrap ? "(" : "")
            edits.replace(first.endPositionBeforeTrailingTrivia.utf8Offset, second.positionAfterSkippingLeadingTrivia.utf8Offset,
                          with: (wrap ? ")" : "") + (name.text == "merge" ? ".merge(with: " : ".\(name.text)("))
            if name.text != "merge" { note(name, "\(name.text): \(use.note)", anchor: MigrationTable.tableAnchor) }
        default:
            break  // left with a note by finish()
        }
    }

    private func convertImplicit(_ call: FunctionCallExprSyntax, access: MemberAccessExprSyntax, use: ScanReport.Use) {
        let name = access.declName.baseName
        switch (name.text, call.arguments.count) {
        case ("just", 1):
            consume(name)
            edits.replace(access, with: "Just")
        case ("empty", 0):
            consume(name)
            // The replacement of a Driver's error: nothing to infer its failure type from but `Never`.
            let forDriver = call.parent?.as(LabeledExprSyntax.self)?.label?.text == "onErrorDriveWith"
            edits.replace(access, with: forDriver ? "Empty<_, Never>" : "Empty")
        case ("error", 1):
            consume(name)
            edits.replace(access, with: "Fail")
            edits.insert(before: call.arguments.first!.expression, "error: ")
        default:
            break
        }
        _ = use
    }

    /// Renames a call's name token and its argument labels.
    private func rename(_ call: FunctionCallExprSyntax, _ name: TokenSyntax, to newName: String, labels: [String: String] = [:]) {
        consume(name)
        if name.text != newName { edits.replace(name, with: newName) }
        for argument in call.arguments {
            guard let label = argument.label, let newLabel = labels[label.text] else { continue }
            if newLabel.isEmpty {
                edits.replace(label.positionAfterSkippingLeadingTrivia.utf8Offset, argument.expression.positionAfterSkippingLeadingTrivia.utf8Offset, with: "")
            } else {
                edits.replace(label, with: newLabel)
            }
        }
    }

    private func labels(_ call: FunctionCallExprSyntax) -> [String] {
        FileScanner.labels(of: call)
    }

    private func convertMember(_ call: FunctionCallExprSyntax, access: MemberAccessExprSyntax, use: ScanReport.Use) {
        let name = access.declName.baseName
        let labels = self.labels(call)
        switch (name.text, labels) {
        case ("accept", ["_"]):
            rename(call, name, to: "send")
        case ("asObservable", []):
            consume(name)
            edits.replace(call.calledExpression.as(MemberAccessExprSyntax.self)!.declName, with: "eraseToAnyPublisher")
        case ("disposed", ["by"]):
            rename(call, name, to: "store", labels: ["by": "in"])
        case ("distinctUntilChanged", []):
            rename(call, name, to: "removeDuplicates")
        case ("flatMapLatest", _):
            rename(call, name, to: "map")
            edits.insert(after: call, chainBreak(access) + ".switchToLatest()")
        case ("switchLatest", []):
            rename(call, name, to: "switchToLatest")
        case ("toArray", []):
            rename(call, name, to: "collect")
        case ("startWith", _):
            rename(call, name, to: "prepend")
        case ("take", ["_"]):
            rename(call, name, to: "prefix")
        case ("skip", ["_"]):
            rename(call, name, to: "dropFirst")
        case ("take", ["while"]), ("takeWhile", _):
            rename(call, name, to: "prefix", labels: ["while": "while"])
            if name.text == "takeWhile", labels == ["_"], call.trailingClosure == nil { edits.insert(before: call.arguments.first!, "while: ") }
        case ("skip", ["while"]), ("skipWhile", _):
            rename(call, name, to: "drop", labels: ["while": "while"])
            if name.text == "skipWhile", labels == ["_"], call.trailingClosure == nil { edits.insert(before: call.arguments.first!, "while: ") }
        case ("take", ["until"]):
            rename(call, name, to: "prefix", labels: ["until": "untilOutputFrom"])
        case ("skip", ["until"]):
            rename(call, name, to: "drop", labels: ["until": "untilOutputFrom"])
            note(name, "skip(until:): \(use.note)", anchor: MigrationTable.tableAnchor)
        case ("element", ["at"]):
            rename(call, name, to: "output")
            note(name, "element(at:): \(use.note)", anchor: MigrationTable.tableAnchor)
        case ("ignoreElements", []):
            rename(call, name, to: "ignoreOutput")
        case ("takeLast", ["_"]) where call.arguments.first?.expression.trimmedDescription == "1":
            consume(name)
            edits.replace(call.calledExpression.as(MemberAccessExprSyntax.self)!.declName, with: "last")
            edits.replace(call.arguments, with: "")
        case ("ifEmpty", ["default"]):
            rename(call, name, to: "replaceEmpty", labels: ["default": "with"])
        case ("concat", ["_"]):
            rename(call, name, to: "append")
        case ("catchAndReturn", ["_"]), ("catchErrorJustReturn", ["_"]):
            rename(call, name, to: "replaceError")
            edits.insert(before: call.arguments.first!, "with: ")
        case ("catchError", _):
            rename(call, name, to: "catch")
        case ("catch", _):
            consume(name)
        case ("retry", ["_"]):
            consume(name)
            let count = call.arguments.first!.expression
            if let literal = Int(count.trimmedDescription) {
                edits.replace(count, with: String(max(0, literal - 1)))
            } else {
                edits.insert(before: count, "(")
                edits.insert(after: count, ") - 1")
            }
            note(name, "retry: Rx retry(n) subscribes n times, Combine retry(n) n + 1 times; the count was lowered by one", anchor: MigrationTable.tableAnchor)
        case ("retry", []):
            consume(name)
            edits.insert(after: call.leftParen!, "Int.max")
        case ("retryWhen", ["_"]):
            rename(call, name, to: "retry")
            edits.insert(before: call.arguments.first!, "when: ")
        case ("retry", ["when"]):
            consume(name)
        case ("do", ["onNext"]):
            rename(call, name, to: "handleEvents", labels: ["onNext": "receiveOutput"])
        case ("do", ["onDispose"]):
            rename(call, name, to: "onDispose", labels: ["onDispose": ""])
        case ("debug", _):
            rename(call, name, to: "print")
        case ("scan", ["_", "accumulator"]), ("reduce", ["_", "accumulator"]):
            rename(call, name, to: name.text, labels: ["accumulator": ""])
        case ("scan", _), ("reduce", _):
            consume(name)
        case ("observe", ["on"]), ("observeOn", ["_"]):
            rename(call, name, to: "receive")
            if name.text == "observeOn" { edits.insert(before: call.arguments.first!, "on: ") }
            convertScheduler(call.arguments.first!.expression, at: name)
        case ("subscribe", ["on"]), ("subscribeOn", ["_"]):
            rename(call, name, to: "subscribe")
            if name.text == "subscribeOn" { edits.insert(before: call.arguments.first!, "on: ") }
            convertScheduler(call.arguments.first!.expression, at: name)
        case ("subscribe", _) where labels.allSatisfy({ ["onNext", "onError", "onCompleted"].contains($0) }) && !labels.isEmpty:
            convertSubscribe(call, name: name, access: access)
        case ("drive", ["onNext"]):
            rename(call, name, to: "sink", labels: ["onNext": "receiveValue"])
            noteIfNotStored(call, name)
        case ("drive", ["with", "onNext"]):
            convertDriveWith(call, name: name)
        case ("drive", ["_"]) where isRelay(call.arguments.first!.expression),
             ("bind", ["to"]) where isRelay(call.arguments.first!.expression):
            convertBindToRelay(call, name: name, access: access)
        case ("throttle", _) where labels.first == "_", ("debounce", _) where labels.first == "_",
             ("delay", _) where labels.first == "_":
            convertTimed(call, name: name, access: access, use: use)
        case ("asDriver", _), ("asSignal", _):
            convertAsDriver(call, name: name, access: access, labels: labels, signal: name.text == "asSignal")
        default:
            break  // kept (same name) or left with a note by finish()
        }
    }

    /// `throttle(d, latest: b, scheduler: s)` → `throttle(for: d, scheduler: s, latest: b)`, and `debounce`/`delay` with
    /// `for:`; a Driver's or Signal's (no scheduler: the main one) gets `DispatchQueue.main`. What differs gets a note.
    private func convertTimed(_ call: FunctionCallExprSyntax, name: TokenSyntax, access: MemberAccessExprSyntax, use: ScanReport.Use) {
        guard let left = call.leftParen, let right = call.rightParen, call.trailingClosure == nil else { return }
        let arguments = Array(call.arguments)
        let due = arguments[0].expression.trimmedDescription
        let scheduler = arguments.first { $0.label?.text == "scheduler" }?.expression
        let latest = arguments.first { $0.label?.text == "latest" }?.expression.trimmedDescription ?? "true"
        guard arguments.allSatisfy({ $0.label == nil || ["scheduler", "latest"].contains($0.label!.text) }) else { return }
        consume(name)
        var text = "for: \(due), scheduler: \(scheduler?.trimmedDescription ?? "DispatchQueue.main")"
        if name.text == "throttle" { text += ", latest: \(latest)" }
        edits.replace(left.endPosition.utf8Offset, right.positionAfterSkippingLeadingTrivia.utf8Offset, with: text)
        if let scheduler { convertScheduler(scheduler, at: name) }
        let neverFailing = neverFails(access.base)
        switch name.text {
        case "throttle":
            if latest != "true" || !neverFailing { note(name, "throttle: \(use.note)", anchor: MigrationTable.tableAnchor) }
        case "debounce":
            note(name, "debounce: at completion Rx sends the element still waiting, Combine drops it", anchor: MigrationTable.tableAnchor)
        default:
            if !neverFailing { note(name, "delay: Rx does not delay an error, Combine does", anchor: MigrationTable.tableAnchor) }
        }
    }

    /// `drive(relay)` / `bind(to: relay)` → a sink that sends to the relay (which, like Rx's, ignores completion).
    private func convertBindToRelay(_ call: FunctionCallExprSyntax, name: TokenSyntax, access: MemberAccessExprSyntax) {
            consume(name)
            let relay = call.arguments.first!.expression.trimmedDescription
            let failing = !(name.text == "drive" || neverFails(access.base))
            edits.replace(name.positionAfterSkippingLeadingTrivia.utf8Offset, call.endPositionBeforeTrailingTrivia.utf8Offset,
                          with: "sink(" + (failing ? "receiveCompletion: { _ in }, " : "") + "receiveValue: { \(relay).send($0) })")
            if failing {
                note(name, "bind(to:) stops on an error (a fatal error in debug builds); this sink ignores it: decide what an error does",
                     anchor: "error-typing")
            }
            noteIfNotStored(call, name)
    }

    /// Whether an expression names a relay declared in this file (`relay`, `self.relay`, `input.relay`).
    private func isRelay(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return relayNames.contains(reference.baseName.text) }
        if let member = expression.as(MemberAccessExprSyntax.self) { return relayNames.contains(member.declName.baseName.text) }
        return false
    }

    /// A newline and the chain's indentation when the operator starts its own line, else nothing.
    private func chainBreak(_ access: MemberAccessExprSyntax) -> String {
        let leading = access.period.leadingTrivia
        guard leading.contains(where: { if case .newlines = $0 { return true } else { return false } }) else { return "" }
        var indentation = ""
        for piece in leading.reversed() {
            if case .spaces(let count) = piece { indentation = String(repeating: " ", count: count) + indentation; continue }
            if case .tabs(let count) = piece { indentation = String(repeating: "\t", count: count) + indentation; continue }
            break
        }
        return "\n" + indentation
    }

    /// `MainScheduler.instance` → `DispatchQueue.main` (with a note: it always hops); another Rx scheduler gets a note.
    private func convertScheduler(_ scheduler: ExprSyntax, at name: TokenSyntax) {
        let text = scheduler.trimmedDescription
        if text == "MainScheduler.instance" || text == "MainScheduler.asyncInstance" {
            for token in scheduler.tokens(viewMode: .sourceAccurate) where token.text == "MainScheduler" { consume(token) }
            edits.replace(scheduler, with: "DispatchQueue.main")
            note(name, "receive(on: DispatchQueue.main) always hops, where MainScheduler.instance runs inline on the main thread",
                 anchor: "schedulers-and-main-thread-hops")
        } else if rxSchedulerNames.contains(where: text.contains) {
            note(name, "pass a Combine scheduler (DispatchQueue, RunLoop, a test scheduler) instead of an Rx one",
                 anchor: "schedulers-and-main-thread-hops")
        }
    }

    /// A subscription whose cancellable is not stored is cancelled at once in Combine.
    private func noteIfNotStored(_ call: FunctionCallExprSyntax, _ name: TokenSyntax) {
        if let next = call.parent?.as(MemberAccessExprSyntax.self), ["disposed", "store"].contains(next.declName.baseName.text) { return }
        if let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
           binding.pattern.trimmedDescription != "_" { return }
        if let sequence = call.parent?.as(SequenceExprSyntax.self), sequence.elements.first?.trimmedDescription != "_" { return }
        note(name, "keep the AnyCancellable (store(in:)): Combine cancels a subscription whose cancellable is released",
             anchor: "disposebag-vs-setanycancellable")
    }

    /// `subscribe(onNext:onError:onCompleted:)` → `sink(receiveCompletion:receiveValue:)`.
    private func convertSubscribe(_ call: FunctionCallExprSyntax, name: TokenSyntax, access: MemberAccessExprSyntax) {
        consume(name)
        edits.replace(name, with: "sink")
        let arguments = Array(call.arguments)
        let onNext = arguments.first { $0.label?.text == "onNext" }
        let onError = arguments.first { $0.label?.text == "onError" }
        let onCompleted = arguments.first { $0.label?.text == "onCompleted" }
        var completion: String?
        if onError != nil || onCompleted != nil {
            let finished = onCompleted.map { "(\($0.expression.trimmedDescription))()" } ?? "break"
            let failure = onError.map { "(\($0.expression.trimmedDescription))(error)" } ?? "_ = error"
            completion = "{ completion in switch completion { case .finished: \(finished); case .failure(let error): \(failure) } }"
        } else if !neverFails(access.base) {
            completion = "{ _ in }"
        }
        // Drop onError/onCompleted, relabel onNext, put receiveCompletion first.
        for argument in [onError, onCompleted].compactMap({ $0 }) {
            edits.replace(argument.position.utf8Offset, argument.endPosition.utf8Offset, with: "")
        }
        if let onNext {
            edits.replace(onNext.label!, with: "receiveValue")
            if let comma = onNext.trailingComma, arguments.last?.id != onNext.id,
               arguments.drop(while: { $0.id != onNext.id }).dropFirst().allSatisfy({ $0.id == onError?.id || $0.id == onCompleted?.id }) {
                edits.replace(comma, with: "")
            }
            if let completion { edits.insert(before: arguments.first!, "receiveCompletion: \(completion), ") }
        } else {
            edits.insert(before: arguments.first!, "receiveCompletion: \(completion ?? "{ _ in }"), receiveValue: { _ in }")
        }
        noteIfNotStored(call, name)
    }

    /// `drive(with: object, onNext: { object, value in … })` → a `sink` that holds the object weakly, as `drive(with:)` does.
    private func convertDriveWith(_ call: FunctionCallExprSyntax, name: TokenSyntax) {
        let arguments = Array(call.arguments)
        let object = arguments[0].expression.trimmedDescription
        let handler = arguments[1].expression
        consume(name)
        edits.replace(name, with: "sink")
        edits.replace(arguments[0].positionAfterSkippingLeadingTrivia.utf8Offset, handler.positionAfterSkippingLeadingTrivia.utf8Offset,
                      with: "receiveValue: { [weak object = \(object)] value in guard let object else { return }; (")
        edits.insert(after: handler, ")(object, value) }")
        noteIfNotStored(call, name)
    }

    /// `asDriver(onErrorJustReturn: x)` → `replaceError(with: x).receive(on: DispatchQueue.main).share(replay: 1)` and its
    /// `onErrorDriveWith:` / `onErrorRecover:` forms (with `catch`).
    private func convertAsDriver(_ call: FunctionCallExprSyntax, name: TokenSyntax, access: MemberAccessExprSyntax, labels: [String],
                                 signal: Bool) {
        let tail = ".receive(on: DispatchQueue.main)" + (signal ? ".share(replay: 0, scope: .whileConnected)" : ".share(replay: 1)")
        let arguments = Array(call.arguments)
        let noteText = "\(signal ? "Signal" : "Driver"): receive(on: DispatchQueue.main) always hops, where a Driver delivers inline on the main thread"
        if labels == ["onErrorDriveWith"] || labels == ["onErrorRecover"], neverFails(access.base) {
            // Nothing upstream can fail: the error handler has nothing to do.
            consume(name)
            for token in call.arguments.tokens(viewMode: .sourceAccurate) { consume(token) }
            edits.replace(name.positionAfterSkippingLeadingTrivia.utf8Offset, call.endPositionBeforeTrailingTrivia.utf8Offset,
                          with: String(tail.dropFirst()))
            note(name, noteText, anchor: "drivers-guarantees")
            return
        }
        switch labels {
        case ["onErrorJustReturn"]:
            rename(call, name, to: "replaceError", labels: ["onErrorJustReturn": "with"])
        case ["onErrorDriveWith"]:
            consume(name)
            edits.replace(name, with: "catch")
            let argument = arguments[0]
            edits.replace(call.leftParen!.positionAfterSkippingLeadingTrivia.utf8Offset, argument.expression.positionAfterSkippingLeadingTrivia.utf8Offset,
                          with: " { _ in ")
            edits.replace(call.rightParen!, with: " }")
        case ["onErrorRecover"]:
            rename(call, name, to: "catch", labels: ["onErrorRecover": ""])
        case []:
            consume(name)
            edits.replace(name.positionAfterSkippingLeadingTrivia.utf8Offset, call.endPositionBeforeTrailingTrivia.utf8Offset,
                          with: String(tail.dropFirst()))
            note(name, "\(signal ? "Signal" : "Driver"): receive(on: DispatchQueue.main) always hops, where a Driver delivers inline on the main thread",
                 anchor: "drivers-guarantees")
            return
        default:
            return
        }
        edits.insert(after: call, tail)
        note(name, "\(signal ? "Signal" : "Driver"): receive(on: DispatchQueue.main) always hops, where a Driver delivers inline on the main thread",
             anchor: "drivers-guarantees")
    }
}
