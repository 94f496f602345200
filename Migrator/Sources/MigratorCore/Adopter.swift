import SwiftParser
import SwiftSyntax

/// Something `adopt` left that will not compile against RxKit.
public struct Blocker: Codable, Sendable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// `rxmigrate adopt`: RxSwift's modules become RxKit's in the imports.
public enum Adopter {
    /// Module renames: RxSwift, RxRelay and RxCocoa are all in RxKit; RxTest and RxBlocking have RxKitTest and
    /// RxKitBlocking (each a product of ReactiveBridge, checked against its Package.swift by the tests).
    public static let moduleMap: [String: String] = [
        "RxSwift": "RxKit", "RxRelay": "RxKit", "RxCocoa": "RxKit", "RxTest": "RxKitTest", "RxBlocking": "RxKitBlocking",
    ]

    public struct Result: Sendable {
        public var text: String
        public var blockers: [Blocker]
        public var changed: Bool
    }

    /// The file with its Rx imports switched to RxKit (each module imported once), and what will still not compile.
    /// `reactiveExtensions`: members declared in `extension Reactive` in the project (its own `rx.` bindings).
    public static func adopt(_ text: String, tree: SourceFileSyntax, path: String, reactiveExtensions: Set<String> = []) -> Result {
        var edits = TextEdits()
        var imported = Set<String>()
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        var importsUIKit = false
        for item in tree.statements {
            guard let decl = item.item.as(ImportDeclSyntax.self), let first = decl.path.first else { continue }
            let module = first.name.text
            if ["UIKit", "AppKit", "RxCocoa"].contains(module) { importsUIKit = true }
            let target = moduleMap[module] ?? module
            let plain = decl.path.count == 1 && decl.importKindSpecifier == nil && decl.attributes.isEmpty
            if plain && imported.contains(target) && (moduleMap[module] != nil || target.hasPrefix("RxKit")) {
                // A second import of the same module: drop its line.
                let bytes = Array(text.utf8)
                var start = item.positionAfterSkippingLeadingTrivia.utf8Offset
                while start > 0 && (bytes[start - 1] == 32 || bytes[start - 1] == 9) { start -= 1 }
                var end = item.endPositionBeforeTrailingTrivia.utf8Offset
                while end < bytes.count && bytes[end] != 10 { end += 1 }
                if end < bytes.count { end += 1 }
                edits.replace(start, end, with: "")
                continue
            }
            if plain { imported.insert(target) }
            if target != module { edits.replace(first.name, with: target) }
        }
        let finder = BlockerFinder(converter: converter, path: path, importsUIKit: importsUIKit, reactiveExtensions: reactiveExtensions)
        finder.walk(tree)
        let newText = edits.apply(to: text)
        return Result(text: newText, blockers: finder.blockers, changed: newText != text)
    }

    /// Members declared in `extension Reactive` (the project's own `rx.` bindings, which keep compiling).
    public static func reactiveExtensionMembers(in tree: SourceFileSyntax) -> Set<String> {
        var names = Set<String>()
        for item in tree.statements {
            guard let ext = item.item.as(ExtensionDeclSyntax.self), ext.extendedType.trimmedDescription.hasPrefix("Reactive") else { continue }
            for member in ext.memberBlock.members {
                if let variable = member.decl.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { names.insert(name) }
                    }
                } else if let function = member.decl.as(FunctionDeclSyntax.self) {
                    names.insert(function.name.text)
                }
            }
        }
        return names
    }
}

/// Finds RxCocoa's UIKit `rx.` bindings, which RxKit does not have.
private final class BlockerFinder: SyntaxVisitor {
    let converter: SourceLocationConverter
    let path: String
    let importsUIKit: Bool
    let reactiveExtensions: Set<String>
    var blockers: [Blocker] = []

    init(converter: SourceLocationConverter, path: String, importsUIKit: Bool, reactiveExtensions: Set<String>) {
        self.converter = converter
        self.path = path
        self.importsUIKit = importsUIKit
        self.reactiveExtensions = reactiveExtensions
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName.text
        if importsUIKit, name == "rx", node.base != nil, let next = node.parent?.as(MemberAccessExprSyntax.self) {
            let member = next.declName.baseName.text
            if !reactiveExtensions.contains(member) {
                add(next.declName.baseName, "rx.\(member) is an RxCocoa UIKit binding; RxKit has no UIKit bindings: keep RxCocoa for this view or bind with subscribe/drive")
            }
        }
        return .visitChildren
    }

    private func add(_ token: TokenSyntax, _ message: String) {
        let location = token.startLocation(converter: converter)
        blockers.append(Blocker(file: path, line: location.line, column: location.column, message: message))
    }
}
