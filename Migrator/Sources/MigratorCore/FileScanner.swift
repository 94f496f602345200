import SwiftParser
import SwiftSyntax

/// How sure `scan` is that a finding is Rx API, without type information.
public enum Certainty: String, Codable, Sendable {
    /// A declared Rx type, an Rx-only name or label, a static call on an Rx type, an `.rx` binding, an import.
    case certain
    /// A generic name (`map`, `filter`, …) in a chain that holds Rx evidence.
    case inferred
}

/// A finding inside one file, before paths are attached.
struct RawUse: Sendable {
    var line: Int
    var column: Int
    var api: String
    var rule: Int
    var certainty: Certainty
    /// The Rx type the finding depends on (dropped when the file declares its own type of that name).
    var typeName: String?
}

/// A generic call whose receiver showed no local evidence: it counts if one of `names` turns out to be an Rx
/// value (a property or function with an Rx type, here or in another scanned file).
struct PendingUse: Sendable {
    var use: RawUse
    var names: [String]
}

/// What one file contributes to a scan.
struct FileFindings: Sendable {
    var uses: [RawUse] = []
    var pending: [PendingUse] = []
    /// Properties and functions declared with Rx types (visible to other files).
    var exportedRxNames: Set<String> = []
    /// Types this file declares, and capitalised names it references.
    var declaredTypes: Set<String> = []
    var referencedTypes: Set<String> = []
    /// Public declarations whose signature mentions an Rx type: (line, signature).
    var publicRx: [PublicRxDeclaration] = []
    var importsRx = false
    var importsUIKit = false
}

/// A public declaration whose signature shows an Rx type.
public struct PublicRxDeclaration: Codable, Sendable, Hashable {
    public var line: Int
    public var declaration: String
}

/// Finds the Rx uses in one parsed file.
final class FileScanner: SyntaxVisitor {
    private let knowledge = RxKnowledge.shared
    private let rules = MigrationTable.rules
    private let lines: LineTable
    private(set) var findings = FileFindings()
    /// Names (variables, parameters, properties, functions) declared with Rx types in this file.
    private var localRxNames: Set<String> = []
    /// Names declared in this file with a type that is not Rx (`names: [String]`): a chain rooted there is not Rx.
    private var localPlainNames: Set<String> = []
    /// Rx type names this file declares types of its own for.
    private var shadowedTypes: Set<String> = []

    init(tree: SourceFileSyntax, text: String) {
        lines = LineTable(text)
        super.init(viewMode: .sourceAccurate)
        for item in tree.statements {
            if let importDecl = item.item.as(ImportDeclSyntax.self), let module = importDecl.path.first?.name.text {
                if RxKnowledge.rxModules.contains(module) { findings.importsRx = true }
                if module == "UIKit" || module == "AppKit" || module == "SwiftUI" { findings.importsUIKit = true }
            }
            if let name = FileScanner.typeName(declaredBy: item.item), RxKnowledge.shared.types[name] != nil {
                shadowedTypes.insert(name)
            }
        }
    }

    /// The name of a type declaration.
    static func typeName(declaredBy item: CodeBlockItemSyntax.Item) -> String? {
        if let decl = item.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = item.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = item.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = item.as(TypeAliasDeclSyntax.self) { return decl.name.text }
        if let decl = item.as(ProtocolDeclSyntax.self) { return decl.name.text }
        if let decl = item.as(ActorDeclSyntax.self) { return decl.name.text }
        return nil
    }

    /// Scans the tree; call once.
    func run(_ tree: SourceFileSyntax) -> FileFindings {
        walk(tree)
        // Resolve what this file's own declarations explain; the rest waits for the other files.
        var still: [PendingUse] = []
        for pending in findings.pending {
            if pending.names.contains(where: localRxNames.contains) {
                findings.uses.append(pending.use)
            } else {
                still.append(pending)
            }
        }
        findings.pending = still
        // A type this file declares itself shadows the Rx type of that name.
        let shadowed = findings.declaredTypes
        if !shadowed.isEmpty {
            findings.uses.removeAll { $0.typeName.map(shadowed.contains) ?? false }
        }
        findings.uses.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        return findings
    }

    // MARK: - Declarations

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text); return .visitChildren }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text); return .visitChildren }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text); return .visitChildren }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text); return .visitChildren }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text); return .visitChildren }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name.text)
        if isPublic(node.modifiers) {
            for member in node.memberBlock.members {
                recordPublic(member.decl, force: true)
            }
        }
        return .visitChildren
    }

    private func declare(_ name: String) {
        findings.declaredTypes.insert(name)
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let first = node.path.first else { return .skipChildren }
        let module = first.name.text
        if let rule = knowledge.modules[module] {
            add(RawUse(line: 0, column: 0, api: "import \(module)", rule: rule, certainty: .certain), at: first.name)
        }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard findings.importsRx else { return .visitChildren }
        let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var isRx = false
            if let type = binding.typeAnnotation?.type, mentionsRxType(type) {
                isRx = true
            } else if let value = binding.initializer?.value, chainEvidence(value).found {
                isRx = true
            }
            if isRx {
                localRxNames.insert(name)
                if isMember { findings.exportedRxNames.insert(name) }
            } else if binding.typeAnnotation != nil || binding.initializer?.value.is(ArrayExprSyntax.self) == true
                        || binding.initializer?.value.is(StringLiteralExprSyntax.self) == true {
                localPlainNames.insert(name)
            }
        }
        if isMember { recordPublic(DeclSyntax(node), force: false) }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard findings.importsRx else { return .visitChildren }
        if let returnType = node.signature.returnClause?.type, mentionsRxType(returnType) {
            localRxNames.insert(node.name.text)
            findings.exportedRxNames.insert(node.name.text)
        }
        noteParameters(node.signature.parameterClause)
        recordPublic(DeclSyntax(node), force: false)
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard findings.importsRx else { return .visitChildren }
        noteParameters(node.signature.parameterClause)
        recordPublic(DeclSyntax(node), force: false)
        return .visitChildren
    }

    private func noteParameters(_ clause: FunctionParameterClauseSyntax) {
        for parameter in clause.parameters {
            let name = (parameter.secondName ?? parameter.firstName).text
            if mentionsRxType(parameter.type) { localRxNames.insert(name) } else { localPlainNames.insert(name) }
        }
    }

    private func isPublic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.public) || $0.name.tokenKind == .keyword(.open) }
    }

    /// Records a public declaration whose signature shows an Rx type (`force`: a requirement of a public protocol).
    private func recordPublic(_ decl: DeclSyntax, force: Bool) {
        var modifiers: DeclModifierListSyntax?
        var types: [TypeSyntax] = []
        var signature = ""
        if let function = decl.as(FunctionDeclSyntax.self) {
            modifiers = function.modifiers
            types = function.signature.parameterClause.parameters.map(\.type) + [function.signature.returnClause?.type].compactMap { $0 }
            signature = "func \(function.name.text)\(function.signature.trimmedDescription)"
        } else if let variable = decl.as(VariableDeclSyntax.self) {
            modifiers = variable.modifiers
            types = variable.bindings.compactMap { $0.typeAnnotation?.type }
            signature = "\(variable.bindingSpecifier.text) " + variable.bindings.map {
                "\($0.pattern.trimmedDescription)\($0.typeAnnotation?.trimmedDescription ?? "")"
            }.joined(separator: ", ")
        } else if let initializer = decl.as(InitializerDeclSyntax.self) {
            modifiers = initializer.modifiers
            types = initializer.signature.parameterClause.parameters.map(\.type)
            signature = "init\(initializer.signature.trimmedDescription)"
        }
        guard let modifiers, force || isPublic(modifiers), types.contains(where: mentionsRxType) else { return }
        let line = lines.location(decl.positionAfterSkippingLeadingTrivia.utf8Offset).line
        let oneLine = signature.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        findings.publicRx.append(PublicRxDeclaration(line: line, declaration: oneLine))
    }

    /// Whether a type spells an Rx type anywhere in it (`Observable<Int>`, `[Driver<String>]`, `(Single<A>) -> Void`).
    private func mentionsRxType(_ type: TypeSyntax) -> Bool {
        for token in type.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let text) = token.tokenKind, knowledge.types[text] != nil, !shadowedTypes.contains(text) { return true }
        }
        return false
    }

    // MARK: - Types

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        if name.first?.isUppercase == true { findings.referencedTypes.insert(name) }
        guard findings.importsRx, let rule = knowledge.types[name], !shadowedTypes.contains(name) else { return .visitChildren }
        add(RawUse(line: 0, column: 0, api: name, rule: rule, certainty: .certain, typeName: name), at: node.name)
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        guard name.first?.isUppercase == true else { return .visitChildren }
        findings.referencedTypes.insert(name)
        guard findings.importsRx, let rule = knowledge.types[name], !shadowedTypes.contains(name) else { return .visitChildren }
        // `Observable.just(…)` is reported as `just`, not as a use of the type.
        var outer = Syntax(node)
        if let specialization = node.parent?.as(GenericSpecializationExprSyntax.self) { outer = Syntax(specialization) }
        if let access = outer.parent?.as(MemberAccessExprSyntax.self), access.base.map(Syntax.init) == outer {
            if !RxKnowledge.observableTypes.contains(name) || staticMemberRule(access) != nil { return .visitChildren }
        }
        add(RawUse(line: 0, column: 0, api: name, rule: rule, certainty: .certain, typeName: name), at: node.baseName)
        return .visitChildren
    }

    // MARK: - Calls and bindings

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard findings.importsRx, node.declName.baseName.text == "rx", node.base != nil, let rule = knowledge.binding else {
            return .visitChildren
        }
        var api = "rx"
        if let next = node.parent?.as(MemberAccessExprSyntax.self) { api += "." + next.declName.baseName.text }
        add(RawUse(line: 0, column: 0, api: api, rule: rule, certainty: .certain), at: node.declName.baseName)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard findings.importsRx, let access = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
        let name = access.declName.baseName.text
        // Most calls are not Rx operators: look the name up before building anything.
        guard knowledge.members[name] != nil || access.base.map({ rxTypeName(of: $0) != nil }) == true else { return .visitChildren }
        let labels = FileScanner.labels(of: node)
        let api = FileScanner.spelling(name, labels)
        // A static call on an Rx type: certain.
        if let typeName = rxTypeName(of: access.base) {
            // `ReplaySubject.create(bufferSize:)`, `Disposables.create()`: a use of the type, not an operator.
            if !RxKnowledge.observableTypes.contains(typeName), let rule = knowledge.types[typeName] {
                add(RawUse(line: 0, column: 0, api: "\(typeName).\(api)", rule: rule, certainty: .certain, typeName: typeName),
                    at: access.declName.baseName)
            } else if let entry = knowledge.match(name: name, labels: labels, arguments: { FileScanner.arguments(of: node) }, staticCall: true, rules: rules) {
                add(RawUse(line: 0, column: 0, api: "\(typeName).\(api)", rule: entry.rule, certainty: .certain, typeName: typeName),
                    at: access.declName.baseName)
            }
            return .visitChildren
        }
        // An implicit member (`.just(x)`, `.empty()`): counts inside an Rx call or an Rx-returning function.
        if access.base == nil {
            if let entry = knowledge.match(name: name, labels: labels, arguments: { FileScanner.arguments(of: node) }, staticCall: true, rules: rules),
               rules[entry.rule].creationOnly, insideRxContext(node) {
                add(RawUse(line: 0, column: 0, api: "." + api, rule: entry.rule, certainty: .inferred), at: access.declName.baseName)
            }
            return .visitChildren
        }
        guard let entry = knowledge.match(name: name, labels: labels, arguments: { FileScanner.arguments(of: node) }, staticCall: false, rules: rules)
        else { return .visitChildren }
        var use = RawUse(line: 0, column: 0, api: api, rule: entry.rule, certainty: .certain)
        use = located(use, at: access.declName.baseName)
        if entry.certain {
            findings.uses.append(use)
            return .visitChildren
        }
        use.certainty = .inferred
        let receiver = chainEvidence(access.base)
        if receiver.found || downstreamEvidence(node) {
            findings.uses.append(use)
        } else if receiver.names.contains(where: localRxNames.contains) {
            findings.uses.append(use)
        } else if !receiver.names.isEmpty && !isPlainRoot(receiver.path) {
            findings.pending.append(PendingUse(use: use, names: receiver.names))
        }
        return .visitChildren
    }

    /// Whether a chain is rooted at a name this file declares with a plain type (`names.map`, `self.items.map`).
    private func isPlainRoot(_ names: [String]) -> Bool {
        let path = names.last == "self" ? Array(names.dropLast()) : names
        guard path.count == 1, let root = path.first else { return false }
        return localPlainNames.contains(root) && !localRxNames.contains(root)
    }

    /// The rule of `Type.member(…)` when `access` is a static call on an Rx type.
    private func staticMemberRule(_ access: MemberAccessExprSyntax) -> Int? {
        guard let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id else { return nil }
        return knowledge.match(name: access.declName.baseName.text, labels: FileScanner.labels(of: call),
                               arguments: { FileScanner.arguments(of: call) }, staticCall: true, rules: rules)?.rule
    }

    /// `Observable` in `Observable.just` or `Observable<Int>.just`.
    private func rxTypeName(of base: ExprSyntax?) -> String? {
        guard var base else { return nil }
        if let specialization = base.as(GenericSpecializationExprSyntax.self) { base = specialization.expression }
        guard let reference = base.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.text
        return knowledge.types[name] != nil && !shadowedTypes.contains(name) ? name : nil
    }

    /// Whether a call is certain Rx evidence by itself.
    private func isCertain(_ call: FunctionCallExprSyntax) -> Bool {
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self) {
            if rxTypeName(of: access.base) != nil { return true }
            if access.base == nil { return false }
            if let entry = knowledge.match(name: access.declName.baseName.text, labels: FileScanner.labels(of: call),
                                           arguments: { FileScanner.arguments(of: call) }, staticCall: false, rules: rules) {
                return entry.certain
            }
            return false
        }
        // A constructor: `PublishRelay<Void>()`, `BehaviorRelay(value: 0)`.
        return rxTypeName(of: call.calledExpression) != nil
    }

    /// Walks a receiver chain (`a.b(…).c`) towards its root: whether it holds certain evidence, and the member and
    /// variable names met on the way.
    private func chainEvidence(_ expression: ExprSyntax?) -> (found: Bool, names: [String], path: [String]) {
        var names: [String] = []
        // The property path to the root (`viewModel.results` in `viewModel.results.map { … }.filter`).
        var path: [String] = []
        var current = expression
        while let expression = current {
            if let call = expression.as(FunctionCallExprSyntax.self) {
                if isCertain(call) { return (true, names, path) }
                if let access = call.calledExpression.as(MemberAccessExprSyntax.self) {
                    names.append(access.declName.baseName.text)
                    if rxTypeName(of: access.base) != nil { return (true, names, path) }
                    current = access.base
                } else {
                    current = call.calledExpression
                }
            } else if let access = expression.as(MemberAccessExprSyntax.self) {
                let name = access.declName.baseName.text
                if name == "rx" && access.base != nil { return (true, names, path) }
                if rxTypeName(of: access.base) != nil { return (true, names, path) }
                names.append(name)
                path.append(name)
                current = access.base
            } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
                names.append(reference.baseName.text)
                path.append(reference.baseName.text)
                current = nil
            } else if let optional = expression.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else if let forced = expression.as(ForceUnwrapExprSyntax.self) {
                current = forced.expression
            } else if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1 {
                current = tuple.elements.first?.expression
            } else {
                current = nil
            }
        }
        return (false, names, path)
    }

    /// Whether the chain continues (towards its end) into a certain Rx call: `x.map { }.subscribe(onNext:)`.
    private func downstreamEvidence(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let access = node.parent?.as(MemberAccessExprSyntax.self), access.base.map(Syntax.init) == node {
            guard let next = access.parent?.as(FunctionCallExprSyntax.self) else {
                node = Syntax(access)
                continue
            }
            let name = access.declName.baseName.text
            if name != "asObservable" && isCertain(next) { return true }
            node = Syntax(next)
        }
        return false
    }

    /// Whether an implicit-member call sits inside an Rx call's arguments or an Rx-returning function.
    private func insideRxContext(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let current = node {
            if let enclosing = current.as(FunctionCallExprSyntax.self), isCertain(enclosing) { return true }
            if let enclosing = current.as(FunctionCallExprSyntax.self),
               let access = enclosing.calledExpression.as(MemberAccessExprSyntax.self), chainEvidence(access.base).found {
                return true
            }
            if let function = current.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause.map { mentionsRxType($0.type) } ?? false
            }
            if current.is(MemberBlockItemSyntax.self) || current.is(CodeBlockItemSyntax.self) && current.parent?.parent?.is(SourceFileSyntax.self) == true {
                return false
            }
            node = current.parent
        }
        return false
    }

    // MARK: - Helpers

    private func located(_ use: RawUse, at token: TokenSyntax) -> RawUse {
        let location = lines.location(of: token)
        var use = use
        use.line = location.line
        use.column = location.column
        return use
    }

    private func add(_ use: RawUse, at token: TokenSyntax) {
        findings.uses.append(located(use, at: token))
    }

    /// Argument labels of a call, "_" for an unlabelled argument or the trailing closure.
    static func labels(of call: FunctionCallExprSyntax) -> [String] {
        var labels = call.arguments.map { $0.label?.text ?? "_" }
        if call.trailingClosure != nil { labels.append("_") }
        labels += call.additionalTrailingClosures.map(\.label.text)
        return labels
    }

    /// Argument texts of a call.
    static func arguments(of call: FunctionCallExprSyntax) -> [String] {
        call.arguments.map(\.expression.trimmedDescription)
    }

    /// `name(a:_:)`, or `name()` without arguments.
    static func spelling(_ name: String, _ labels: [String]) -> String {
        "\(name)(\(labels.map { "\($0):" }.joined()))"
    }
}
